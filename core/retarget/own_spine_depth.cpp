#include "retarget/own_spine_depth.h"

#include <algorithm>

#include "field/auto_head.h"
#include "motion/body_layout.h"
#include "skeleton/detached_trees.h"
#include "skeleton/skeleton_graph.h"
#include "skin/bone_visibility.h"

namespace rw {

namespace {

/// The joints on the tree path from `a` to `b`, both included (empty in two trees).
std::vector<int> treePath(const Skeleton& skeleton, int a, int b) {
  const int meet = skeleton.commonAncestor(a, b);
  if (meet < 0) return {};
  std::vector<int> path;
  for (int j = a; j != meet; j = skeleton.joints[j].parent) path.push_back(j);
  path.push_back(meet);
  std::vector<int> down;
  for (int j = b; j != meet; j = skeleton.joints[j].parent) down.push_back(j);
  path.insert(path.end(), down.rbegin(), down.rend());
  return path;
}

/// The side the limbs hang to, across the trunk running `along`: the mean of the four limbs'
/// unit directions (upper joint to end) without their part along the trunk.
Eigen::Vector3d limbSide(const BodyLayout& layout, const std::vector<Transform>& rest,
                         const Eigen::Vector3d& along) {
  Eigen::Vector3d side = Eigen::Vector3d::Zero();
  for (const auto* limbs : {&layout.legs, &layout.arms})
    for (const BodyLimb& limb : *limbs) {
      const Eigen::Vector3d d =
          (rest[limb.end].translation() - rest[limb.upper].translation()).normalized();
      if (d.allFinite()) side += d - d.dot(along) * along;
    }
  return side / 4.0;
}

/// The neck's depths (OwnSpineDepth::neck): every joint from the chest (exclusive) to the head
/// joint, placed along the neck by length along the bones, the head bone's counted beyond it
/// (the head reaches on to the top the user clicks); first the chest at `chestDepth`, the
/// spine's there. None when the neck is too short to have depths of its own (minNeckFraction).
std::vector<SpineDepthSample> neckDepths(const Skeleton& skeleton, const BodyLayout& layout,
                                         const std::vector<Transform>& rest,
                                         const Eigen::Vector3d& chest, const SegmentOcclusion& rays,
                                         const Eigen::Vector3d& back, double chestDepth,
                                         const OwnSpineDepthParams& params) {
  if (layout.neck.empty()) return {};
  std::vector<double> at;
  double chain = 0.0;
  Eigen::Vector3d previous = chest;
  for (int j : layout.neck) {
    chain += (rest[j].translation() - previous).norm();
    at.push_back(chain);
    previous = rest[j].translation();
  }
  const BoneShape head = skeleton.boneShapes()[layout.neck.back()];
  const double total = chain + (head.tail - head.head).norm();
  if (!(total > 0.0) || chain < params.minNeckFraction * total) return {};
  std::vector<SpineDepthSample> neck{{0.0, chestDepth}};
  for (std::size_t k = 0; k < layout.neck.size(); ++k) {
    const Eigen::Vector3d p = rest[layout.neck[k]].translation();
    const std::optional<double> toBack = rays.hitDistance(p, back);
    const std::optional<double> toBelly = rays.hitDistance(p, -back);
    if (!toBack || !toBelly || !(*toBack + *toBelly > 0.0)) continue;
    neck.push_back({at[k] / total,
                    std::clamp(*toBelly / (*toBack + *toBelly), params.edge, 1.0 - params.edge)});
  }
  return neck.size() > 1 ? neck : std::vector<SpineDepthSample>{};
}

/// Where each joint stands for the trunk's measure: a control joint connecting deform joints
/// stands where it does in the skeleton's graph (skeleton_graph.h: connectorPosition). Bound
/// where it is, a root on the floor that the shoulders, spine and neck hang from ran the trunk
/// from the hips down to the floor, and the rig had no back to measure.
std::vector<Eigen::Vector3d> trunkPositions(const Skeleton& skeleton,
                                            const std::vector<Transform>& rest) {
  std::vector<Eigen::Vector3d> at;
  for (const Transform& t : rest) at.push_back(t.translation());
  std::vector<Eigen::Vector3d> moved = at;
  for (int j = 0; j < skeleton.size(); ++j) {
    if (skeleton.joints[j].deform) continue;
    std::vector<Eigen::Vector3d> around;
    const int parent = skeleton.joints[j].parent;
    if (parent >= 0 && skeleton.joints[parent].deform) around.push_back(at[parent]);
    for (int k : skeleton.children(j))
      if (skeleton.joints[k].deform) around.push_back(at[k]);
    moved[j] = connectorPosition(at[j], around);
  }
  return moved;
}

}  // namespace

std::optional<OwnSpineDepth> ownSpineDepth(const Character& rig,
                                           const OwnSpineDepthParams& params) {
  const Mesh& mesh = rig.mesh;
  // Limbs exported as roots of their own branch off the trunk only once joined to it.
  const Skeleton skeleton = withDetachedTreesJoined(rig.skeleton);
  if (mesh.positions.empty() || mesh.triangles.empty() || skeleton.empty()) return std::nullopt;
  const BodyLayout layout = analyzeBodyLayout(skeleton);
  for (const auto* limbs : {&layout.legs, &layout.arms})
    for (const BodyLimb& limb : *limbs)
      if (!limb.valid()) return std::nullopt;
  // The trunk: the tree path from where the hind limbs branch to where the fore limbs do.
  const int hips = skeleton.commonAncestor(layout.legs[0].upper, layout.legs[1].upper);
  const int chest = skeleton.commonAncestor(layout.arms[0].upper, layout.arms[1].upper);
  if (hips < 0 || chest < 0 || hips == chest) return std::nullopt;
  const std::vector<Transform> rest = skeleton.restGlobals();
  const std::vector<Eigen::Vector3d> at = trunkPositions(skeleton, rest);
  const Eigen::Vector3d trunk = at[chest] - at[hips];
  const Eigen::Vector3d along = trunk.normalized();
  if (!along.allFinite()) return std::nullopt;
  const Eigen::Vector3d side = limbSide(layout, rest, along);
  if (side.norm() < params.minLimbSide) return std::nullopt;
  const Eigen::Vector3d back = -side.normalized();

  const SegmentOcclusion rays(mesh.positions, mesh.triangles);
  OwnSpineDepth own;
  for (int j : treePath(skeleton, hips, chest)) {
    if (!skeleton.joints[j].deform) continue;
    const Eigen::Vector3d p = at[j];
    const std::optional<double> toBack = rays.hitDistance(p, back);
    const std::optional<double> toBelly = rays.hitDistance(p, -back);
    if (!toBack || !toBelly || !(*toBack + *toBelly > 0.0)) continue;
    const double depth =
        std::clamp(*toBelly / (*toBack + *toBelly), params.edge, 1.0 - params.edge);
    const double along = std::clamp((p - at[hips]).dot(trunk) / trunk.squaredNorm(), 0.0, 1.0);
    own.profile.push_back({along, depth});
  }
  if (own.profile.empty()) return std::nullopt;
  std::sort(own.profile.begin(), own.profile.end(),
            [](const SpineDepthSample& a, const SpineDepthSample& b) { return a.along < b.along; });
  // From the chest, at the spine's depth there (the foremost sample's).
  own.neck = neckDepths(skeleton, layout, rest, at[chest], rays, back, own.profile.back().fromBelly,
                        params);
  std::vector<double> depths;
  for (const SpineDepthSample& s : own.profile) depths.push_back(s.fromBelly);
  const auto middle = depths.begin() + std::ptrdiff_t(depths.size() / 2);
  std::nth_element(depths.begin(), middle, depths.end());
  own.median = *middle;
  return own;
}

std::optional<double> ownHeadReach(const Character& rig, int headJoint) {
  if (headJoint < 0 || headJoint >= rig.skeleton.size() || rig.mesh.triangles.empty())
    return std::nullopt;
  const Expected<AutoHead> head = findHeadVertex(rig.mesh);
  if (!head.ok() || head->vertex < 0) return std::nullopt;
  return (rig.mesh.positions[head->vertex] - rig.skeleton.restGlobals()[headJoint].translation())
      .norm();
}

}  // namespace rw

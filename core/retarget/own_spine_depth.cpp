#include "retarget/own_spine_depth.h"

#include <algorithm>

#include "motion/body_layout.h"
#include "skin/bone_visibility.h"

namespace rw {

namespace {

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

}  // namespace

std::optional<double> ownSpineDepth(const Character& rig, const OwnSpineDepthParams& params) {
  const Mesh& mesh = rig.mesh;
  if (mesh.positions.empty() || mesh.triangles.empty() || rig.skeleton.empty()) return std::nullopt;
  const BodyLayout layout = analyzeBodyLayout(rig.skeleton);
  for (const auto* limbs : {&layout.legs, &layout.arms})
    for (const BodyLimb& limb : *limbs)
      if (!limb.valid()) return std::nullopt;
  if (layout.root < 0 || layout.chest < 0 || layout.chest == layout.root) return std::nullopt;
  const std::vector<Transform> rest = rig.skeleton.restGlobals();
  const Eigen::Vector3d along =
      (rest[layout.chest].translation() - rest[layout.root].translation()).normalized();
  if (!along.allFinite()) return std::nullopt;
  const Eigen::Vector3d side = limbSide(layout, rest, along);
  if (side.norm() < params.minLimbSide) return std::nullopt;
  const Eigen::Vector3d back = -side.normalized();

  const SegmentOcclusion rays(mesh.positions, mesh.triangles);
  std::vector<int> joints = layout.spine;
  joints.push_back(layout.root);
  std::vector<double> depths;
  for (int j : joints) {
    if (!rig.skeleton.joints[j].deform) continue;
    const Eigen::Vector3d p = rest[j].translation();
    const std::optional<double> toBack = rays.hitDistance(p, back);
    const std::optional<double> toBelly = rays.hitDistance(p, -back);
    if (!toBack || !toBelly || !(*toBack + *toBelly > 0.0)) continue;
    depths.push_back(*toBelly / (*toBack + *toBelly));
  }
  if (depths.empty()) return std::nullopt;
  const auto middle = depths.begin() + std::ptrdiff_t(depths.size() / 2);
  std::nth_element(depths.begin(), middle, depths.end());
  return std::clamp(*middle, params.edge, 1.0 - params.edge);
}

}  // namespace rw

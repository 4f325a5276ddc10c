#include "skeleton/leaf_tails.h"

#include <algorithm>

namespace rw {

namespace {

int deformChildCount(const Skeleton& skeleton, int joint) {
  const std::vector<int> kids = skeleton.children(joint);
  return int(
      std::count_if(kids.begin(), kids.end(), [&](int c) { return skeleton.joints[c].deform; }));
}

/// The far end of the part the skin gives `joint`, on the line from the joint through the
/// part's weighted centroid (leafTailFromSkin's rule, whatever the joint's children).
std::optional<Eigen::Vector3d> partFarEnd(const Character& character, int joint,
                                          const LeafTailParams& params) {
  const Skeleton& skeleton = character.skeleton;
  const SkinWeights& skin = character.skin;
  if (!skeleton.joints[joint].deform || skeleton.joints[joint].tail ||
      skin.vertexCount() != int(character.mesh.source.positions.size()))
    return std::nullopt;
  std::vector<Eigen::Vector3d> part;
  Eigen::Vector3d weightedSum = Eigen::Vector3d::Zero();
  double weight = 0.0;
  for (int v = 0; v < skin.vertexCount(); ++v)
    for (const Influence& i : skin.perVertex[v])
      if (i.joint == joint && i.weight >= params.partWeight) {
        part.push_back(character.mesh.source.positions[v]);
        weightedSum += i.weight * part.back();
        weight += i.weight;
      }
  if (int(part.size()) < params.minPartVertices || !(weight > 0.0)) return std::nullopt;
  const Eigen::Vector3d head = skeleton.restGlobals()[joint].translation();
  double reach = 0.0;
  for (const Eigen::Vector3d& p : part) reach = std::max(reach, (p - head).norm());
  const Eigen::Vector3d offset = weightedSum / weight - head;
  if (!(reach > 0.0) || offset.norm() < params.minCentroidOffset * reach) return std::nullopt;
  const Eigen::Vector3d direction = offset.normalized();
  double length = 0.0;
  for (const Eigen::Vector3d& p : part) length = std::max(length, (p - head).dot(direction));
  return head + length * direction;
}

}  // namespace

std::optional<Eigen::Vector3d> leafTailFromSkin(const Character& character, int joint,
                                                const LeafTailParams& params) {
  if (joint < 0 || joint >= character.skeleton.size() ||
      deformChildCount(character.skeleton, joint) > 0)
    return std::nullopt;
  return partFarEnd(character, joint, params);
}

std::optional<Eigen::Vector3d> headTailFromSkin(const Character& character, int joint,
                                                const LeafTailParams& params) {
  if (joint < 0 || joint >= character.skeleton.size() ||
      deformChildCount(character.skeleton, joint) == 1)
    return std::nullopt;
  return partFarEnd(character, joint, params);
}

std::vector<int> setTurnedBackLeafTails(Skeleton& skeleton, const LeafTailParams& params) {
  const std::vector<Transform> globals = skeleton.restGlobals();
  const std::vector<BoneShape> shapes = skeleton.boneShapes();
  std::vector<int> changed;
  for (int j = 0; j < skeleton.size(); ++j) {
    const int parent = skeleton.joints[j].parent;
    if (parent < 0 || !skeleton.joints[j].deform || skeleton.joints[j].tail ||
        deformChildCount(skeleton, j) > 0)
      continue;
    const Eigen::Vector3d head = globals[j].translation();
    const Eigen::Vector3d along = head - globals[parent].translation();
    const Eigen::Vector3d out = shapes[j].tail - head;
    if (!(along.norm() > 0.0) || !(out.norm() > 0.0) ||
        along.normalized().dot(out.normalized()) >= params.turnBackCosine)
      continue;
    skeleton.joints[j].tail = head + 0.5 * along;
    changed.push_back(j);
  }
  return changed;
}

bool setHeadTailFromSkin(Character& character, int headJoint, const LeafTailParams& params) {
  const std::optional<Eigen::Vector3d> tail = headTailFromSkin(character, headJoint, params);
  if (tail) character.skeleton.joints[headJoint].tail = *tail;
  return tail.has_value();
}

}  // namespace rw

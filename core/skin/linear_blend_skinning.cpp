#include "skin/linear_blend_skinning.h"

namespace rw {

std::vector<Transform> skinningMatrices(const Skeleton& skeleton,
                                        const std::vector<Transform>& globals) {
  const std::vector<Transform> rest = skeleton.restGlobals();
  std::vector<Transform> m(rest.size());
  for (std::size_t j = 0; j < rest.size(); ++j) m[j] = globals[j] * rest[j].inverse();
  return m;
}

std::vector<Eigen::Vector3d> skinLinearBlend(const Character& character,
                                             const std::vector<Transform>& globals) {
  const std::vector<Transform> m = skinningMatrices(character.skeleton, globals);
  const auto& positions = character.mesh.source.positions;
  std::vector<Eigen::Vector3d> out(positions);
  const auto& weights = character.skin.perVertex;
  for (std::size_t v = 0; v < positions.size() && v < weights.size(); ++v) {
    if (weights[v].empty()) continue;
    Eigen::Vector3d sum = Eigen::Vector3d::Zero();
    for (const Influence& i : weights[v]) sum += i.weight * (m[i.joint] * positions[v]);
    out[v] = sum;
  }
  return out;
}

}  // namespace rw

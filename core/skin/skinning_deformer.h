#pragma once
// Skinned deformation of every source vertex, multi-threaded (TBB):
//   * linear blend skinning, v' = Σ w_j M_j v (M_j = global_j · inverse(restGlobal_j));
//   * dual-quaternion skinning (Kavan et al. 2008, "Geometric Skinning with Approximate Dual
//     Quaternion Blending"): the M_j as unit dual quaternions, blended with signs aligned to the
//     strongest influence (shortest path), normalized, applied. No candy-wrapper collapse and
//     less volume loss at bent joints than LBS. Scale in M_j is ignored by DQS (rigid motions).
// The rest pose reproduces the mesh exactly with both (identity matrices change nothing).
#include <Eigen/Core>
#include <vector>

#include "character.h"

namespace rw {

enum class SkinningMethod { LinearBlend, DualQuaternion };

const char* toString(SkinningMethod method);

/// `positions` deformed by `skinMatrices` (one per joint, skinningMatrices()) with `weights`
/// (per position, normalized). Vertices with no influence, or influences on joints out of
/// range, keep their position for those influences.
std::vector<Eigen::Vector3d> deformVertices(const std::vector<Eigen::Vector3d>& positions,
                                            const SkinWeights& weights,
                                            const std::vector<Transform>& skinMatrices,
                                            SkinningMethod method);

/// The character's source vertices in the pose `globals` (one global transform per joint).
std::vector<Eigen::Vector3d> skinCharacter(const Character& character,
                                           const std::vector<Transform>& globals,
                                           SkinningMethod method);

}  // namespace rw

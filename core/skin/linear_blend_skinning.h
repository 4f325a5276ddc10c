#pragma once
// Linear blend skinning of the source vertices (reference implementation; the multi-threaded
// LBS/DQS deformer of the skinning stage replaces it for speed).
#include <Eigen/Core>
#include <vector>

#include "character.h"

namespace rw {

/// Skinning matrices global_j · inverse(restGlobal_j) for a pose given as global transforms.
std::vector<Transform> skinningMatrices(const Skeleton& skeleton,
                                        const std::vector<Transform>& globals);

/// Source vertices of `character` deformed by the pose `globals` (one global transform per
/// joint). Vertices with no influence stay where they are.
std::vector<Eigen::Vector3d> skinLinearBlend(const Character& character,
                                             const std::vector<Transform>& globals);

}  // namespace rw

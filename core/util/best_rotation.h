#pragma once
// The rotation that best turns one set of directions onto another (Kabsch's least squares, about
// the origin: directions have no centroid to remove).
#include <optional>
#include <vector>

#include <Eigen/Core>

namespace rw {

/// The proper rotation R minimising sum |R from[k] - to[k]|^2 (weights in the vectors' lengths);
/// nullopt when the pairs do not fix it (fewer than two independent directions: a rotation about
/// the single direction would be free) or the input is not finite.
std::optional<Eigen::Matrix3d> bestRotation(const std::vector<Eigen::Vector3d>& from,
                                            const std::vector<Eigen::Vector3d>& to);

}  // namespace rw

#include "util/best_rotation.h"

#include <Eigen/LU>
#include <Eigen/SVD>

namespace rw {

std::optional<Eigen::Matrix3d> bestRotation(const std::vector<Eigen::Vector3d>& from,
                                            const std::vector<Eigen::Vector3d>& to) {
  Eigen::Matrix3d cross = Eigen::Matrix3d::Zero();
  for (std::size_t k = 0; k < from.size() && k < to.size(); ++k)
    cross += from[k] * to[k].transpose();
  if (!cross.allFinite()) return std::nullopt;
  const Eigen::JacobiSVD<Eigen::Matrix3d> svd(cross, Eigen::ComputeFullU | Eigen::ComputeFullV);
  // Relative to the largest: the second direction must be more than numerical noise.
  const Eigen::Vector3d sigma = svd.singularValues();
  if (!(sigma(0) > 0.0) || sigma(1) <= 1e-9 * sigma(0)) return std::nullopt;
  Eigen::Matrix3d flip = Eigen::Matrix3d::Identity();
  flip(2, 2) = (svd.matrixV() * svd.matrixU().transpose()).determinant() < 0.0 ? -1.0 : 1.0;
  return Eigen::Matrix3d(svd.matrixV() * flip * svd.matrixU().transpose());
}

}  // namespace rw

#include "skin/pivot_parts.h"

#include <Eigen/Dense>
#include <cmath>
#include <limits>

namespace rw {
namespace {

struct Sphere {
  Eigen::Vector3d centre = Eigen::Vector3d::Zero();
  double radius = 0.0;
  double meanResidual = std::numeric_limits<double>::infinity();
};

/// Least-squares sphere through the points: |x|² = 2 c·x + (r² − |c|²) is linear in c and
/// r² − |c|² (the algebraic fit; for points spread over a cap or a whole ball it is as good
/// as the geometric one).
Sphere fitSphere(const std::vector<int>& vertices, const std::vector<Eigen::Vector3d>& positions) {
  Sphere s;
  const Eigen::Index n = Eigen::Index(vertices.size());
  Eigen::MatrixXd A(n, 4);
  Eigen::VectorXd b(n);
  for (Eigen::Index i = 0; i < n; ++i) {
    const Eigen::Vector3d& x = positions[vertices[i]];
    A.row(i) << 2.0 * x.x(), 2.0 * x.y(), 2.0 * x.z(), 1.0;
    b[i] = x.squaredNorm();
  }
  const Eigen::Vector4d solution = A.colPivHouseholderQr().solve(b);
  s.centre = solution.head<3>();
  const double r2 = solution[3] + s.centre.squaredNorm();
  if (!(r2 > 0.0) || !std::isfinite(r2)) return s;
  s.radius = std::sqrt(r2);
  double sum = 0.0;
  for (int v : vertices) sum += std::abs((positions[v] - s.centre).norm() - s.radius);
  s.meanResidual = sum / double(n);
  return s;
}

}  // namespace

std::vector<int> pivotOfRoundParts(const MeshParts& parts,
                                   const std::vector<Eigen::Vector3d>& positions,
                                   const std::vector<Eigen::Vector3d>& pivots, double size,
                                   const PivotPartParams& params) {
  std::vector<int> pivotOf(parts.vertices.size(), -1);
  for (std::size_t p = 0; p < parts.vertices.size(); ++p) {
    const std::vector<int>& vertices = parts.vertices[p];
    if (int(vertices.size()) < params.minVertices) continue;
    const Sphere s = fitSphere(vertices, positions);
    if (!(s.radius > 0.0) || s.radius > params.maxRadiusFraction * size ||
        s.meanResidual > params.maxSphereResidual * s.radius)
      continue;
    double best = params.maxPivotOffset * s.radius;
    for (std::size_t j = 0; j < pivots.size(); ++j) {
      const double d = (pivots[j] - s.centre).norm();
      if (d <= best) {
        best = d;
        pivotOf[p] = int(j);
      }
    }
  }
  return pivotOf;
}

}  // namespace rw

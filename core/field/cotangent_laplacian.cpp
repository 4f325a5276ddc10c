#include "field/cotangent_laplacian.h"

#include <algorithm>

namespace rw {

Eigen::SparseMatrix<double> cotangentWeights(const SurfaceDomain& d,
                                             const std::vector<Eigen::Vector3d>& p,
                                             const LaplacianParams& params) {
  std::vector<Eigen::Triplet<double>> triplets;
  triplets.reserve(d.triangles.size() * 6 + d.bridges.size() * 2);
  for (const Eigen::Vector3i& t : d.triangles)
    for (int c = 0; c < 3; ++c) {
      // The angle at corner c is opposite edge (c+1, c+2).
      const int i = t[(c + 1) % 3], j = t[(c + 2) % 3];
      const Eigen::Vector3d u = p[i] - p[t[c]], v = p[j] - p[t[c]];
      const double sine = u.cross(v).norm();
      const double cotangent = sine > 1e-300 ? u.dot(v) / sine : 0.0;
      const double w = 0.5 * cotangent;
      triplets.emplace_back(i, j, w);
      triplets.emplace_back(j, i, w);
    }
  Eigen::SparseMatrix<double> W(d.vertexCount, d.vertexCount);
  W.setFromTriplets(triplets.begin(), triplets.end());
  for (int k = 0; k < W.outerSize(); ++k)
    for (Eigen::SparseMatrix<double>::InnerIterator it(W, k); it; ++it)
      it.valueRef() = std::max(it.value(), params.minWeight);
  triplets.clear();
  for (const auto& b : d.bridges) {
    triplets.emplace_back(b[0], b[1], params.bridgeWeight);
    triplets.emplace_back(b[1], b[0], params.bridgeWeight);
  }
  Eigen::SparseMatrix<double> B(d.vertexCount, d.vertexCount);
  B.setFromTriplets(triplets.begin(), triplets.end());
  return W + B;
}

}  // namespace rw

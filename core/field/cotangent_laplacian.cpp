#include "field/cotangent_laplacian.h"

#include <algorithm>

namespace rw {

Eigen::SparseMatrix<double> cotangentWeights(int vertexCount,
                                             const std::vector<Eigen::Vector3i>& triangles,
                                             const std::vector<Eigen::Vector3d>& p,
                                             double minWeight) {
  std::vector<Eigen::Triplet<double>> triplets;
  triplets.reserve(triangles.size() * 6);
  for (const Eigen::Vector3i& t : triangles)
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
  Eigen::SparseMatrix<double> W(vertexCount, vertexCount);
  W.setFromTriplets(triplets.begin(), triplets.end());
  for (int k = 0; k < W.outerSize(); ++k)
    for (Eigen::SparseMatrix<double>::InnerIterator it(W, k); it; ++it)
      it.valueRef() = std::max(it.value(), minWeight);
  return W;
}

Eigen::SparseMatrix<double> cotangentWeights(const SurfaceDomain& d,
                                             const std::vector<Eigen::Vector3d>& p,
                                             const LaplacianParams& params) {
  const Eigen::SparseMatrix<double> W =
      cotangentWeights(d.vertexCount, d.triangles, p, params.minWeight);
  std::vector<Eigen::Triplet<double>> triplets;
  for (const auto& b : d.bridges) {
    triplets.emplace_back(b[0], b[1], params.bridgeWeight);
    triplets.emplace_back(b[1], b[0], params.bridgeWeight);
  }
  Eigen::SparseMatrix<double> B(d.vertexCount, d.vertexCount);
  B.setFromTriplets(triplets.begin(), triplets.end());
  return W + B;
}

std::vector<double> mixedVoronoiAreas(int vertexCount,
                                      const std::vector<Eigen::Vector3i>& triangles,
                                      const std::vector<Eigen::Vector3d>& p) {
  std::vector<double> area(vertexCount, 0.0);
  for (const Eigen::Vector3i& t : triangles) {
    const Eigen::Vector3d& a = p[t[0]];
    const Eigen::Vector3d& b = p[t[1]];
    const Eigen::Vector3d& c = p[t[2]];
    const double twiceArea = (b - a).cross(c - a).norm();
    if (!(twiceArea > 1e-300)) continue;
    const double triangleArea = 0.5 * twiceArea;
    const Eigen::Vector3d corner[3] = {a, b, c};
    int obtuse = -1;
    for (int k = 0; k < 3; ++k)
      if ((corner[(k + 1) % 3] - corner[k]).dot(corner[(k + 2) % 3] - corner[k]) < 0) obtuse = k;
    if (obtuse >= 0) {
      for (int k = 0; k < 3; ++k) area[t[k]] += k == obtuse ? triangleArea / 2 : triangleArea / 4;
      continue;
    }
    // Voronoi: vertex k gets (|e_kj|² cot(angle at l) + |e_kl|² cot(angle at j)) / 8.
    for (int k = 0; k < 3; ++k) {
      const int j = (k + 1) % 3, l = (k + 2) % 3;
      auto cotAt = [&](int m) {
        const Eigen::Vector3d u = corner[(m + 1) % 3] - corner[m],
                              v = corner[(m + 2) % 3] - corner[m];
        return u.dot(v) / u.cross(v).norm();
      };
      area[t[k]] += ((corner[j] - corner[k]).squaredNorm() * cotAt(l) +
                     (corner[l] - corner[k]).squaredNorm() * cotAt(j)) /
                    8.0;
    }
  }
  return area;
}

}  // namespace rw

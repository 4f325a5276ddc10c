#include "field/cotangent_laplacian.h"

#include <algorithm>

namespace rw {
namespace {

/// The cotangent of the angle at `corner` between the edges to `a` and `b` (0 when degenerate).
double cotangentAt(const Eigen::Vector3d& corner, const Eigen::Vector3d& a,
                   const Eigen::Vector3d& b) {
  const Eigen::Vector3d u = a - corner, v = b - corner;
  const double sine = u.cross(v).norm();
  return sine > 1e-300 ? u.dot(v) / sine : 0.0;
}

}  // namespace

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
      const double w = 0.5 * cotangentAt(p[t[c]], p[i], p[j]);
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

namespace {

/// The entry of edge (i, j) in row i of the domain's adjacency.
int adjacencySlot(const SurfaceDomain& d, int i, int j) {
  const int* first = d.adjacency.data() + d.adjacencyStart[i];
  const int* last = d.adjacency.data() + d.adjacencyStart[i + 1];
  return int(std::find(first, last, j) - d.adjacency.data());
}

}  // namespace

std::vector<double> adjacencyCotangentWeights(const SurfaceDomain& d,
                                              const LaplacianParams& params) {
  const std::vector<Eigen::Vector3d>& p = d.positions;
  std::vector<double> w(d.adjacency.size(), 0.0);
  std::vector<char> onTriangle(d.adjacency.size(), 0);
  for (const Eigen::Vector3i& t : d.triangles)
    for (int c = 0; c < 3; ++c) {
      const int i = t[(c + 1) % 3], j = t[(c + 2) % 3];
      const double half = 0.5 * cotangentAt(p[t[c]], p[i], p[j]);
      const int ij = adjacencySlot(d, i, j), ji = adjacencySlot(d, j, i);
      w[ij] += half, onTriangle[ij] = 1;
      if (ji != ij)
        w[ji] += half, onTriangle[ji] = 1;
      else
        w[ij] += half;  // an edge from a vertex to itself: both entries on the diagonal
    }
  for (std::size_t k = 0; k < w.size(); ++k)
    if (onTriangle[k]) w[k] = std::max(w[k], params.minWeight);
  std::vector<double> bridge(d.adjacency.size(), 0.0);
  for (const auto& b : d.bridges) {
    bridge[adjacencySlot(d, b[0], b[1])] += params.bridgeWeight;
    bridge[adjacencySlot(d, b[1], b[0])] += params.bridgeWeight;
  }
  for (std::size_t k = 0; k < w.size(); ++k)
    if (bridge[k] != 0.0) w[k] = onTriangle[k] ? w[k] + bridge[k] : bridge[k];
  return w;
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

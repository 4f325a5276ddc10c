#pragma once
#include <Eigen/Sparse>
#include <vector>

#include "field/surface_domain.h"

namespace rw {

struct LaplacianParams {
  /// Cotangent weights below this are raised to it. Obtuse triangles give negative weights, and
  /// with them the discrete maximum principle fails: the harmonic field could grow interior
  /// extrema, which would become false leaves of the Reeb graph. Positive weights keep every
  /// interior value a strict average of its neighbours.
  double minWeight = 1e-4;
  /// Weight of a bridge edge between separate parts (cotangent weights are dimensionless; 1 is
  /// an ordinary edge between two equilateral triangles' worth of coupling).
  double bridgeWeight = 1.0;

  bool operator==(const LaplacianParams&) const = default;
};

/// The domain's weights w_ij = (cot α + cot β) / 2 over the triangles sharing edge ij, clamped,
/// plus bridge edges, one per entry of its adjacency (domain.adjacency's layout: each edge in
/// both rows). The Laplacian is diag(W1) − W. Summed in triangle order, as a sparse matrix
/// assembled from the triangles' entries would be: the same numbers to the last bit, in the
/// adjacency's layout so that the Laplace system is assembled without a sort (0.04 s at 137K
/// triangles).
std::vector<double> adjacencyCotangentWeights(const SurfaceDomain& domain,
                                              const LaplacianParams& params = {});

/// The same over any triangle list (no bridges): w_ij = (cot α + cot β) / 2, raised to
/// `minWeight` (see LaplacianParams::minWeight). Vertices in no triangle get no entries.
Eigen::SparseMatrix<double> cotangentWeights(int vertexCount,
                                             const std::vector<Eigen::Vector3i>& triangles,
                                             const std::vector<Eigen::Vector3d>& positions,
                                             double minWeight);

/// Mixed Voronoi area of every vertex (Meyer et al. 2003, Fig. 4): the Voronoi region inside
/// non-obtuse triangles, half the area at an obtuse corner and a quarter at the other two.
/// The mass matrix M of the discrete Laplacian Δ = −M⁻¹ L. Vertices in no triangle get 0.
std::vector<double> mixedVoronoiAreas(int vertexCount,
                                      const std::vector<Eigen::Vector3i>& triangles,
                                      const std::vector<Eigen::Vector3d>& positions);

}  // namespace rw

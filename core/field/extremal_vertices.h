#pragma once
// The ends of the future skeleton: vertices where the geodesic distance from the head is locally
// maximal (Aujay 2007 §2.1.1), with the near-duplicate maxima of flat regions clustered away.
#include <vector>

#include "field/surface_domain.h"

namespace rw {

struct ExtremaParams {
  /// A local maximum is kept only if its persistence — how far the distance drops before its
  /// region meets a higher maximum's — is at least this fraction of the mesh size. This is the
  /// clustering Aujay asks for in flat regions (§2.1.1, §2.2) without a radius that would also
  /// merge fingertips: a fingertip persists by the finger's length (≈3% of a body's size), a
  /// bump on a flat chest by almost nothing.
  double minPersistenceFraction = 0.01;

  bool operator==(const ExtremaParams&) const = default;
};

struct ExtremalVertex {
  int vertex = -1;
  double distance = 0.0;     ///< geodesic distance from the head
  double persistence = 0.0;  ///< +infinity for the farthest vertex
};

/// Maxima of `distance` over the domain's active vertices, farthest first.
std::vector<ExtremalVertex> extremalVertices(const SurfaceDomain& domain,
                                             const std::vector<double>& distance, double meshSize,
                                             const ExtremaParams& params = {});

}  // namespace rw

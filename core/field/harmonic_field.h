#pragma once
// The harmonic field f of Aujay 2007 §2.1: Laplace's equation with cotangent weights, f = 0 at
// the head vertex and f = geodesic distance at each extremal vertex. Its only extrema are those
// vertices, so the leaves of its Reeb graph are exactly the chosen ends (no noise).
#include <string>
#include <vector>

#include "field/cotangent_laplacian.h"
#include "field/extremal_vertices.h"
#include "field/head_on_body.h"
#include "field/mirror_plane.h"
#include "field/surface_domain.h"
#include "util/expected.h"
#include "util/progress.h"

namespace rw {

struct FieldParams {
  SurfaceDomainParams domain;
  ExtremaParams extrema;
  LaplacianParams laplacian;
  /// A head picked on a loose accessory goes onto the body (head_on_body.h) ...
  HeadOnBodyParams headOnBody;
  /// ... and then onto the mesh's mirror plane (mirror_plane.h). Before both, a head picked off
  /// the midline of a four-legged body (a horn, a tusk) moves to the front of its end of the
  /// body (auto_head.h, headAtPickedEnd).
  MirrorPlaneParams headPlane;
  bool headAtBodyEnd = true;

  bool operator==(const FieldParams&) const = default;
};

struct HarmonicField {
  int head = -1;  ///< welded vertex, f = 0: the given one, or where it went on the body and plane
  /// Why the head moved off the picked vertex (to its body end's front, onto the body:
  /// auto_head.h, head_on_body.h); empty if it did not.
  std::string headNote;
  SurfaceDomain domain;
  std::vector<double> geodesic;         ///< Dijkstra distance from the head (per welded vertex)
  std::vector<ExtremalVertex> extrema;  ///< fixed values, farthest first
  std::vector<double> values;           ///< f per welded vertex (NaN where inactive)

  /// The total order that makes f Morse: by value, ties by vertex index (simulation of
  /// simplicity), so no two vertices compare equal.
  bool below(int a, int b) const { return values[a] != values[b] ? values[a] < values[b] : a < b; }
};

/// Computes the field on `mesh` from `headVertex` (welded index). One CHOLMOD factorization
/// (AMD ordering) and one solve. Errors: bad head vertex, no extremum found, cancelled.
Expected<HarmonicField> harmonicField(const Mesh& mesh, int headVertex,
                                      const FieldParams& params = {},
                                      const Progress* progress = nullptr);

}  // namespace rw

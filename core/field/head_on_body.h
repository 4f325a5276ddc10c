#pragma once
// The head node moved off a loose accessory onto the body.
//
// The field lives on the head's part; every other part hangs from it by welds along a seam or
// by one bridge edge at their closest points (surface_domain.h). A head picked on hair, a
// helmet or a head shell that only a bridge joins to the body therefore hangs the whole body
// from one edge: the field enters the body at a single point off its mirror plane, the arms
// split off at different values, and symmetry tagging and matching fail (a corpus human picked
// on the top of its hair lost an arm and landed 12.8 % of its height from the artist; picked on
// its body, 1.5 %). So a head whose part reaches no part spanning the body through triangles
// and seam welds moves to the nearest vertex of a part that does span it: the top of the neck
// under a head shell, the crown under a helmet. The accessory then joins the body as a leaf,
// like any prop. A head shell welded to its neck along a seam keeps the head where it was
// picked: the field flows through the whole seam.
#include <string>

#include "field/surface_domain.h"
#include "mesh/mesh.h"

namespace rw {

struct HeadOnBodyParams {
  bool enabled = true;
  /// A part whose bounding-box diagonal is at least this fraction of the mesh's spans the body
  /// (a body, a robe, a full-height half of a split mesh); smaller parts are accessories (hair,
  /// a helmet, a head shell: a fifth of the size on the corpus's humans).
  double bodyPartFraction = 0.5;
  bool operator==(const HeadOnBodyParams&) const = default;
};

struct HeadOnBody {
  int vertex = -1;   ///< welded vertex: the picked one, or the body's nearest to it
  std::string note;  ///< why it moved (empty when it did not)
};

/// `head` (a welded vertex), or the nearest vertex of a part spanning the body when the head's
/// piece of `domain` (built around `head`: triangles and seam welds, not bridges) holds none of
/// those parts. A mesh with no part that large keeps the head where it is.
HeadOnBody headOnBody(const Mesh& mesh, const SurfaceDomain& domain, int head,
                      const HeadOnBodyParams& params = {});

}  // namespace rw

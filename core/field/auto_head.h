#pragma once
// The head node found without help (`--mesh-head auto`).
//
// The highest point is the head only on a character standing upright: on a four-legged one it
// is a horn, an ear, a hump, a raised tail or the back (the corpus bear, bovids, tiger, pig). So
// the body's layout decides first. The mirror plane (mirror_plane.h; on a mesh whose sides are
// not exact mirrors, the best coarse one) gives the sideways axis, the other
// horizontal axis is the body's length. A body much taller than it is long stands upright and
// keeps the highest point. Otherwise its feet — the extremities on the floor — span the length,
// and the head is at one of the two free ends beyond them. It is the end that carries paired
// extremities off the mirror plane (ears, horns, tusks: a tail end has none but the hind legs,
// and those are feet), or, when neither or both do, the end whose midline profile rises higher
// (a neck lifts the head; a tail hangs or lies). The head node is the midline vertex farthest
// out on that end: the front of the head, where a user picks it.
#include <string>

#include "mesh/mesh.h"
#include "util/expected.h"

namespace rw {

struct AutoHeadParams {
  /// A body whose length (along the horizontal axis across its mirror plane's normal) is under
  /// this fraction of its height stands upright: its head is its highest point. Humans, arms
  /// out or down, measure 0.2; the corpus's four-legged animals 1.2–5.9, a young giraffe 0.7.
  double uprightLengthRatio = 0.5;
  /// A mesh whose sides are not exact mirrors (sculpted, scanned, sampled on a grid) takes the
  /// axis across which the most vertices have an image this close (fraction of the size): a
  /// T-posed body's span is otherwise taken for its length.
  double coarseMirrorTolerance = 0.02;
  /// Extremities this close to the lowest point (fraction of the height) stand on the floor.
  double footBand = 0.05;
  /// Two extremities are mirror images when the reflection of one is this close to the other
  /// (fraction of the size): generous, because a near-symmetric mesh's tips differ by a vertex.
  double pairTolerance = 0.02;
  /// Extremities farther than this from the mirror plane (fraction of the size) are on a side.
  double sideFraction = 0.02;
  /// Vertices this close to the mirror plane (fraction of the size) make the midline profile.
  double midlineFraction = 0.01;
  /// Persistence of the extremities (fraction of the size; extremal_vertices.h): ear tips count.
  double minPersistenceFraction = 0.01;
};

struct AutoHead {
  int vertex = -1;     ///< welded vertex
  std::string reason;  ///< one sentence for the report and the status bar
};

/// The head node of `mesh` (see above). Errors on a mesh with no triangles.
Expected<AutoHead> findHeadVertex(const Mesh& mesh, const AutoHeadParams& params = {});

/// The head node for a vertex picked on `mesh` off its midline: on a four-legged body, the
/// front of the end beyond the feet the pick is on (the node findHeadVertex gives that end),
/// with the reason; the pick itself (reason empty) on the midline, on an upright body or on one
/// without feet on the floor. A pick off the midline is on a paired extremity of the head — a
/// horn, a tusk, an ear — and where it projects onto the midline (mirror_plane.h) depends on how
/// that extremity points: a tusk's tip, forward and down, put the corpus elephants' head node
/// under the jaw and their hind legs on the tail.
AutoHead headAtPickedEnd(const Mesh& mesh, int picked, const AutoHeadParams& params = {});

}  // namespace rw

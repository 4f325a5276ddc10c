#pragma once
// The weight-paint brush (the workstation's weight painting, as Blender's Weight Paint mode and
// Maya's Paint Skin Weights tool): one dab of a round brush raises, lowers or blurs one joint's
// weight on the vertices under it, with a smooth falloff, and every touched vertex is made whole
// again (its other joints share what is left, in their proportions), so the skin never loses
// or gains weight. A stroke is a sequence of dabs.
#include <Eigen/Core>
#include <map>
#include <vector>

#include "mesh/mesh.h"
#include "skin/skin_weights.h"

namespace rw {

enum class BrushMode {
  Add,       ///< w ← w + s·f·(1 − w)
  Subtract,  ///< w ← w − s·f·w
  Smooth     ///< w ← w + s·f·(w̄ − w), w̄ the falloff-weighted mean of w under the brush
};

struct Brush {
  BrushMode mode = BrushMode::Add;
  double radius = 0.05;   ///< character units
  double strength = 0.5;  ///< s, 0..1 per dab
  /// Only vertices whose normal faces the eye (Blender's "Front Faces Only"): a stroke on the
  /// chest leaves the back alone. Needs `normals` and `towardsEye`.
  bool frontFacesOnly = true;
  /// Influences a vertex keeps after a dab (the engines' 4; 0: all).
  int maxInfluences = 4;
};

/// What one dab needs besides the brush: per source vertex its position and (for front faces
/// only) its unit normal; the direction from the dab towards the eye.
struct PaintSurface {
  const std::vector<Eigen::Vector3d>* positions = nullptr;
  const std::vector<Eigen::Vector3d>* normals = nullptr;  ///< may be null: no facing test
  Eigen::Vector3d towardsEye = Eigen::Vector3d::UnitZ();
};

/// Paints `joint` with one dab at `centre`; the falloff is (1 − (d/r)²)². A vertex that had only
/// `joint` and is lowered gives the rest to `fallbackJoint` (its parent, say; -1: it stays
/// whole on `joint`). Returns the source vertices whose weights changed.
std::vector<int> paintDab(SkinWeights& weights, const PaintSurface& surface, int joint,
                          int fallbackJoint, const Brush& brush, const Eigen::Vector3d& centre);

/// Weights painted by hand, per source vertex (its whole influence list): kept apart from the
/// automatic weights so that a re-skin (a moved joint, a γ change) keeps what the artist painted.
using PaintedWeights = std::map<int, std::vector<Influence>>;

/// Puts the painted vertices' weights over `weights` (vertices or joints out of range are
/// skipped: `jointCount` is the skeleton's size).
void applyPaintedWeights(SkinWeights& weights, const PaintedWeights& painted, int jointCount);

/// Area-weighted unit normals of `mesh`'s source vertices, computed on the welded surface so the
/// two sides of a UV seam face the same way, each connected part turned outwards.
std::vector<Eigen::Vector3d> sourceVertexNormals(const Mesh& mesh);

}  // namespace rw

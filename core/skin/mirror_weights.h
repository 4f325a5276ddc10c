#pragma once
// Mirrored skin weights on a symmetric character: a vertex and its mirror image get mirrored
// weights (left bone ↔ right bone), so a symmetric rig deforms symmetrically even where the
// solver (or a tie between equidistant bones) would break the symmetry by round-off.
#include <Eigen/Core>
#include <string>
#include <vector>

#include "skin/bone_segments.h"
#include "skin/skin_weights.h"

namespace rw {

/// Which side's weights a mirror keeps: both averaged (bone heat: the solver's round-off has no
/// side), or one side copied onto the other (an artist who painted one side).
enum class MirrorSource { Average, PositiveX, NegativeX };

struct MirrorParams {
  bool enabled = true;
  MirrorSource source = MirrorSource::Average;
  /// Two bones are mirrors when the reflected head and tail of one are this close (fraction
  /// of the mesh size) to the other's. Artists mirror bones exactly; a skeleton retargeted into
  /// a symmetric mesh places each side arc by arc, a shoulder up to about 1% of the size off
  /// its mirror, while the nearest other bone is several percent away. The pairing must still
  /// be one to one (an involution), so a looser tolerance cannot pair a bone with two.
  double boneTolerance = 0.02;
  /// Two vertices are mirrors when the reflection of one is this close (fraction of the mesh
  /// size) to the other: mirrored modelling gives exact pairs; 1e-4 is 100× the weld tolerance.
  double vertexTolerance = 1e-4;
  /// Weights are mirrored only when at least this fraction of the vertices has a mirror: a
  /// mesh that is not symmetric (a hand resting on a thigh) keeps its own weights elsewhere
  /// anyway, but a handful of accidental pairs says nothing.
  double minPairedFraction = 0.5;
};

struct MirrorReport {
  bool applied = false;
  double planeX = 0.0;     ///< the mirror plane x = planeX (character space: left = +X)
  int pairedVertices = 0;  ///< vertices with a mirror (themselves on the plane included)
  int pairedBones = 0;     ///< bones with a mirror other than themselves
  std::string reason;      ///< why mirroring was not applied
};

/// Mirrors `perVertex` (influences over segment indices, one list per vertex of `positions`)
/// in place across the plane x = c through the mesh's centre (its vertices' mean): w(v) ← ½ (w(v) +
/// σ w(v')), σ swapping mirrored bones, or w(v) ← σ w(v') on the side that is not `params.source`
/// (vertices on the plane are averaged either way). Needs every bone to have a mirror (itself
/// for central bones).
MirrorReport mirrorWeights(const std::vector<Eigen::Vector3d>& positions,
                           std::vector<std::vector<Influence>>& perVertex,
                           const std::vector<BoneSegment>& segments, double meshSize,
                           const MirrorParams& params = {});

/// mirrorWeights in two steps, for a caller that finds the pairs (the geometry alone) while
/// the weights are still being computed: the plane, every vertex's and bone's mirror (empty
/// when the character is not symmetric; `report` says why) ...
struct MirrorPairing {
  MirrorReport report;            ///< `applied` stays false until applyMirrorPairing
  std::vector<int> vertexMirror;  ///< per vertex, its mirror (-1: none)
  std::vector<int> boneMirror;    ///< per segment, its mirror (itself for central bones)
};
MirrorPairing pairMirrors(const std::vector<Eigen::Vector3d>& positions,
                          const std::vector<BoneSegment>& segments, double meshSize,
                          const MirrorParams& params = {});
/// ... then the mirrored weights (nothing when the pairing found the character not symmetric).
MirrorReport applyMirrorPairing(const MirrorPairing& pairing,
                                const std::vector<Eigen::Vector3d>& positions, MirrorSource source,
                                std::vector<std::vector<Influence>>& perVertex);

}  // namespace rw

#pragma once
// Skin weights by bone heat (Baran & Popović 2007, "Automatic Rigging and Animation of 3D
// Characters", §4): the weight of bone i is the equilibrium temperature of the surface when
// bone i is held at 1 and the others at 0,
//
//     (−Δ + H) wⁱ = H pⁱ,                                                       (§4, eq. 1)
//
// Δ the cotangent Laplacian with mixed Voronoi areas (Meyer et al. 2003), H_jj = k·c / d(j)² when
// the segment from vertex j to its nearest bone point stays inside the volume (0 otherwise; as
// in Pinocchio's and Blender's code, the nearest bone is the nearest *visible* one),
// pⁱ_j = 1/k when bone i is one of the k bones nearest to j. We multiply by the mass matrix M to
// get a symmetric positive definite system (L + M H) wⁱ = M H pⁱ, factor it once with CHOLMOD
// (AMD ordering) and back-substitute every deform bone as a right-hand side.
//
// Real meshes (docs/data.md) never make it fail, where Blender's version stops with "failed to find
// solution for one or more bones":
//   * it works on the welded mesh (duplicate vertices along UV seams are one vertex), and gives
//     each file vertex the weights of its welded vertex;
//   * each connected part is solved on its own (a loose part would make the system singular);
//   * a loose round part with a joint at its centre (an eyeball) is bound rigidly to that joint;
//   * a part from which no bone is visible (eyes, buttons, a creature's loose little pieces, a
//     shell outside the body) is attached rigidly to the bone(s) nearest to it, and reported;
//   * non-manifold edges and flipped normals need nothing: the Laplacian is built from
//     triangles, the visibility test does not care about orientation.
// What artists expect beyond §4 (issue 21; each a named field of BoneHeatParams, measured
// against two artists' weights in tests/io/bone_heat_real_models_test.cpp):
//   * a short bone that ends the skeleton (face bones, ears, a ponytail) heats only its own
//     neighbourhood, not the whole head it happens to be nearest to (terminalChainReach);
//   * a bone with several children (a pelvis, a hand, a head with face bones) heats from a
//     segment to each child too, so it owns the piece it spans (hubSpokes);
//   * skin whose own part holds no bone (a mitten's side fingers, a skirt's hem) is heated from
//     the bone along that part, not the one it sees through the part's root (boneless);
//   * a bone in front of a vertex's surface does not heat it (frontFacingCosine), and after the
//     solve a vertex keeps only bones near its strongest one in the hierarchy
//     (maxHopsFromDominant): touching parts do not exchange weights.
// Then the weights are normalized, mirrored on a symmetric character, pruned with a smooth ramp
// and limited to N influences (weight_limits.h).
#include <memory>
#include <string>
#include <vector>

#include "mesh/mesh.h"
#include "skeleton/skeleton.h"
#include "skin/boneless_parts.h"
#include "skin/mirror_weights.h"
#include "skin/pivot_parts.h"
#include "skin/skin_weights.h"
#include "skin/weight_islands.h"
#include "skin/weight_limits.h"
#include "util/expected.h"
#include "util/progress.h"

namespace rw {

struct BoneHeatParams {
  /// c of H_jj = c / d(j)². §4: c ≈ 0.22 matches heat diffusion through the volume; Pinocchio
  /// uses c = 1 (anisotropic diffusion, sharper and more natural transitions). A larger c keeps
  /// each bone's weight closer to its own nearest vertices, so blends narrow: precision rises
  /// and recall falls. Measured against the artists' weights on their own skeletons (the 44
  /// corpus characters, bench/corpus_skin.sh; medians c = 1 → 1.5 → 2): deformation over their
  /// walks mean 0.507 → 0.491 → 0.496 %, p95 2.38 → 2.26 → 2.23 % of the height, L1 0.540 →
  /// 0.514 → 0.501, animals' recall 0.773 → 0.755 → 0.742. 1.5 gains most of the deformation
  /// and keeps the animals' recall above 0.75.
  double heatConstant = 1.5;
  /// Bones within (1 + this) of the nearest distance are equidistant and share the vertex
  /// (p = 1/k, H = k c / d²). Pinocchio's 1.0001; also catches co-located bones (rigs have
  /// them).
  double equidistantTolerance = 1e-4;
  /// How many of a vertex's nearest bones are tried, nearest first, for the nearest visible one
  /// (Pinocchio tries all; beyond a few, a vertex that sees none is in a part no bone is in).
  int visibleSearch = 8;
  /// The visibility segment is shortened by this fraction of the mesh size at both ends, so the
  /// triangles around the vertex itself and a bone lying on the surface do not occlude it.
  double visibilityMargin = 1e-4;
  /// d(j) is at least this fraction of the mesh size: a vertex lying on a bone would make H
  /// infinite (the weight is 1 there anyway).
  double minDistanceFraction = 1e-4;
  /// Cotangent weights are raised to this (LaplacianParams::minWeight): obtuse triangles' negative
  /// weights would break the maximum principle and give weights outside [0, 1].
  double minCotangentWeight = 1e-4;
  /// Heat values below this are dropped right after the solve, keeping the per-vertex lists
  /// short for the finishing passes: the limits' prune (WeightLimits::pruneBelow, 0.05) cuts
  /// every weight under 50 times this anyway. 1e-6 kept 14 influences per vertex on the 41K
  /// benchmark character, 1e-3 keeps about 6.5 and makes bone heat 9 % faster; the weights
  /// kept move by the dropped remainder's renormalization (under 1 %).
  double solveDropBelow = 1e-3;
  /// Right-hand sides solved at once: bounds the dense n × bones memory (400K vertices × 60
  /// bones would be 190 MB) while keeping CHOLMOD's multi-RHS back-substitution efficient ...
  int rhsBlock = 16;
  /// ... and fewer on large parts, so that a block's dense memory (3 n × block doubles:
  /// the right-hand sides, CHOLMOD's permuted copy, the solution) stays within this: 16 up to
  /// 125K vertices, 7 at 274K, where 16 put the solve of a 548K-triangle character at the
  /// process's memory peak (536 MB with 16, 477 MB with 7 and L released once factored;
  /// the solve 0.04 s slower, the weights within 1e-15).
  double rhsBlockBytes = 48e6;
  /// A bone that ends the skeleton (a leaf, or a chain of single children down to one: an ear, a
  /// ponytail, a face bone, a finger) heats only the vertices within this many times its whole
  /// chain's length of it. Such bones are short and sit inside a larger part (a head, a hand) whose
  /// surface they are nearest to; artists give that part to the bone the chain hangs from and
  /// the short bone only its own neighbourhood; a quarter of the length is about the radius
  /// of a limb-like chain (a finger, a tail). 0: no limit (§4 as published).
  double terminalChainReach = 0.25;
  /// Only an end chain that branches off the side of its parent bone is limited: its first
  /// joint lies farther than this fraction of the parent's length from the parent's tail (face
  /// bones around the middle of a head bone, ears, fingers around a hand's end). A chain that
  /// continues its parent from the tail (a head on a neck) is the part there and keeps it all.
  double sideBranchOffset = 0.25;
  /// ... and only when its parent has at least this many end chains (a face rig's bones, ears
  /// and a mouth, a hand's fingers): a parent with one (a chest with the neck and head above
  /// it, arms branching further) is not a larger part the chain sits inside. Retargeted rigs
  /// have no explicit tails, so the offset alone would limit a biped's neck and head.
  int minEndChainSiblings = 2;
  /// A bone with several deform children (a pelvis, a hand, a head with face bones) also heats
  /// from a segment to each child's first joint: such a hub is one rigid piece spanning its
  /// children, while its own segment (to their mean, as files without tails give it) is short
  /// and leaves the pelvis, the palm or the skull to whichever child is nearest.
  bool hubSpokes = true;
  /// ... and from a segment between each pair of its children whose heads are as far from its
  /// head and whose bones are as long, within this fraction (two thighs, two clavicles): the
  /// skin between a pair (the crotch, the top of the chest) is the hub's, as artists paint
  /// it, not split between the two. Measured on artist rigs, humans: the deformation 2–4%
  /// closer to the artist's and the pelvis 92% the hips bone's (83% without). 0: none.
  double pairedChildTolerance = 0.1;
  /// A bone lying in front of a vertex's surface (within 60° of its outward normal: a cosine
  /// above 0.5) need not heat it even when the segment to it crosses no triangle: the vertex is
  /// on a part that touches or sinks into the part that bone is in (fingers resting in a thigh),
  /// where §4's visibility test, made for one closed volume, lets heat cross. Off by default (1):
  /// the test assumes bones inside the surface, and a retargeted bone that lands outside a
  /// low-poly limb then loses its own vertices (on the corpus a pig's hoof stayed behind and the
  /// ground offset went from 1.4% to 29.6% of height; on the artist rigs 0.5 gains only
  /// 0.01 in dominant-bone agreement). maxHopsFromDominant handles touching parts instead.
  double frontFacingCosine = 1.0;
  /// After the solve, a vertex keeps only the weights of bones at most this many parent/child
  /// links from its strongest bone (-1: all). Parts that touch exchange heat across the contact
  /// (legs pressed together, a hand on a thigh), and skinning then drags one with the other;
  /// an artist's blend spans a joint's neighbours only.
  int maxHopsFromDominant = 2;
  /// Tiny leaf bones without a tail get one this fraction of the mesh size long.
  double fallbackBoneFraction = 0.05;
  /// A leaf bone without a tail in the file (its direction and length a guess) is turned to
  /// its parent bone's direction and stretched along it to the surface, at most this many
  /// times the guessed length: a head bone then spans the head up to its top, a toe the toe.
  /// The cap keeps a bone whose ray leaves through a thin gap from reaching across the
  /// character. 1: neither turned nor stretched.
  double maxLeafStretch = 4.0;
  /// Skin whose own part holds no bone (a mitten's side fingers, a skirt's hem) is heated from
  /// the bone along that part, not from the one it sees through the part's root
  /// (skin/boneless_parts.h).
  BonelessPartParams boneless;
  /// Stray pieces of a bone's region (skin of one part nearest to a bone of the part resting
  /// in it) take the weights around them (skin/weight_islands.h).
  WeightIslandParams islands;
  /// Loose round parts with a joint at their centre (eyeballs) move rigidly with that joint's
  /// bone (skin/pivot_parts.h).
  PivotPartParams pivotParts;
  MirrorParams mirror;
  WeightLimitParams limits;
};

/// A part of the mesh that no bone could heat, and what was done with it.
struct LoosePart {
  int vertices = 0;         ///< welded vertices
  std::vector<int> joints;  ///< the joint(s) it was attached to, equally
  double distance = 0.0;    ///< from the part to those bones
  std::string reason;
};

struct BoneHeatReport {
  int deformBones = 0;
  int components = 0;        ///< connected parts of the welded mesh (isolated vertices excluded)
  int solvedComponents = 0;  ///< parts solved by heat diffusion
  int pivotParts = 0;        ///< round parts bound to the joint at their centre (eyeballs)
  int pivotVertices = 0;     ///< welded vertices in them
  int heatedVertices = 0;    ///< vertices with H > 0 (visible nearest bone)
  int bonelessVertices = 0;  ///< welded vertices heated from the bone along their boneless part
  int isolatedVertices = 0;  ///< welded vertices in no triangle (attached to the nearest bone)
  std::vector<LoosePart> looseParts;
  std::vector<std::string> unweightedBones;  ///< deform bones that got no weight anywhere
  WeightIslandReport islands;
  MirrorReport mirror;
  WeightLimitReport limits;
  /// Seconds per stage.
  double nearestSeconds = 0, visibilitySeconds = 0, factorSeconds = 0, solveSeconds = 0,
         finishSeconds = 0, totalSeconds = 0;
  std::vector<std::string> notes;  ///< one sentence per thing done that the user should know
};

struct BoneHeatResult {
  SkinWeights weights;  ///< per source vertex, joint indices of the skeleton
  BoneHeatReport report;
};

/// What bone heat needs of the surface alone, prepared ahead of the skeleton: the connected
/// parts, each part's Laplacian with the symbolic factorization of its system, the vertices'
/// areas. `autorig --skin` prepares it on another thread while the skeleton is built, whose
/// stages (the mesh's topology) leave a core free most of the time: 0.34 s off a 548K-triangle
/// character's autorig + skin (4.62 -> 4.28 s). The structure (about 80 MB there) is held from
/// then on, under the process's peak, which is bone heat's solve. (The ray-tracing structure
/// built ahead as well gained nothing: its build competes with the field's factorization.)
struct SkinSurface;
struct SkinSurfaceDeleter {
  void operator()(SkinSurface* s) const;
};
using PreparedSkinSurface = std::unique_ptr<SkinSurface, SkinSurfaceDeleter>;

/// Prepares `mesh`'s surface for boneHeatWeights (it must outlive the result).
PreparedSkinSurface prepareSkinSurface(const Mesh& mesh, const BoneHeatParams& params = {});

/// Bone heat weights of `mesh` for the deform bones of `skeleton` (both in character space).
/// Errors only when there is nothing to do (no triangles, no deform bone). `surface`, when
/// given, is `mesh`'s prepared surface (consumed; one prepared for another mesh is ignored).
Expected<BoneHeatResult> boneHeatWeights(const Mesh& mesh, const Skeleton& skeleton,
                                         const BoneHeatParams& params = {},
                                         const Progress* progress = nullptr,
                                         PreparedSkinSurface surface = nullptr);

}  // namespace rw

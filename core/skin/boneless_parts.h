#pragma once
// Skin over a part that holds no bone. Bone heat (Baran & Popović 2007, §4) heats a vertex from
// the nearest bone it can see, the segment to that bone staying inside the volume. Where the
// vertex's own part holds no bone (the side fingers of a mitten rig, whose one finger chain runs
// down the middle finger; a skirt's hem; an armour plate over a body) every bone that should move
// the part lies across a gap. The vertex is then heated by whatever bone it sees through the
// part's root: all four fingers by the hand, a hem by the pelvis. Artists give such a part the
// bone that lies along it instead: each finger moves with the chain's bone at its level, a hem
// with the thigh inside it.
//
// The part at a vertex is sounded along the vertex's inward normal. The first surface behind the
// vertex gives the part's thickness there, and the point halfway is the part's axis (its medial
// point). When no bone passes within a few radii of that point, the part holds none, and the
// vertex is heated from the bone nearest that point. The heat distance is still measured from
// the vertex (§4's H = c / d²).
//
// A loose piece no bone is in or visible from (an armour plate, a button, a creature's spike) is
// sounded the same way, and bends with the bones along it instead of being attached rigidly to
// the one nearest it.
//
// The bone a part takes must be one the vertex sees (its nearest, when it sees none) or a child
// of one: a part grows from the part where its bone sits. A goat's horn curving back over its neck
// is boneless, and the spine is the bone nearest its axis, but the horn sees the head and stays the
// head's. The rule does not tell fingers from tusks: an elephant's tusks lie along its trunk and
// hang from the head, as a mitten's side fingers lie along the finger chain and hang from the hand.
// Artists keep tusks on the head, so there the rule gives the wrong bone; the development corpus
// measured that loss against the gains in tests/io/bone_heat_real_models_test.cpp and
// bench/corpus_skin.sh.
#include <Eigen/Core>
#include <vector>

#include "skeleton/skeleton.h"
#include "skin/bone_segments.h"
#include "skin/bone_visibility.h"

namespace rw {

struct BonelessPartParams {
  /// A vertex's part holds a bone when one passes within this many local radii (half the
  /// part's thickness along the vertex's normal) of the part's axis point. Two radii: the bone
  /// lies inside the part or just outside it, as retargeted bones in thin low-poly limbs do.
  /// 0: off (§4 as published).
  double holdingRadii = 2.0;
  /// A boneless part may take a bone that ends the skeleton (a finger, an ear; see
  /// BoneHeatParams::terminalChainReach) as far as this many times its usual reach. A mitten's
  /// outer fingers lie about half the finger chain's length from it, twice the quarter that
  /// the chain's own finger reaches. Measured on artist rigs (tests/io/bone_heat_real_models_test):
  /// 1 left both artist rigs below 0.75 dominant-bone agreement; unlimited let a snout take the
  /// mouth bone.
  double reachFactor = 2.0;
  /// The bone taken is one the vertex sees or hangs from one at most this many links below: a
  /// part grows from the part where its bone's parent sits (a side finger from the hand: the
  /// chain's first finger bone; further out, from the finger bones it sees there). With no limit,
  /// a skirt vertex that sees the hips could take any bone, a hand resting beside it included;
  /// on the corpus's artist rigs, 1 kept the humans' deformation 1% closer to the artists'.
  int maxLinksFromSeen = 1;
};

/// The heat source a boneless vertex borrows. `bones` is empty for a vertex whose part holds a
/// bone, or that could not be sounded (the ray along its inward normal met no surface).
struct BorrowedHeat {
  std::vector<int> bones;  ///< segment indices, equidistant from the part's axis point
  double distance = 0.0;   ///< from the vertex to the first of them
};

/// Per vertex of P: the bone(s) along its part when that part holds none.
/// - `outward`: unit outward normals (zero where unknown);
/// - `segments`, `reach`: the heat segments and how far from each a point may take it
///   (infinity: unlimited);
/// - `seen`: per vertex, the segments it sees (§4's visible nearest bones), or its nearest ones
///   when it sees none;
/// - `margin`: the surface-skipping distance of the visibility test.
std::vector<BorrowedHeat> heatForBonelessParts(
    const std::vector<Eigen::Vector3d>& P, const std::vector<Eigen::Vector3d>& outward,
    const SegmentOcclusion& surface, const Skeleton& skeleton,
    const std::vector<BoneSegment>& segments, const std::vector<double>& reach,
    const std::vector<std::vector<int>>& seen, double equidistantTolerance, double margin,
    const BonelessPartParams& params = {});

}  // namespace rw

#pragma once
// Which mesh branching a skeleton's limb pair belongs to, along the trunk.
//
// Algorithm 1 (Poirier 2009 §6.1) matches a skeleton node to the first mesh node of the same
// local shape. Along a trunk that is the first paired branching after the head, but a head with
// horns or ears (a bull, a donkey, a rabbit) branches into a pair before the forelegs do, and
// the forelegs' skeleton arcs land on the horns, the hind legs on the forelegs. Both graphs'
// trunks are sequences of paired branchings; the skeleton's pairs take, in order, the mesh pairs
// that look most like them — pointing the same way (down, sideways) and as long relative to the
// whole — and the mesh pairs left over are the ones the skeleton has no bones for.
#include <Eigen/Core>
#include <vector>

namespace rw {

/// One paired branching of a trunk, seen from its node.
struct PairFeature {
  /// Mean of the pair's unit directions (node to far end) with x and z folded to their absolute
  /// values: sideways and along-the-body spread and the vertical, the same whichever way the
  /// character faces and for both sides.
  Eigen::Vector3d direction = Eigen::Vector3d::Zero();
  /// The pair's mean reach (arc length plus the longest way below it) as a fraction of the
  /// graph's height from its head: scale-free.
  double reach = 0.0;
};

struct PairAlignmentParams {
  /// Weight of |log(reach ratio)| against (1 - direction cosine): a pair a third as long costs
  /// about as much as one pointing 90° away.
  double reachWeight = 1.0;
  /// A later mesh pair replaces the first one only if the whole alignment costs this much less:
  /// near-equal choices keep Algorithm 1's first match.
  double minGain = 0.5;
  /// A skeleton pair left without a mesh pair after the last (a coarse graph level can miss a
  /// pair: the corpus pig's and rhino's forelegs) costs twice one pointing 90 degrees away: with
  /// every skeleton pair forced onto a mesh pair, the pig's ears took its forelegs.
  double missingPairCost = 2.0;
  bool operator==(const PairAlignmentParams&) const = default;
};

/// Folds a unit direction for PairFeature::direction.
Eigen::Vector3d foldedDirection(const Eigen::Vector3d& unit);

/// Mismatch of a skeleton pair and a mesh pair (0 for the same direction and reach).
double pairCost(const PairFeature& skeleton, const PairFeature& mesh,
                const PairAlignmentParams& params);

/// The skeleton's trunk pairs (from the node being matched outwards) aligned in order to the
/// mesh's: returns the index of the mesh pair the first skeleton pair takes (0: the first mesh
/// pair, as Algorithm 1 does). Mesh pairs may be skipped; the last skeleton pairs may go without
/// one (PairAlignmentParams::missingPairCost). With fewer than two mesh pairs, returns 0.
int firstPairMatch(const std::vector<PairFeature>& skeleton, const std::vector<PairFeature>& mesh,
                   const PairAlignmentParams& params = {});

/// Whether the best in-order alignment of `skeleton` to `mesh` pairs gives every skeleton pair
/// one (leaving none to PairAlignmentParams::missingPairCost).
bool everyPairAligned(const std::vector<PairFeature>& skeleton,
                      const std::vector<PairFeature>& mesh, const PairAlignmentParams& params = {});

}  // namespace rw

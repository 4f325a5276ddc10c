#pragma once
// Side branches: short lone leaf bones hanging off the skeleton's primary axis — a belly or chest
// helper, a jaw, a second head bone, an armour guard. Production rigs carry them to skin a
// region, but the mesh's topology shows none of them: kept in the skeleton graph they split
// the trunk at a joint where the mesh has no branching, and matching then pairs the wrong
// nodes (the trunk past a belly bone went down the tail, the hind legs were left out). They
// are left out of the graph that is matched and follow the joint they hang from (§6.3).
#include <vector>

#include "skeleton/skeleton_graph.h"
#include "symmetry/detect_symmetry.h"
#include "symmetry/graph_symmetry.h"
#include "util/expected.h"

namespace rw {

struct SideBranchParams {
  /// A side branch reaches (its chain to its bone's end) at most this fraction of the skeleton
  /// graph's height from the head. Belly, chest and jaw helpers measured 0.05-0.25 of it on
  /// production animals and humans from their joints, up to 0.4 with the bone's end where its
  /// skin weights end (a belly bone skinning the whole belly, as a file with bone tails says);
  /// a lone bone off the middle of a trunk that reaches further is more likely a limb the mesh
  /// shows.
  double maxReach = 0.5;
  /// A mirrored pair of leaf chains off the trunk after the first pair along it (flank or
  /// pectoral helpers, skinning the ribs) is a pair of side branches too when it reaches at
  /// most this fraction of the next pair's reach along the trunk. Kept, it was matched first
  /// and took the mesh's hind legs, and the legs hanging from the pelvis after it were left out
  /// as hidden (a production polar bear's flank helpers, whose first bone runs out to the flank,
  /// reach 0.49 of its hind legs; its walk played 10.6% of its height from its artist's, with
  /// its artist's joints 8.3%). A limb pair reaches about as far as the next (fore against hind
  /// legs 0.9-1.2, arms against legs 0.7-1.0). The first pair from the head (ears, horns) can
  /// be the mesh's, and is kept.
  double maxPairReachOfNextPair = 0.6;
  /// ... and each is a chain of at most this many joints: a limb has an upper and a lower joint
  /// and an end (a hand, a foot, a hoof), so a short pair of arms (a tyrannosaur's) stays.
  int maxPairJoints = 2;
  bool operator==(const SideBranchParams&) const = default;
};

/// The joints of every side branch: a leaf arc tagged None (lone, off the primary axis) whose
/// start node lies on the primary axis with the axis going on past it (a primary arc leaves
/// the node), reaching at most `maxReach` of the graph's height; and every mirrored pair of leaf
/// arcs off such a node between two limb pairs along the axis, short against the next
/// (`maxPairReachOfNextPair`).
std::vector<int> sideBranchJoints(const SkeletonGraph& graph, const GraphSymmetry& symmetry,
                                  const SideBranchParams& params = {});

/// Symmetry detection as it is run on a skeleton graph: branchings are exact joints (no
/// flat-branching tolerance) and arcs are the bones themselves (measured along them).
SymmetryParams skeletonSymmetryParams(SymmetryParams meshParams);

/// The skeleton graph that is matched: built from the head, tagged, and built again without its
/// side branches when it has any.
Expected<SkeletonGraph> matchableSkeletonGraph(const Skeleton& skeleton, int headJoint,
                                               const SymmetryParams& symmetry,
                                               const SideBranchParams& params = {});

}  // namespace rw

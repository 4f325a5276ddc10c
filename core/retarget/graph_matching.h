#pragma once
// Multiresolution matching of the skeleton graph to the mesh graph (Poirier 2009 §6.1,
// Algorithm 1), with the fallbacks a real mesh needs.
#include <string>
#include <vector>

#include "multires/multires_graph.h"
#include "retarget/pair_alignment.h"
#include "skeleton/skeleton_graph.h"
#include "symmetry/graph_symmetry.h"

namespace rw {

/// How closely a match satisfied Algorithm 1, best first. Matching tries each rule in this order
/// at every skeleton node before giving up on an arc.
enum class MatchRule {
  Exact,       ///< symmetry level, tag (side / radial number) and local shape all equal
  TagsOnly,    ///< level and tags equal, no resolution level has the same local shape
  TagNoLevel,  ///< tag and side equal, symmetry levels differ (an extra limb upstream)
  Direction    ///< no tag agreement: the unused mesh arc pointing the same way (cos > 0.5)
};

const char* matchRuleName(MatchRule rule);

struct ArcMatch {
  int skeletonArc = -1;
  int level = -1;  ///< mesh resolution level of `meshArc`
  int meshArc = -1;
  /// Mesh arcs on `level` leading from the matched start node to meshArc's start (the short
  /// connectors of a branching the mesh splits into several nodes, or an arc merged into the
  /// start node on coarser levels), usually empty.
  std::vector<int> connectors;
  MatchRule rule = MatchRule::Exact;
  /// The skeleton arc's symmetry tag (Poirier §5): Axial for one of a mirrored pair of limbs,
  /// Primary on the trunk's axis (a neck, a tail).
  SymmetryTag skeletonTag = SymmetryTag::None;
  /// Skeleton arcs placed along the same mesh arc after skeletonArc, outwards: when the mesh
  /// limb ends (a leaf) where the skeleton still branches (a mitten hand against a rig with
  /// fingers), the longest chain below continues to the limb's end.
  std::vector<int> extension;
  /// The extension went into one of a mirrored pair of skeleton limbs (legs in one skirt): the
  /// mesh hides the pair, and placement predicts both (JointFate::Predicted).
  bool hiddenPair = false;
  /// The 3D path the skeleton arc is placed along: the connectors' and meshArc's polylines
  /// joined, from the skeleton arc's start node to meshArc's far node.
  std::vector<Eigen::Vector3d> path;
  /// `path` as joints are placed along it (placementPaths: no hairpins, a trunk's spine moved
  /// towards the back); empty: placement cleans `path` itself.
  std::vector<Eigen::Vector3d> placementPath;
  /// The length of placementPath's end that continues the limb past a loop cut the mesh graph
  /// ends it at (loop_cut_limbs.h); joints placed there are predicted. 0: none.
  double predictedEnd = 0.0;
};

struct UnmatchedArc {
  int skeletonArc = -1;
  std::string reason;  ///< e.g. "no unused mesh arc at the node of 'B_Hand_Left'"
  /// The mesh hides the limb: one mesh limb goes on where the skeleton branches into a mirrored
  /// pair (legs inside a robe or a skirt), so neither side can take it. Placement predicts the
  /// pair from the skeleton's proportions (retarget_skeleton.h, JointFate::Predicted).
  bool hidden = false;
};

struct GraphMatching {
  std::vector<ArcMatch> matches;  ///< in the order they were made (parents before children)
  std::vector<UnmatchedArc> unmatched;
  /// Per skeleton arc: index into `matches`, or -1.
  std::vector<int> matchOfArc;
  /// Per skeleton node: (level, mesh node) it was matched to, or (-1, -1).
  std::vector<std::pair<int, int>> meshNodeOfNode;
  /// Partial retargeting: only the chosen subtree was matched; the rest of the skeleton stays.
  bool partial = false;
  /// The joint whose subtree a partial retarget moves (joints before it on the first matched
  /// arc stay); -1: the first matched arc's start joint stays, the rest of its arc moves.
  int partialJoint = -1;
};

/// Algorithm 1's judgement calls beyond the paper, named with their reasons.
struct MatchingHeuristics {
  /// A finer arc that has the skeleton arc's local shape replaces the coarse candidate only if it
  /// keeps at least this fraction of its length: one ending at a small bump near its start is
  /// not the limb.
  double minRefinedLength = 0.5;
  /// Score bonus of an equal local shape. Direction scores a cosine (at most 1), so any bonus
  /// above 2 lets shape decide before direction.
  double shapeBonus = 10.0;
  /// Without matching tags, a candidate must point within 60° of the skeleton arc (cosine above
  /// this): a limb across the body from the one wanted is a worse match than none.
  double minDirectionCosine = 0.5;
  /// ... and reach (arc plus the longest way below it, as a fraction of its graph's height from
  /// the head) within this factor of the skeleton arc's: a helper bone a tenth of a leg's length
  /// is no match for the leg.
  double maxDirectionReachRatio = 3.0;
  /// Along a trunk, the skeleton's limb pairs take the mesh's paired branchings that look like
  /// them, in order; the others (horns, ears) are passed (pair_alignment.h).
  PairAlignmentParams pairAlignment;
  /// A trunk arc refines on to a finer level whose trunk has a pair for every skeleton limb pair
  /// beyond it, where a coarser one of the right shape lacks one (GraphMatching's
  /// pairsAlongTrunk).
  bool refineForMissingPairs = true;
  bool operator==(const MatchingHeuristics&) const = default;
};

struct MatchingInput {
  const SkeletonGraph* skeleton = nullptr;
  const GraphSymmetry* skeletonSymmetry = nullptr;
  const MultiresGraph* mesh = nullptr;
  const std::vector<GraphSymmetry>* meshSymmetry = nullptr;  ///< per level
  /// Partial retargeting: this skeleton arc is matched to this mesh arc (on meshStartLevel) and
  /// matching goes on below them only; -1 = the whole skeleton from the head nodes.
  int skeletonStartArc = -1;
  int meshStartLevel = -1;
  int meshStartArc = -1;
  /// Mesh branchings closer than this fraction of a level's f range count as one branching (the
  /// mesh splits a skeleton's shoulder joint into nodes a hair apart); as in SymmetryParams.
  double flatBranchFraction = 0.02;
  MatchingHeuristics heuristics;
};

/// Runs Algorithm 1 from the head nodes (or from the partial-retargeting arcs). Skeleton arcs
/// with no mesh counterpart (antennae on a mesh without them) are listed in `unmatched` with
/// their subtree; everything else is matched, with the rule that was needed.
GraphMatching matchGraphs(const MatchingInput& input);

}  // namespace rw

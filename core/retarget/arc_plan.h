#pragma once
// Placement of the matched skeleton arcs (Poirier 2009 §6.2) as a chain of stages over one plan
// per matched arc. In order (placeSkeleton, retarget_skeleton.cpp, runs them):
//   planArcs              chains, paths and the joints each chain point places
//   addVirtualHeadBone    the head arc starts at the clicked top of the head, above the joint
//   pruneTurnBacks        joints a centroid path cannot follow are left to follow
//   scheduleGenerations   which arc's placement another needs first
//   orientSkeleton        the skeleton's facing against the mesh (Kabsch) and its size ratio
//   locateBranchingJoints a trunk's branching joints from the limbs leaving it across
//   continueTrunksPastSplits a trunk's other branching joints may lie past the mesh's split
//   markHiddenLimbs       trunks whose end limbs the mesh hides (a robe to its hem)
//   placeArcs             per generation, in parallel: limb paths bridged up to their placed
//                         branching joint (prepareLimbPath), then the DP (joint_placement.h)
#include <Eigen/Core>
#include <optional>
#include <utility>
#include <vector>

#include "retarget/graph_matching.h"
#include "retarget/joint_placement.h"
#include "retarget/placement_params.h"
#include "skeleton/skeleton.h"

namespace rw {

/// A point of a skeleton arc and the joint it places: the joint's head, or (a limb's last
/// point) the end joint's tail.
struct ArcPoint {
  int joint = -1;
  bool tail = false;
};

/// One matched arc on its way to being placed.
struct ArcPlan {
  int match = -1;                      ///< index in GraphMatching::matches
  std::vector<Eigen::Vector3d> chain;  ///< skeleton points (the virtual top first, if any)
  std::vector<ArcPoint> points;        ///< what each chain point places (after the virtual top)
  std::vector<Eigen::Vector3d> path;   ///< the mesh path the chain is placed along
  bool virtualTop = false;             ///< chain[0] is the virtual head bone's top
  bool branchEnd = false;              ///< the arc ends where other matched arcs start
  bool hiddenLimbs = false;            ///< the limbs leaving its end are hidden (markHiddenLimbs)
  int generation = 0;                  ///< placed after every arc of a lower generation
  /// The plan whose placement puts this arc's start joint, and that joint's index in its points.
  std::pair<int, int> parentPoint{-1, -1};
  std::optional<Eigen::Vector3d> endFromLimbs;  ///< the branching joint located from limbs
  /// continueTrunksPastSplits: the plan that continues this trunk past its branching joint (-1:
  /// none; the others there are limbs), the length of this plan's path up to the mesh's split
  /// when it goes on past it (else 0), and whether the placed branching joint lies past it.
  int continuation = -1;
  double splitLength = 0.0;
  bool endPastSplit = false;
  int firstMoved = 0;      ///< partial retarget: points before stay
  ArcPlacement placement;  ///< the DP's result
};

/// Chains (with their extension arcs), paths (the matching's placement path, else its path
/// without hairpins), points and branch ends of every match, in match order.
std::vector<ArcPlan> planArcs(const SkeletonGraph& graph, const GraphMatching& matching);

/// How far past the head joint the skeleton's head bone `headBone` reaches, along the neck's way
/// out `away` (unit), against a head arc of `arcLength`: its projection on the neck, or its whole
/// length where the head turns off the neck (PlacementHeuristics::headTurnCosine...
/// headBoneAimCosine): a four-legged head runs forward across its neck, and the clicked point,
/// the skull's far end, lies that far from the joint. Never past the head arc: a tail derived
/// from the head's skin can reach a trunk or tusks.
double headBoneReach(const Eigen::Vector3d& headBone, const Eigen::Vector3d& away, double arcLength,
                     const PlacementHeuristics& h);

/// The head joint's virtual top bone (§6.2 places joints between the path's ends; the clicked
/// head vertex is the top of the head, not the head joint). The skeleton reaches past the head
/// joint by its head bone's length (at least its projection on the neck, at most the head arc's
/// length) or by how far an unmatched arc from it (an ear) goes along the neck; when that is
/// at least `virtualTopMinReach` of the head arc's length, the head arc's chain starts at a top
/// that far along the neck and its path loses its first `headSkin`, after starting at `looseTop`
/// when a loose part sits on the head (head_skin_depth.h). Returns, if added, the point the
/// head joint's bone aims at the clicked top: the top, or, reached by the head bone's own
/// length, the point that far along that bone. `headBoneLength`, where given, replaces the head
/// bone's length, its direction kept (PlacementParams::ownHeadReach).
std::optional<Eigen::Vector3d> addVirtualHeadBone(
    std::vector<ArcPlan>& plans, const SkeletonGraph& graph, const GraphMatching& matching,
    const std::vector<BoneShape>& shapes, double headSkin, std::optional<double> headBoneLength,
    const std::optional<Eigen::Vector3d>& looseTop, const PlacementHeuristics& h);

/// Drops the inner joints at which a chain turns back (pruned joints follow their neighbours).
void pruneTurnBacks(std::vector<ArcPlan>& plans, const PlacementHeuristics& h);

/// Generations and parent points; returns the number of generations.
int scheduleGenerations(std::vector<ArcPlan>& plans, const SkeletonGraph& graph,
                        const GraphMatching& matching);

/// Whether the mesh hides the limbs leaving the end of trunk plan `trunk`: a pair of them (the
/// plans whose parent point is its last), each matched to a mesh arc shorter than
/// h.hiddenLimbShare of its chain at the skeleton's `scale` (mesh / skeleton). A robe to the
/// floor shows the legs only as the feet under its hem, and the trunk's mesh arc runs on down the
/// robe to them: its branching joint (the hips) is then free to lie anywhere down that arc,
/// where the bone lengths put it, and what shows of the limbs says nothing of where they start.
bool endLimbsHidden(int trunk, const std::vector<ArcPlan>& plans, double scale,
                    const PlacementHeuristics& h);

/// Marks the trunks whose end limbs are hidden (ArcPlan::hiddenLimbs, endLimbsHidden) and
/// returns those limbs' joints (their start, the trunk's joint, left out): placed on paths
/// bridged up through the mesh that hides them, so reported as predicted. A stage before
/// placeArcs, while the limbs' paths are still their own mesh arcs.
std::vector<int> markHiddenLimbs(std::vector<ArcPlan>& plans, double scale,
                                 const PlacementHeuristics& h);

/// How the skeleton as a whole sits against the mesh.
struct SkeletonFrame {
  /// The rotation that best takes every arc's chain chord onto its path chord (Kabsch).
  Eigen::Matrix3d facing = Eigen::Matrix3d::Identity();
  /// Mesh-to-skeleton size ratio over the routes from the head to every arc end that is not a
  /// branching (chords: the centroids' wiggles do not count; a limb's own path starts below
  /// the skeleton's branching joint and would measure the mesh short).
  double scale = 1.0;
};
SkeletonFrame orientSkeleton(const std::vector<ArcPlan>& plans);

/// Whether a limb whose mesh axis is `axis` (unit) leaves plan `trunk`'s end across the trunk
/// (PlacementHeuristics::limbAcrossTrunkCosine), against the trunk's way there seen three ways: its
/// skeleton's last bone, turned by `frame` (a horse's neck-to-withers bone lies level where the
/// mesh's neck still slopes), and the chord of its mesh path's last trunkEndStretch (a bovid's
/// spine-to-pelvis bone drops 30 degrees where the mesh's back is level: its hind legs, 60
/// degrees off that bone, said nothing of where the hips are, and the hips went 12% of the
/// height forward), and the chord of the whole path (a spine hung low in the hips by its artist,
/// SpineDepthParams::profile, dips in its last stretch: its hind legs were not across that and the
/// hips went 19% forward). Across any is across.
bool leavesAcross(const ArcPlan& trunk, const SkeletonFrame& frame, const Eigen::Vector3d& axis,
                  const PlacementHeuristics& h);

/// Sets endFromLimbs of every branch end whose limbs leave the trunk across it (leavesAcross; not
/// in a partial retarget). Arcs the skeleton's symmetry tags primary (a tail) are no limbs.
void locateBranchingJoints(std::vector<ArcPlan>& plans, const SkeletonGraph& graph,
                           const GraphMatching& matching, const SkeletonFrame& frame,
                           const PlacementHeuristics& h);

/// Every branch end whose trunk goes on in one child chain (PlacementHeuristics::
/// continuationCosine) gets that child as its continuation; one not located from limbs also has
/// its path go on along that child's path, as far as `splitOvershoot` of it and the rise of the
/// other limbs' pivots above the joint allow, so the DP can put the branching joint past the
/// mesh's split (a chest below the armpits). A continuation whose start joint stops short of the
/// split is placed along the trunk's path down to it, then its own (a tail past the hips).
void continueTrunksPastSplits(std::vector<ArcPlan>& plans, const SkeletonFrame& frame,
                              const PlacementHeuristics& h);

/// Where placed joints went: heads and limb tails, and the virtual head bone's aim (before,
/// after), per joint.
struct PlacedJoints {
  std::vector<std::optional<Eigen::Vector3d>> head, tail;
  std::vector<std::optional<std::pair<Eigen::Vector3d, Eigen::Vector3d>>> aim;
  double angleTerm = 0.0, lengthTerm = 0.0, distanceTerm = 0.0;  ///< equation 1, summed
};

/// Everything placeArcs needs besides the plans.
struct ArcPlacementContext {
  const SkeletonGraph& graph;
  const GraphMatching& matching;
  const SkeletonFrame& frame;
  const PlacementParams& params;
  std::optional<Eigen::Vector3d> headAim;  ///< from addVirtualHeadBone
  int headJoint = -1;                      ///< the joint at the graph's root
  double extent = 1.0;                     ///< the skeleton's size (for "too close")
  /// The angle at the head joint is left free (PlacementHeuristics::freeOwnFourLeggedHeadAngle).
  bool freeHeadAngle = false;
};

/// Places every plan, generation by generation (each in parallel), and collects the joints.
PlacedJoints placeArcs(std::vector<ArcPlan>& plans, int generations,
                       const ArcPlacementContext& context, int jointCount);

}  // namespace rw

#pragma once
// The judgement calls of skeleton placement beyond Poirier 2009's equation 1, each a named term
// with its default and why. They are relative (fractions of a length, cosines, counts), so one
// set of values serves every model scale. Measurements behind the defaults live in the tests
// and the notes, not here.

namespace rw {

struct PlacementHeuristics {
  // --- The virtual head bone (arc_plan.h: addVirtualHeadBone) ---
  /// The user clicks the top of the head while the head joint sits at the base of the skull:
  /// the skeleton above that joint becomes a first, virtual bone when it reaches at least this
  /// fraction of the head arc's length past the joint (less is the joint's own tail, noise).
  double virtualTopMinReach = 0.02;
  /// A head shell, hair or helmet modelled apart sits on the neck the head arc starts at
  /// (head_skin_depth.h: looseHeadTop): the virtual bone's top goes on its top when its vertices
  /// lie within this many head radii (headSkinDepth) of the arc's axis...
  double looseHeadTopLateralRadii = 1.5;
  /// ...and reach at least this many head radii beyond the arc's start (less: a scalp's noise).
  double looseHeadTopMinReachRadii = 0.5;
  /// The virtual bone reaches as far as the head bone along the neck. A head bone turned off its
  /// neck by more than 18 degrees (the cosine between them below this: a four-legged head, 35-70
  /// degrees off in the corpus's rigs) reaches the clicked far end of the skull by its whole
  /// length: measured by its projection, a horse's head joint went 7% of its height towards
  /// the eyes (2% by its length). A head continuing its neck (a biped's, within 10 degrees) keeps
  /// the projection: the two differ by under 5% there.
  double headTurnCosine = 0.95;
  /// ...but a head bone more than 72 degrees off its neck (the cosine below this) points at the
  /// jaw or back over the skull, as rigs' bone conventions differ, not at the skull's far end:
  /// its projection (whole lengths there put a goat's and a tiger's walks 0.4% and 1.3% of their
  /// heights further from their artists').
  double headBoneAimCosine = 0.3;
  /// The virtual bone continues the neck: the angle between them is made up, 0. A biped's head
  /// sits on its neck and the straight angle keeps its head joint on the neck's line. A
  /// four-legged head hangs off its neck (20-60 degrees in the corpus), and the straight angle
  /// drew the head joint back down the neck to where the path runs straight (a cow's 12% of its
  /// height). With the skeleton measured on its own four-legged body (PlacementMesh::
  /// ownFourLeggedBody), its bone lengths are this body's and place the head joint: the angle
  /// at it is left free (the corpus's animals with their own skeletons: median 2.9 -> 2.3% of
  /// the height end to end). Another body's skeleton keeps the straight angle as its guide: its
  /// lengths are that body's (the bundled quadruped freed: median 3.9 -> 4.1%).
  bool freeOwnFourLeggedHeadAngle = true;

  // --- Turn-back joints (arc_plan.h: pruneTurnBacks) ---
  /// A chain joint whose two bones are each at least this fraction of the chain's length...
  double turnBackMinBone = 0.05;
  /// ...and turn back by more than 120° (the cosine of the angle between them is below this)
  /// cannot lie on a centroid path, which never doubles back: it is left to follow.
  double turnBackCosine = -0.5;

  // --- A limb's axis (limb_geometry.h: limbAxis) ---
  /// The centroids right below a split still wrap the trunk (an armpit, a belly) and are pulled
  /// towards it: the axis is anchored this fraction of the limb's length out...
  double limbAnchorFraction = 0.25;
  /// ...and fitted to the centroids up to this fraction (beyond it, knees and elbows bend).
  double limbAxisEndFraction = 0.6;

  // --- Limb paths bridged up to their branching joint (limb_geometry.h: bridgedLimbPath) ---
  /// The limb's axis is extended back up towards the joint only when it runs down the trunk at
  /// least this much (cosine with the trunk's direction); a limb across the trunk is not.
  double bridgeMinSlope = 0.25;
  /// A splayed limb's extended axis stops at this fraction of its lateral offset from the joint,
  /// short of crossing to the other side.
  double bridgeMaxLateral = 0.8;

  // --- A limb's pivot (limb_geometry.h: limbPivot, predictedLimbPath) ---
  /// A limb swings about the head of its first long bone, at least this fraction of the chain:
  /// a thigh (0.4 of a leg), an upper arm (0.3 of an arm), not a clavicle (0.15-0.2). Joints up
  /// to it move with the trunk, whatever the pose, and are predicted from the skeleton.
  double limbPivotBoneFraction = 0.25;

  // --- Branching joints located from their limbs (arc_plan.h: locateBranchingJoints) ---
  /// Only limbs at least 60° off the trunk (|cosine| at most this) say where along the trunk
  /// they start; limbs hanging along it (a biped's arms and legs) say nothing.
  double limbAcrossTrunkCosine = 0.5;
  /// ... off the trunk's way there: the chord of this last fraction of the trunk's mesh path.
  double trunkEndStretch = 0.25;
  /// Candidate points along the trunk path.
  int branchingSamples = 200;
  /// The trunk path cut at the located joint must keep at least this share of its length (or of
  /// the trunk chain's at the skeleton's scale, where that is shorter: a zebra's spine ends 0.35
  /// of its height before the hips, its hind limbs starting with pelvis bones along the trunk),
  /// else the limbs disagree with the trunk (a mismatch) and the free end is used instead.
  double branchingMinKept = 0.5;

  // --- Free ends (placeArcs) ---
  /// An arc that ends at a branching may stop short of the mesh's split: its last joint may lie
  /// anywhere in this last fraction of the path's samples.
  double branchFreeEnd = 0.4;
  /// The limbs leaving a trunk's end are hidden by the mesh (legs inside a robe to the floor)
  /// when each one's mesh arc is shorter than this share of its chain at the skeleton's scale:
  /// the corpus's robes show 0.2 of a leg (the feet under the hem), trousers and short skirts
  /// 0.8-0.9. The trunk's end joint is then free to lie anywhere down its arc.
  double hiddenLimbShare = 0.5;

  // --- Trunks past the split (arc_plan.h: continueTrunksPastSplits) ---
  /// A trunk's branching joint may also lie past the mesh's split (a chest below the armpits:
  /// a human's arms hang from clavicles that climb above it): the trunk arc's path goes on into
  /// the arc continuing the trunk, the one child chain (and only one) whose chord lies within
  /// this cosine of the trunk's last bone...
  double continuationCosine = 0.8;
  /// ...and that is not one of a mirrored pair (legs: a pelvis stays above its crotch; arms
  /// hanging straight down): two chords whose sideways parts cancel, and whose lengths along the
  /// trunk agree, to this fraction.
  double continuationPairTolerance = 0.25;
  /// ...by at most this fraction of that arc's path, when the mesh's trunk goes on as straight:
  /// the chords of the path's last and next stretches within continuationCosine... The bone
  /// lengths (the length term, at the skeleton's scale) say how far.
  double splitOvershoot = 0.4;
  /// ...and the next stretch's chord at least this share of its length: the centroids of a
  /// clean split jog (0.72 on a procedural body), a connector's loop wanders (under 0.5 where a
  /// cape hangs from the shoulders).
  double continuationStraightness = 0.6;

  // --- Smoothing synthesized limb paths (limb_geometry.h: smoothedLimbPath) ---
  /// Resampled points and binomial passes: a Gaussian of about 7.6% of the length, enough to
  /// round the corner where a predicted limb start meets the centroids, and their zigzag.
  int smoothSamples = 60;
  int smoothPasses = 40;

  // --- Long chains (joint_placement.h: placeJoints) ---
  /// The exact DP costs O(t·m³) time and O(t·m²) memory with m ≥ 2t+1 samples: a 400-joint
  /// chain (a rope, a tail, a procedural spine) took 98 s and 3 GB. A chain of more bones than
  /// this is placed through every few of its joints (about this many bones, split by length),
  /// the joints between them spread by length along the path: linear beyond the DP's cost.
  /// 32 bones is more than any limb or spine of a production rig has.
  int maxExactBones = 32;

  bool operator==(const PlacementHeuristics&) const = default;
};

}  // namespace rw

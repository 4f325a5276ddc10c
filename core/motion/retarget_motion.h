#pragma once
// Motion retargeting between skeletons of different structure and size, after Lu et al. 2009
// "A Motion Retargeting Method for Topologically Different Characters", with planted-foot
// pinning added.
//
//  * §3.1 intermediate skeleton: the target's structure with every mapped bone turned to the
//    source's rest direction (a T-pose source onto an arms-down target raises the target's
//    arms at rest), so rotations transfer without the rest-pose difference;
//  * rotation transfer: each intermediate joint turns, relative to its rest, as its source
//    joint turns relative to the source rest (the rotation is carried through global frames, so
//    source joints the correspondence skips — CMU's LowerBack — still compose);
//  * §3.4 root placement, on the target's own floor: scale = target / source leg length (thigh
//    + shin). Each end effector (ankles, toes) has a standing height: its rest height (the rest
//    pose stands with the feet flat). The source's floor is where its feet, in that standing
//    relation, are lowest over the clip; per frame each source effector's height above its
//    standing height (a lifted heel, a jump) is scaled by `scale` and added to the target
//    effector's standing height, so a standing frame stands where the target's rest mesh
//    stands, a jump clears the floor by the scaled height and sitting sits. The effector with
//    the least clearance is the hard constraint: horizontally it moves by scale' = min(scale, 1)
//    times the source's displacement, and the root follows by IK (a translation); in height
//    the root takes the lowest of the heights each effector asks for (continuous where the
//    least-clear effector switches sides, as Lu's is only when both legs pose alike). When another
//    effector would go under its standing height the root is lifted by the depth (§3.4, "pull
//    up the root").
//  * beyond the paper: planted feet of the source (foot_contacts.h) are pinned on the target
//    with two-bone IK on thigh and shin (two_bone_ik.h), eased in and out at the ends; where
//    both rests stand on their floors (the motion comes with its character's mesh), the ends
//    of limbs standing in both follow where the source's limb carries them, in every frame
//    (standingEndsFollowSource); control bones with no motion of their own follow the deform
//    bones they are tied to (control_follow.h), so the clip keys them too.
// A target without a floor of its own (a skeleton with no mesh) stands on the source's floor
// scaled, so a clip retargeted onto its own skeleton is reproduced exactly (pinning off).
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "motion/animation_clip.h"
#include "motion/foot_contacts.h"
#include "motion/foot_soles.h"
#include "motion/joint_correspondence.h"
#include "motion/two_bone_ik.h"

namespace rw {

struct RetargetParams {
  /// Output frame rate; <= 0 keeps the source clip's rate.
  double framesPerSecond = 0.0;
  /// The height the target's rest pose stands on (its rest mesh's lowest vertex), when it has a
  /// mesh; without one the target stands on the source's floor scaled.
  std::optional<double> targetFloor;
  /// The target's sole points (foot_soles.h), with targetFloor: a planted foot's lowest sole
  /// point is put on the floor and no sole goes under it. Empty: the joints alone (Lu §3.4).
  std::vector<SolePoint> targetSoles;
  /// Points over the target's whole mesh (bodyPoints), with targetFloor: no part of the body
  /// goes under the floor (a sitting actor sits on it). Empty: only the feet are kept out.
  std::vector<SolePoint> targetBody;
  /// The intermediate skeleton (Lu §3.1) turns the axial chain (pelvis, spine, neck, head) as
  /// one, by the best fit of its bones and the limbs' roots, and the limb bones one by one. Off:
  /// every bone one by one, as the paper, which also copies where each rig put its spine and
  /// neck joints in the body (a neck joint placed 35 degrees off the other rig's tips the head).
  bool alignAxialAsOne = true;
  /// ... with the bodies' left-right axes (the left limbs' roots against the right's) in the fit,
  /// weighted as this fraction of all the axial bones together: bones along a four-legged trunk
  /// lie in one plane and leave the turn about the spine to noise, which the fit took for a
  /// mirror (the corpus's goat, zebra and crocodile turned 180 degrees about their spines, their
  /// walks played upside down).
  double axialLeftWeight = 1.0;
  /// With sourceRestStands (the source's rest is the bind pose of its character's mesh, as the
  /// target's is of its own), the intermediate skeleton turns the target to the source's rest
  /// posture where the two differ as wholes, not where they differ by where each rig put its
  /// joints in the body, which turning the target would copy into the mesh bound to it. (A
  /// BVH's rest is a calibration pose, the reference of its motion: every turn is kept.) A turn
  /// is measured as a whole — the axial chain's best fit, a limb's upper joint to its end — and
  /// kept not at all below its least angle, wholly above its full angle, smoothly between; a
  /// limb's bones and what hangs from them go with their limb, others (a tail, the face) with
  /// their parent.
  /// Trunks: a biped's against a four-legged one differ by 90 degrees; a four-legged skeleton
  /// placed into its own character's mesh again by the retarget, by up to 40 (the corpus's
  /// animals: 2-39, the trunk joints' placement is loose along a level spine).
  double axialPostureMinDegrees = 45.0;
  double axialPostureFullDegrees = 75.0;
  /// Limbs: a T-posed arm against an A-posed one differ by 35-50 degrees; a limb placed by the
  /// retarget, whole, by up to 10-20 from the artist's (the corpus: humans 2-5, animals 1-26).
  double limbPostureMinDegrees = 20.0;
  double limbPostureFullDegrees = 35.0;
  /// ... except a limb that stands on the floor in both rests (JointCorrespondence::
  /// standsInBoth: legs, a four-legged body's forelegs): two limbs on one floor are in one
  /// posture, and the angle between them is where each rig put its joints (a hip joint placed at
  /// the rump's back or a femur's head inside the thigh), which turning copied into the mesh as
  /// a leg bent out of its place in every frame (the development corpus: the wolf's own skeleton
  /// 7.5 -> 3.5% of its height, the bundled quadruped in the piglet 15.1 -> 8.2).
  bool standingLimbsKeepPosture = true;
  /// Turn the motion to face the way the target faces at rest (both facings from the left and
  /// right limbs) before transferring it: a character modelled facing -Z keeps facing -Z.
  bool faceLikeTarget = true;
  /// Move control bones with no motion of their own with their deform bones (control_follow.h).
  bool followControls = true;
  /// On a target with a floor (targetFloor), its feet take their rest orientation where the
  /// source's feet stand flat, instead of the source foot's direction: rest poses need not
  /// stand flat, and rigs put the ankle at different heights over the ball of the foot.
  bool standFeetFlat = true;
  /// ... except a foot (ankle to toe) whose rest direction lies within this angle of the
  /// source's, when the source's rest stands (sourceRestStands): both rests then stand on their
  /// floors with the foot alike, and the foot turned as the source's from its rest stands where
  /// the source's does, while the flattest frame of a walk is a frame mid-roll for hooves and
  /// paws on their toes. The development corpus's own skeletons lie within 0-10 degrees of the
  /// artists' feet (flattened, a lion played its walk 1.3% of its height further from the
  /// artist's, a donkey 0.6%); another rig's feet placed in the same body lie 13-25 degrees off
  /// (the bundled quadruped in the bull, 24: left to turn, its root bobbed 1.9% of its height a
  /// frame, against the source's 0.2%).
  double standingFootMaxDegrees = 20.0;
  /// A source foot's standing height is this quantile of its heights over the clip, not the
  /// lowest: the lowest frames are outliers (a calibration T-pose at frame 0 of CMU clips stands
  /// ~2% of the height lower than the rest of the take; marker dips), and a foot that touches the
  /// ground at all is planted for far more than 5% of a clip. A target without a floor of its
  /// own (no targetFloor) keeps the source's relation to its floor, dips included: the lowest.
  double standQuantile = 0.05;
  /// The source's rest pose stands on the source's floor: the motion comes with its character's
  /// mesh, bound in that pose. The clip's standing feet are then read against their rest heights
  /// and that relation is kept on the target, scaled: a clip whose feet stand lower or higher
  /// than its own rest (an artist's walk with the soles 1% of the height into the floor, a hop
  /// that never comes down to the rest height) plays so on the target too, as on the artist's
  /// rig. Off (a BVH, whose rest is a calibration pose with no floor), the clip's standing feet
  /// are the floor.
  bool sourceRestStands = false;
  /// A skeleton walks on four limbs when its hands are (source: their median height over the
  /// clip against the feet's; target: at rest) within this fraction of its leg length of its
  /// feet: a quadruped's forefeet are on the ground with its hind feet, a biped's hands hang at
  /// half its leg length or higher.
  double fourLimbFraction = 0.25;
  /// For a four-legged source, Lu §3.2 lengthens the target's arms until the planted hands
  /// reach the ground, by at most this factor (a human's arms are ~0.8 of its legs, a horse's
  /// forelegs ~1.0 of its hind legs: a human on all fours needs ~1.3-1.6).
  double maxArmStretch = 2.0;
  /// Beyond Lu (who transfers rotations only): a joint the clip slides off its rest offset (a
  /// limb's root translated in a walk — a shoulder blade, a hip — or a limb that is a tree of
  /// its own, keyed by translation) slides so on the target, scaled.
  bool transferSlides = true;
  /// ... when its local translation varies over the clip by more than this fraction of the
  /// source skeleton's height: a constant offset (a bone keyed where it was not bound) and
  /// float noise do not slide.
  double minSlideFraction = 0.01;
  /// Lu §3.4 root placement from the lowest end effector and the lift above the ground.
  bool groundConstraint = true;
  /// ... except where the source's rest stands (sourceRestStands): there the root takes the
  /// source root's horizontal path from its rest, scaled, and Lu's constraint sets its height
  /// only. Both rests stand on their floors, so the scaled path holds the body over its feet as
  /// the source's does, while Lu's least-clear effector carries every difference between the
  /// two rigs' leg poses into the root's path, frame after frame (the development corpus's
  /// animals walking their artists' clips, median mean vertex error with their own skeletons
  /// 4.29 -> 3.98% of the height, with the bundled quadruped 7.03 -> 6.12; humans with the
  /// bundled biped 2.38 -> 2.22; the ground offset unchanged). The height stays Lu's: the
  /// scaled source height left another skeleton's shorter hind legs 12% of the height off the
  /// floor. A BVH's rest is a calibration pose, not a stance: Lu's path.
  bool rootFollowsStandingSource = true;
  /// Lu's horizontal root path follows the lowest effector from frame to frame, so any
  /// difference between the two skeletons' leg poses adds up over the clip: a bull's walk in
  /// place drifted 46% of its height backwards in 2 s. The root's departure from the source
  /// root's path (scaled) is forgotten with this time constant, in seconds: the effector's
  /// local corrections within a step (about half a second) stay, the drift goes. Only for a
  /// clip played in place (below): a motion that travels keeps Lu's path, which keeps planted
  /// feet from skating. 0: never forgotten (Lu as published).
  double groundPathMemorySeconds = 0.5;
  /// A clip plays in place when its root's horizontal path is shorter than this fraction of its
  /// effectors' (a walk cycle on a treadmill: the feet step back and forth, the root sways a few
  /// percent of that; a walk that travels: about equal).
  double inPlaceRootPath = 0.25;
  /// Pin planted feet with two-bone IK (beyond the paper).
  bool pinFeet = true;
  /// With sourceRestStands, the end of a limb that stands in both rests (an ankle, a forefoot:
  /// JointCorrespondence::standsInBoth) goes, in every frame, where the source's limb carries
  /// it in the ground plane, by two-bone IK (its height stays the rotations' and the floor's):
  /// both rests stand on their floors, so the source's path from rest is the target's. Rotations
  /// alone put the end where each rig's joint placement carries it, and two rigs of one body
  /// differ most in the lower legs (Unreal's IK retargeter sets its foot goals so, too). The
  /// development corpus (medians, % of the height): the bundled quadruped 4.37 -> 3.91, animals'
  /// own skeletons 2.93 -> 2.87, humans' 1.57 -> 1.61 and bundled 2.22 -> 2.15. Heights from
  /// the source too lifted a human's toes at heel-off where the two rigs' ankles sit apart.
  bool standingEndsFollowSource = true;
  /// The point carried is where the target's end is at rest, riding on the source limb's bone
  /// nearest it, when the two rests are this close (fraction of the target's leg length: two
  /// rigs of one mesh); else (another body) the followed joint's travel alone, scaled.
  double maxRideOffset = 0.25;
  FootContactParams contacts;
  /// Pin the hands where the source puts them on the floor (a hand on the ground, a crawl, a
  /// four-legged walk), as the feet are.
  bool pinHands = true;
  /// A source hand is on the floor while its wrist is within 10% of the leg length of the
  /// source's floor (a palm or a fist on the ground: 4-8%) and slower than half a leg per second.
  FootContactParams handContacts{0.1, 0.5, 0.05};
  TwoBoneIkParams ik;
  /// Seconds over which pinning eases in before and out after a contact: an abrupt switch
  /// would jerk the leg by the pinning correction in one frame.
  double pinBlendSeconds = 0.1;
  /// A planted leg that cannot reach the floor even straight may lengthen by up to this
  /// fraction (shin and foot translated; Lu §3.2 adjusts the intermediate skeleton's segment
  /// lengths). 3%: a leg's length varies more than that between any two rigs of one character,
  /// and the alternative, lowering the pelvis, bends the other knee by tens of degrees.
  double maxLegStretch = 0.03;
};

struct RetargetResult {
  AnimationClip clip;  ///< on the target skeleton: local rotations of every joint, root translation
  int frames = 0;
  double framesPerSecond = 0.0;
  double scale = 1.0;         ///< target / source leg length (Lu §3.4)
  double sourceGround = 0.0;  ///< the source's floor: its lowest effector, standing, over the clip
  double targetGround = 0.0;  ///< the target's floor (targetFloor, else the source's scaled)
  /// With sourceRestStands: how far the clip's standing feet are above (+) or below their rest
  /// heights, scaled to the target; targetGround includes it.
  double floorShift = 0.0;
  double targetLegLength = 0.0;
  /// Joint positions per frame, flattened frame-major: [frame * joints + joint].
  std::vector<Eigen::Vector3d> sourcePositions, targetPositions;
  int sourceJoints = 0, targetJoints = 0;
  int sourceRoot = -1, targetRoot = -1;  ///< the bodies' roots (pelvis)
  std::vector<int> targetEffectors;      ///< ankles and toes of the target (Lu's end effectors)
  /// Per target effector: its height when its foot stands on the floor (the constraint).
  std::vector<double> effectorStandHeight;
  /// The source joints of the same effectors, and their standing heights above sourceGround.
  std::vector<int> sourceEffectors;
  std::vector<double> sourceStandHeight;
  std::vector<int> targetAnkles;  ///< [left, right], -1 when missing
  /// The target's limb ends: left and right ankle, left and right wrist (-1 when missing);
  /// FootContact::foot indexes these.
  std::array<int, 4> targetEnds{-1, -1, -1, -1};
  std::vector<FootContact> contacts;  ///< planted intervals detected on the source
  /// Target bones (joint, nearest mapped descendant) whose directions follow the source's.
  std::vector<std::pair<int, int>> bonePairs;
  std::vector<int> sourceOf;          ///< the correspondence used
  std::vector<int> followedControls;  ///< control joints that follow a deform bone
  bool sourceOnFourLimbs = false, targetOnFourLimbs = false;  ///< see RetargetParams
  double armStretch = 1.0;  ///< the target's arms lengthened for a four-legged source (Lu §3.2)
  std::vector<std::string> notes;  ///< what could not be done and why
  const Eigen::Vector3d& source(int frame, int joint) const {
    return sourcePositions[std::size_t(frame) * sourceJoints + joint];
  }
  const Eigen::Vector3d& target(int frame, int joint) const {
    return targetPositions[std::size_t(frame) * targetJoints + joint];
  }
};

/// Retargets `clip` (animating `source`) onto `target`. Fails with a user-facing message when
/// the clip is empty or the correspondence does not fit the skeletons.
Expected<RetargetResult> retargetMotion(const Skeleton& source, const AnimationClip& clip,
                                        const Skeleton& target, const JointCorrespondence& map,
                                        const RetargetParams& params = {});

}  // namespace rw

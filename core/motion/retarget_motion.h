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
//  * §3.4 root placement: scale = target / source leg length (thigh + shin); per frame the
//    source end effector (ankles, toes) closest to the ground is the hard constraint: its target
//    position moves by scale' = min(scale, 1) times the source's displacement horizontally,
//    its height above the ground is the source's scaled by `scale` (the paper keeps the height
//    unchanged, which leaves a half-size target floating; scaling it is the same rule for
//    equal sizes), and the root follows by IK (a translation). When another effector would go
//    under the ground the root is lifted by its depth (§3.4, "pull up the root").
//  * beyond the paper: planted feet of the source (foot_contacts.h) are pinned on the target
//    with two-bone IK on thigh and shin (two_bone_ik.h), eased in and out at the ends.
// The target's ground is the source's lowest effector height scaled by `scale`, so a clip
// retargeted onto its own skeleton is reproduced exactly (with pinning off).
#include <string>
#include <vector>

#include "motion/animation_clip.h"
#include "motion/foot_contacts.h"
#include "motion/joint_correspondence.h"
#include "motion/two_bone_ik.h"

namespace rw {

struct RetargetParams {
  /// Output frame rate; <= 0 keeps the source clip's rate.
  double framesPerSecond = 0.0;
  /// Lu §3.4 root placement from the lowest end effector and the lift above the ground.
  bool groundConstraint = true;
  /// Pin planted feet with two-bone IK (beyond the paper).
  bool pinFeet = true;
  FootContactParams contacts;
  TwoBoneIkParams ik;
  /// Seconds over which pinning eases in before and out after a contact: an abrupt switch
  /// would jerk the leg by the pinning correction in one frame.
  double pinBlendSeconds = 0.1;
};

struct RetargetResult {
  AnimationClip clip;  ///< on the target skeleton: local rotations of every joint, root translation
  int frames = 0;
  double framesPerSecond = 0.0;
  double scale = 1.0;         ///< target / source leg length (Lu §3.4)
  double sourceGround = 0.0;  ///< lowest source end-effector height over the clip
  double targetGround = 0.0;  ///< scale · sourceGround
  double targetLegLength = 0.0;
  /// Joint positions per frame, flattened frame-major: [frame * joints + joint].
  std::vector<Eigen::Vector3d> sourcePositions, targetPositions;
  int sourceJoints = 0, targetJoints = 0;
  std::vector<int> targetEffectors;   ///< ankles and toes of the target (Lu's end effectors)
  std::vector<int> targetAnkles;      ///< [left, right], -1 when missing
  std::vector<FootContact> contacts;  ///< planted intervals detected on the source
  /// Target bones (joint, nearest mapped descendant) whose directions follow the source's.
  std::vector<std::pair<int, int>> bonePairs;
  std::vector<int> sourceOf;       ///< the correspondence used
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

#pragma once
// Joint correspondence source -> target for motion retargeting (Lu et al. 2009 §3.1: the
// intermediate skeleton has the target's structure; each of its joints takes the motion of the
// source joint that plays the same part).
//
// Three sources, later ones overriding earlier ones:
//   1. body roles from both skeletons' layouts (body_layout.h: names for side and limb kind,
//      chain structure for the bone inside a limb; spine and neck joints matched by their
//      position along the chain, so a 3-joint spine drives a 5-joint spine); the joints of a
//      limb that stands on the floor in both rests (legs, a four-legged body's forelegs) by
//      their height above it, where the roles and the heights disagree (StandingLimbParams);
//   2. equal normalized names (joint_names.h) for joints no role covers (fingers, face);
//   3. the user's map (RigDocument::jointMap, source name -> target name).
// Joints left without a partner on either side are reported.
#include <array>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "motion/body_layout.h"
#include "motion/standing_limb_match.h"
#include "skeleton/skeleton.h"
#include "util/expected.h"

namespace rw {

/// Limbs that stand on the floor in both rests are matched joint to joint by height. Their
/// roles (body_layout.h: the two longest consecutive bones are upper and lower) say which bone is
/// which only where both rigs cut the limb alike: one ungulate rig runs its "thigh" from the hip
/// to the stifle, another from the stifle to the hock with a femur bone before it, and role by
/// role the second rig's shin played the first's cannon bone, the knee bending at the hock.
/// Heights above the floor tell the hip, the knee, the ankle and the toe apart in any rig that
/// stands.
struct StandingLimbParams {
  bool enabled = true;
  /// A limb stands when its lowest role joint is within this fraction of the body's height
  /// (JointMatchParams::sourceBody, targetBody) above the floor: an ankle or a hoof is at
  /// 0-0.1, a human's hand hanging at ~0.35, held out at ~0.75.
  double maxEndFraction = 0.25;
  /// The alignment's costs, in fractions of the body's height: a joint left without a partner
  /// costs `skipCost` (so two joints further apart than twice that are better left apart), and
  /// a pair whose roles differ `roleCost` more than the height difference alone: between two
  /// cuts of a limb about as good, the roles' stays (a CMU hip bone at the pelvis and the hip
  /// joint a little lower are both near a thigh's head). At 0.1 the roles outweighed a horse's
  /// hock 6% of its height from ours and put our hock on its fetlock (the corpus's horses with
  /// the bundled quadruped: 3.9-4.5% of the height -> 2.9-3.6 at 0.05). At 0.02 a bull whose
  /// femur bone is rooted on the ground left our thigh without a partner.
  double skipCost = 0.2;
  double roleCost = 0.05;
};

struct JointMatchParams {
  BodyLayoutParams layout;
  StandingLimbParams standingLimbs;
  /// The characters' extents, when they have meshes (matchParamsFor in retarget_character.h);
  /// without, a skeleton's floor is its legs' lowest joint and its height its highest deform
  /// joint's above that. Trunk joints would be no measure: two rigs of one body put the pelvis
  /// 10-20% of the height apart, and a game rig may hang the limbs from a root on the ground.
  std::optional<BodyExtent> sourceBody, targetBody;
};

struct JointCorrespondence {
  std::vector<int> sourceOf;  ///< per target joint: the source joint driving it, or -1
  BodyLayout source, target;
  /// Per limb (left leg, right leg, left arm, right arm: foot_soles.h's LimbEnd): whether it
  /// stands on the floor in both rests and was matched by height (StandingLimbParams).
  std::array<bool, 4> standsInBoth{};
  std::vector<std::string> unmappedSource;  ///< source joints driving nothing
  std::vector<std::string> unmappedTarget;  ///< target joints that keep their rest rotation
  int mappedCount() const;
};

/// Fails (a user-facing message) when the user map names a joint that does not exist, or when
/// no joint at all corresponds.
Expected<JointCorrespondence> matchJoints(const Skeleton& source, const Skeleton& target,
                                          const std::map<std::string, std::string>& userMap = {},
                                          const JointMatchParams& params = {});

}  // namespace rw

#pragma once
// Retargeting a motion onto a rigged character (mesh, skeleton, weights) rather than onto a bare
// skeleton: the character's rest mesh gives the floor it stands on (ground_contact.h) and the
// soles that must touch it (foot_soles.h).
#include "character.h"
#include "motion/retarget_motion.h"

namespace rw {

/// matchJoints' parameters with each character's body extent from its rest mesh, when it has
/// one (JointMatchParams::sourceBody, targetBody).
JointMatchParams matchParamsFor(const Character& motion, const Character& target);

/// retargetMotion from `motion.skeleton` onto `target.skeleton`, with params.targetFloor and
/// params.targetSoles taken from the target's mesh and weights when it has them (kept as given
/// otherwise), and params.sourceRestStands set when the motion comes with a skinned mesh of its
/// own (its rest pose then stands on its floor, and the clip keeps its relation to it).
Expected<RetargetResult> retargetOntoCharacter(const Character& motion, const AnimationClip& clip,
                                               const Character& target,
                                               const JointCorrespondence& map,
                                               RetargetParams params = {});

}  // namespace rw

#include "motion/retarget_character.h"

#include "motion/foot_soles.h"
#include "motion/ground_contact.h"

namespace rw {

namespace {

std::optional<BodyExtent> meshExtent(const Character& c) {
  if (c.mesh.source.positions.empty()) return std::nullopt;
  return BodyExtent{restFloorHeight(c), restHeight(c)};
}

}  // namespace

JointMatchParams matchParamsFor(const Character& motion, const Character& target) {
  JointMatchParams params;
  params.sourceBody = meshExtent(motion);
  params.targetBody = meshExtent(target);
  return params;
}

Expected<RetargetResult> retargetOntoCharacter(const Character& motion, const AnimationClip& clip,
                                               const Character& target,
                                               const JointCorrespondence& map,
                                               RetargetParams params) {
  if (!target.mesh.source.positions.empty()) {
    params.targetFloor = restFloorHeight(target);
    if (!target.skin.perVertex.empty()) {
      const BodyLayout& t = map.target;
      auto end = [](const BodyLimb& limb) { return limb.valid() ? limb.end : -1; };
      const std::array<int, 4> ends{end(t.legs[0]), end(t.legs[1]), end(t.arms[0]), end(t.arms[1])};
      params.targetSoles = limbSoles(target, ends);
      params.targetBody = bodyPoints(target, t);
    }
  }
  if (!motion.mesh.source.positions.empty() && !motion.skin.perVertex.empty())
    params.sourceRestStands = true;
  return retargetMotion(motion.skeleton, clip, target.skeleton, map, params);
}

}  // namespace rw

#include "motion/retarget_character.h"

#include "motion/foot_soles.h"
#include "motion/ground_contact.h"

namespace rw {

Expected<RetargetResult> retargetOntoCharacter(const Skeleton& source, const AnimationClip& clip,
                                               const Character& target,
                                               const JointCorrespondence& map,
                                               RetargetParams params) {
  if (!target.mesh.source.positions.empty()) {
    params.targetFloor = restFloorHeight(target);
    if (!target.skin.perVertex.empty()) {
      const BodyLayout& t = map.target;
      params.targetSoles = footSoles(
          target, {t.legs[0].valid() ? t.legs[0].end : -1, t.legs[1].valid() ? t.legs[1].end : -1});
    }
  }
  return retargetMotion(source, clip, target.skeleton, map, params);
}

}  // namespace rw

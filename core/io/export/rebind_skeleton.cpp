#include "io/export/rebind_skeleton.h"

namespace rw {

RebindReport rebindToSkeleton(Character& character, const Skeleton& skeleton) {
  RebindReport report;
  const Skeleton& old = character.skeleton;
  std::vector<int> newIndex(old.joints.size(), -1);
  for (int j = 0; j < old.size(); ++j) newIndex[j] = skeleton.indexOf(old.joints[j].name);
  auto mapped = [&](int joint) {
    return joint >= 0 && joint < int(newIndex.size()) ? newIndex[joint] : -1;
  };

  for (std::vector<Influence>& influences : character.skin.perVertex) {
    std::vector<Influence> kept;
    for (const Influence& in : influences) {
      if (const int j = mapped(in.joint); j >= 0)
        kept.push_back({j, in.weight});
      else
        ++report.droppedInfluences;
    }
    influences = std::move(kept);
  }
  // Renormalize only when something was dropped: untouched weights stay bit-identical.
  if (report.droppedInfluences > 0) character.skin.normalize();

  for (AnimationClip& clip : character.clips) {
    std::vector<JointChannel> kept;
    for (JointChannel& channel : clip.channels) {
      if (const int j = mapped(channel.joint); j >= 0) {
        channel.joint = j;
        kept.push_back(std::move(channel));
      } else {
        ++report.droppedChannels;
      }
    }
    clip.channels = std::move(kept);
  }
  character.skeleton = skeleton;
  return report;
}

}  // namespace rw

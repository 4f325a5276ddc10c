#include "io/clip_json.h"

namespace rw {

nlohmann::json clipToJson(const AnimationClip& clip, const Skeleton& skeleton) {
  nlohmann::json channels = nlohmann::json::array();
  for (const JointChannel& c : clip.channels) {
    if (c.joint < 0 || c.joint >= skeleton.size()) continue;
    nlohmann::json ch = {{"joint", skeleton.joints[c.joint].name}};
    nlohmann::json t = nlohmann::json::array(), r = nlohmann::json::array();
    for (const VectorKey& k : c.translation)
      t.push_back({k.time, k.value.x(), k.value.y(), k.value.z()});
    for (const RotationKey& k : c.rotation)
      r.push_back({k.time, k.value.w(), k.value.x(), k.value.y(), k.value.z()});
    if (!t.empty()) ch["translation"] = std::move(t);
    if (!r.empty()) ch["rotation"] = std::move(r);
    channels.push_back(std::move(ch));
  }
  return {{"format", kClipJsonFormat},
          {"version", kClipJsonVersion},
          {"name", clip.name},
          {"duration", clip.duration},
          {"framesPerSecond", clip.framesPerSecond},
          {"keyLayout", {{"translation", "t x y z"}, {"rotation", "t w x y z"}}},
          {"channels", std::move(channels)}};
}

}  // namespace rw

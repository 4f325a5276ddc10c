#include "motion/resample_clip.h"

#include <algorithm>
#include <cmath>

namespace rw {

AnimationClip resampleClip(const AnimationClip& clip, double fps) {
  AnimationClip out;
  out.name = clip.name;
  out.duration = std::max(0.0, clip.duration);
  out.framesPerSecond = (std::isfinite(fps) && fps > 0) ? fps : clip.framesPerSecond;
  const int frames = out.frameCount();
  for (const JointChannel& c : clip.channels) {
    JointChannel r;
    r.joint = c.joint;
    for (int i = 0; i < frames; ++i) {
      const double t = std::min(out.duration, i / out.framesPerSecond);
      if (!c.translation.empty()) r.translation.push_back({t, sampleVector(c.translation, t, {})});
      if (!c.rotation.empty())
        r.rotation.push_back({t, sampleRotation(c.rotation, t, Eigen::Quaterniond::Identity())});
      if (!c.scale.empty()) r.scale.push_back({t, sampleVector(c.scale, t, {})});
    }
    out.channels.push_back(std::move(r));
  }
  return out;
}

}  // namespace rw

#pragma once
// A clip resampled to a frame rate: one key per frame for every keyed component, sampled with
// AnimationClip's interpolation (linear translation / scale, shortest-path slerp rotation).
#include "motion/animation_clip.h"

namespace rw {

/// `framesPerSecond` <= 0 or not finite keeps the clip's own rate. The duration is kept; the
/// last frame is at the duration.
AnimationClip resampleClip(const AnimationClip& clip, double framesPerSecond);

}  // namespace rw

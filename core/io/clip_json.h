#pragma once
// A retargeted clip as JSON ("rigwright-clip", versioned) until FBX / glTF export carries clips:
// the rig's joint names, the frame rate, and per frame the root translation and every joint's
// local rotation (quaternion w, x, y, z) in character space.
#include <nlohmann/json.hpp>

#include "motion/animation_clip.h"
#include "skeleton/skeleton.h"

namespace rw {

inline constexpr int kClipJsonVersion = 1;
inline constexpr const char* kClipJsonFormat = "rigwright-clip";

/// Keys are written as the clip holds them (one per frame for retargeted clips).
nlohmann::json clipToJson(const AnimationClip& clip, const Skeleton& skeleton);

}  // namespace rw

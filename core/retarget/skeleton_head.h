#pragma once
// The head joint of a skeleton when the user names none (`--skeleton-head auto`): the joint the
// retarget matches to the mesh's head node.
#include <string>

#include "skeleton/skeleton.h"

namespace rw {

struct SkeletonHeadGuess {
  int joint = -1;      ///< -1 only for an empty skeleton
  std::string reason;  ///< one sentence for the report and the status bar
};

/// The body layout's head (motion/body_layout.h: a centre joint named with the word "head",
/// nearest the chest away from the legs, else the end of the centre chain from the chest);
/// without one, the highest deform joint at the end of a chain (the top of an upright
/// skeleton's primary axis).
SkeletonHeadGuess guessSkeletonHead(const Skeleton& skeleton);

}  // namespace rw

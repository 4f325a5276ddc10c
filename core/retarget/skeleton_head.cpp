#include "retarget/skeleton_head.h"

#include <algorithm>

#include "motion/body_layout.h"

namespace rw {

SkeletonHeadGuess guessSkeletonHead(const Skeleton& skeleton) {
  SkeletonHeadGuess guess;
  if (skeleton.empty()) return guess;
  const BodyLayout layout = analyzeBodyLayout(skeleton);
  if (layout.head >= 0) {
    guess.joint = layout.head;
    const std::vector<std::string> words = nameWords(skeleton.joints[layout.head].name);
    guess.reason = std::find(words.begin(), words.end(), "head") != words.end()
                       ? "the centre joint named as a head, nearest the chest"
                       : "the end of the centre chain from the chest";
    return guess;
  }
  const std::vector<Transform> rest = skeleton.restGlobals();
  for (int j = 0; j < skeleton.size(); ++j) {
    if (!skeleton.joints[j].deform) continue;
    if (guess.joint < 0 || rest[j].translation().y() > rest[guess.joint].translation().y())
      guess.joint = j;
  }
  if (guess.joint < 0) guess.joint = 0;
  guess.reason = "the highest deform joint (no head found in the body's layout)";
  return guess;
}

}  // namespace rw

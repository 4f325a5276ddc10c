// The head joint found when the user names none (retarget/skeleton_head.h, issue 20).
#include <gtest/gtest.h>

#include "io/rig_json.h"
#include "retarget/skeleton_head.h"
#include "support/procedural_characters.h"
#include "support/real_models.h"

using namespace rw;
using namespace rw::test;

namespace {

std::string headOf(const Skeleton& s) {
  const SkeletonHeadGuess guess = guessSkeletonHead(s);
  EXPECT_FALSE(guess.reason.empty());
  return guess.joint >= 0 ? s.joints[guess.joint].name : "-";
}

}  // namespace

TEST(SkeletonHead, ArtistsRigsAndMocapGiveTheirHead) {
  const std::pair<const char*, const char*> cases[] = {
      {"BVH/01_01.bvh", "Head"},
      // No joint is named a head: the centre chain from the chest ends at the joint carrying
      // the face (BCN's eyes, lips and ponytail; the bull's ears and mouth).
      {"X/BCN_Epileptic.X", "B_Neck"},
      {"X/Testwuson.X", "Neck"},
  };
  for (const auto& [file, head] : cases) {
    Character c;
    ASSERT_TRUE(loadModel(file, c)) << file;
    EXPECT_EQ(headOf(c.skeleton), head) << file;
  }
  for (const char* file : {"/biped_production.json", "/quadruped.json", "/biped_simple.json"}) {
    Expected<RigDocument> rig = readRigJson(std::string(RIGWRIGHT_SKELETONS_DIR) + file);
    ASSERT_TRUE(rig.ok()) << file;
    EXPECT_EQ(headOf(rig->skeleton), "head") << file;
  }
}

// A game rig may hang the head from the pelvis beside the spine (the neck ends in nothing): the
// joint named as a head, away from the legs, is still found, not the end of the neck.
TEST(SkeletonHead, AHeadHungFromThePelvisIsFound) {
  Skeleton s;
  addJoint(s, "pelvis", "", {0, 1, -0.5}, {0, 1, -0.2});
  addJoint(s, "spine", "pelvis", {0, 1, -0.2}, {0, 1, 0.3});
  addJoint(s, "chest", "spine", {0, 1, 0.3}, {0, 1.05, 0.5});
  addJoint(s, "neck_1", "chest", {0, 1.05, 0.5}, {0, 1.2, 0.7});
  addJoint(s, "neck_2", "neck_1", {0, 1.2, 0.7}, {0, 1.3, 0.85});
  addJoint(s, "head", "pelvis", {0, 1.3, 0.85}, {0, 1.25, 1.1});
  addJoint(s, "ear_L", "head", {0.1, 1.4, 0.9}, {0.15, 1.5, 0.9});
  addJoint(s, "ear_R", "head", {-0.1, 1.4, 0.9}, {-0.15, 1.5, 0.9});
  for (const char* side : {"L", "R"}) {
    const double x = side[0] == 'L' ? 0.15 : -0.15;
    const std::string s1 = side;
    addJoint(s, "front_top_" + s1, "chest", {x, 0.9, 0.4}, {x, 0.5, 0.4});
    addJoint(s, "front_bot_" + s1, "front_top_" + s1, {x, 0.5, 0.4}, {x, 0.05, 0.4});
    addJoint(s, "front_foot_" + s1, "front_bot_" + s1, {x, 0.05, 0.4}, {x, 0, 0.5});
    addJoint(s, "back_top_" + s1, "pelvis", {x, 0.9, -0.5}, {x, 0.5, -0.5});
    addJoint(s, "back_bot_" + s1, "back_top_" + s1, {x, 0.5, -0.5}, {x, 0.05, -0.5});
    addJoint(s, "back_foot_" + s1, "back_bot_" + s1, {x, 0.05, -0.5}, {x, 0, -0.4});
  }
  addJoint(s, "tail_1", "pelvis", {0, 1, -0.6}, {0, 0.8, -0.9});
  EXPECT_EQ(headOf(s), "head");
}

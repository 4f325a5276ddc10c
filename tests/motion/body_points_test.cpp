// The points that keep a body out of the floor (foot_soles.h: bodyJoints, bodyPoints): the
// trunk and head and what hangs off them, not the limbs, not a tail.
#include <gtest/gtest.h>

#include "motion/body_layout.h"
#include "motion/foot_soles.h"
#include "support/real_models.h"

using namespace rw;
using namespace rw::test;

namespace {

bool named(const Skeleton& s, const std::vector<char>& body, const std::string& name) {
  const int j = s.indexOf(name);
  EXPECT_GE(j, 0) << name;
  return j >= 0 && body[j];
}

}  // namespace

TEST(BodyPoints, TheBullsTailAndLegsAreLeftOutItsTrunkAndHeadKept) {
  Character bull;
  ASSERT_TRUE(loadModel("X/Testwuson.X", bull));
  const BodyLayout layout = analyzeBodyLayout(bull.skeleton);
  const std::vector<char> body = bodyJoints(bull.skeleton, layout);
  // The tail leaves the pelvis backwards: in a run it may swing down to the floor without
  // lifting the bull.
  for (const char* tail : {"Tail01", "Tail03", "Tail06"})
    EXPECT_FALSE(named(bull.skeleton, body, tail)) << tail;
  for (const char* kept : {"Pelvis", "Neck"}) EXPECT_TRUE(named(bull.skeleton, body, kept)) << kept;
  for (const auto* limbs : {&layout.legs, &layout.arms})
    for (const BodyLimb& limb : *limbs) {
      ASSERT_TRUE(limb.valid());
      EXPECT_FALSE(body[limb.upper]) << bull.skeleton.joints[limb.upper].name;
      EXPECT_FALSE(body[limb.end]) << bull.skeleton.joints[limb.end].name;
    }
  // No point of the tail or the legs among the body's points: each lies mostly on body joints.
  const std::vector<SolePoint> points = bodyPoints(bull, layout);
  ASSERT_GT(points.size(), 50u);
  for (const SolePoint& p : points) {
    double onBody = 0;
    for (const Influence& i : p.influences)
      if (body[i.joint]) onBody += i.weight;
    EXPECT_GE(onBody, 0.5 - 1e-9);
  }
}

TEST(BodyPoints, AHumanWithoutATailKeepsAllButItsLimbs) {
  Character bcn;
  ASSERT_TRUE(loadModel("X/BCN_Epileptic.X", bcn));
  const BodyLayout layout = analyzeBodyLayout(bcn.skeleton);
  const std::vector<char> body = bodyJoints(bcn.skeleton, layout);
  std::vector<char> limb(bcn.skeleton.size(), 0);
  for (const auto* limbs : {&layout.legs, &layout.arms})
    for (const BodyLimb& l : *limbs) {
      ASSERT_TRUE(l.valid());
      limb[l.collar >= 0 ? l.collar : l.upper] = 1;
    }
  for (int j = 0; j < bcn.skeleton.size(); ++j) {
    const int p = bcn.skeleton.joints[j].parent;
    if (p >= 0 && limb[p]) limb[j] = 1;
    EXPECT_EQ(bool(body[j]), !limb[j]) << bcn.skeleton.joints[j].name;
  }
}

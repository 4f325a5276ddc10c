// The skin metrics of skin/skin_eval.h on hand-made weights: dominant-bone agreement and bleed
// over a small skeleton's hierarchy.
#include <gtest/gtest.h>

#include "skin/skin_eval.h"
#include "skin_test_meshes.h"

namespace rw {
namespace {

/// root - spine - chest - arm - hand, and root - thigh: a chain and a side branch.
Skeleton chain() {
  Skeleton s;
  s.joints.push_back(test::makeJoint("root", -1, s, {0, 0, 0}, {0, 1, 0}));
  s.joints.push_back(test::makeJoint("spine", 0, s, {0, 1, 0}, {0, 2, 0}));
  s.joints.push_back(test::makeJoint("chest", 1, s, {0, 2, 0}, {0, 3, 0}));
  s.joints.push_back(test::makeJoint("arm", 2, s, {0, 3, 0}, {1, 3, 0}));
  s.joints.push_back(test::makeJoint("hand", 3, s, {1, 3, 0}, {2, 3, 0}));
  s.joints.push_back(test::makeJoint("thigh", 0, s, {0, 0, 0}, {0, -1, 0}));
  return s;
}

TEST(SkinEval, JointHopsCountParentChildLinks) {
  const auto hops = jointHops(chain());
  EXPECT_EQ(hops[0][0], 0);
  EXPECT_EQ(hops[0][4], 4);
  EXPECT_EQ(hops[4][0], 4);
  EXPECT_EQ(hops[4][5], 5);  // hand to thigh: up to the root and down
  EXPECT_EQ(hops[1][5], 2);
  EXPECT_EQ(hops[3][2], 1);
}

TEST(SkinEval, DominantJointIsTheLargestMergedWeight) {
  EXPECT_EQ(dominantJoint({}), -1);
  EXPECT_EQ(dominantJoint({{3, 0.4}, {1, 0.35}, {1, 0.25}}), 1);  // duplicates are one joint
  EXPECT_EQ(dominantJoint({{5, 0.5}, {2, 0.5}}), 2);              // ties: the lower joint
  EXPECT_EQ(dominantJoint({{5, 0.3}, {2, 0.2}, {5, 0.1}, {2, 0.2}}), 2);
  EXPECT_EQ(dominantJoint({{4, 0.0}, {6, -0.1}}), -1);  // no positive weight: none
  EXPECT_EQ(dominantJoint({{4, 0.5}, {2, 0.5}}), 2);    // ties: the lower index
}

TEST(SkinEval, BleedCountsNoticeableWeightFromFarJoints) {
  const auto hops = jointHops(chain());
  SkinWeights w;
  w.perVertex = {
      {{4, 0.9}, {5, 0.1}},    // hand with thigh weight: 5 links away
      {{4, 0.97}, {5, 0.03}},  // the same under the 5% threshold
      {{1, 0.6}, {3, 0.4}},    // spine with arm: 2 links, a neighbour's blend
      {{2, 0.5}, {0, 0.5}},    // chest (tie, the lower index is the root) and root: 2 links
      {{0, 0.8}, {3, 0.2}},    // root with arm: 3 links
      {},                      // unweighted: not counted
  };
  EXPECT_NEAR(bleedShare(w, hops, 0.05, 2), 2.0 / 5.0, 1e-12);
  EXPECT_NEAR(bleedShare(w, hops, 0.05, 4), 1.0 / 5.0, 1e-12);
  EXPECT_NEAR(bleedShare(w, hops, 0.15, 2), 1.0 / 5.0, 1e-12);
}

TEST(SkinEval, DominantAgreementAndBleedAgainstAReference) {
  Character reference;
  reference.skeleton = chain();
  reference.mesh.source.positions.assign(4, Eigen::Vector3d::Zero());
  reference.skin.perVertex = {{{4, 1.0}}, {{3, 0.7}, {4, 0.3}}, {{1, 1.0}}, {{5, 1.0}}};
  SkinWeights ours;
  ours.perVertex = {{{4, 0.8}, {5, 0.2}}, {{4, 0.6}, {3, 0.4}}, {{1, 1.0}}, {{5, 1.0}}};
  const SkinEvalMetrics m = evaluateSkin(reference, ours, -1);
  EXPECT_EQ(m.vertices, 4);
  EXPECT_NEAR(m.dominantAgreement, 3.0 / 4.0, 1e-12);
  EXPECT_NEAR(m.bleed, 1.0 / 4.0, 1e-12);
  EXPECT_EQ(m.referenceBleed, 0.0);
  EXPECT_NEAR(m.meanL1, (0.4 + 0.6 + 0.0 + 0.0) / 4.0, 1e-12);
  EXPECT_TRUE(m.clip.empty());
  // Against itself: full agreement, the same bleed.
  const SkinEvalMetrics self = evaluateSkin(reference, reference.skin, -1);
  EXPECT_EQ(self.dominantAgreement, 1.0);
  EXPECT_EQ(self.bleed, self.referenceBleed);
}

TEST(SkinEval, FindClipByNameOrPart) {
  std::vector<AnimationClip> clips(3);
  clips[0].name = "Wuson_Run";
  clips[1].name = "Wuson_Walk";
  clips[2].name = "Walk";
  EXPECT_EQ(findClip(clips, "Walk"), 2);
  EXPECT_EQ(findClip(clips, "Run"), 0);
  EXPECT_EQ(findClip(clips, "Jump"), -1);
  EXPECT_EQ(findClip(clips, ""), -1);
}

}  // namespace
}  // namespace rw

// RigNet's skeleton metrics on skeletons small enough to compute by hand.
#include "skeleton/skeleton_metrics.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace rw;

namespace {

/// A chain of joints at the given points (each a child of the previous one), all deform.
Skeleton chain(const std::vector<Eigen::Vector3d>& points) {
  Skeleton s;
  for (std::size_t i = 0; i < points.size(); ++i) {
    Joint j;
    j.name = "j" + std::to_string(i);
    j.parent = int(i) - 1;
    j.restLocal = Transform::Identity();
    j.restLocal.translation() = i == 0 ? points[0] : Eigen::Vector3d(points[i] - points[i - 1]);
    s.joints.push_back(j);
  }
  return s;
}

const Eigen::Vector3d X = Eigen::Vector3d::UnitX(), Y = Eigen::Vector3d::UnitY();

}  // namespace

TEST(SkeletonMetrics, IdenticalSkeletonsAreZeroAndFullyMatched) {
  const Skeleton s = chain({Eigen::Vector3d::Zero(), X, 2 * X + 0.5 * Y});
  const Expected<SkeletonMetrics> m = compareSkeletons(s, s, 3.0);
  ASSERT_TRUE(m) << m.error().message;
  EXPECT_EQ(m->joints, 3);
  EXPECT_EQ(m->referenceJoints, 3);
  EXPECT_DOUBLE_EQ(m->size, 3.0);
  EXPECT_NEAR(m->cdJ2J, 0.0, 1e-15);
  EXPECT_NEAR(m->cdJ2B, 0.0, 1e-15);
  EXPECT_NEAR(m->cdB2B, 0.0, 1e-15);
  EXPECT_EQ(m->matched, 3);
  EXPECT_EQ(m->precision, 1.0);
  EXPECT_EQ(m->recall, 1.0);
}

// A copy moved by t across its bones: every joint and every bone point is |t| from the other
// skeleton, so all three distances are |t| / size.
TEST(SkeletonMetrics, TranslatedCopyIsTheTranslationOverTheSize) {
  const Skeleton reference = chain({Eigen::Vector3d::Zero(), X, 2 * X});
  const Skeleton moved = chain({0.1 * Y, X + 0.1 * Y, 2 * X + 0.1 * Y});
  const double size = jointBoxDiagonal(reference, false);
  EXPECT_DOUBLE_EQ(size, 2.0);
  SkeletonMetricsParams params;
  params.matchTolerance = 0.06;  // 0.12 > 0.1: every joint matched
  Expected<SkeletonMetrics> m = compareSkeletons(moved, reference, size, params);
  ASSERT_TRUE(m);
  EXPECT_NEAR(m->cdJ2J, 0.05, 1e-12);
  EXPECT_NEAR(m->cdJ2B, 0.05, 1e-12);
  EXPECT_NEAR(m->cdB2B, 0.05, 1e-12);
  EXPECT_EQ(m->matched, 3);
  params.matchTolerance = 0.04;  // 0.08 < 0.1: none
  m = compareSkeletons(moved, reference, size, params);
  EXPECT_EQ(m->matched, 0);
  EXPECT_EQ(m->precision, 0.0);
  EXPECT_EQ(m->recall, 0.0);
}

// One bone along X against one along Y from the same point: the far joints are 1 from the
// other skeleton's nearest joint and bone, and bone points at distance x average 1/2.
TEST(SkeletonMetrics, PerpendicularBones) {
  const Skeleton a = chain({Eigen::Vector3d::Zero(), X});
  const Skeleton b = chain({Eigen::Vector3d::Zero(), Y});
  const Expected<SkeletonMetrics> m = compareSkeletons(a, b, 2.0);
  ASSERT_TRUE(m);
  EXPECT_NEAR(m->cdJ2J, 0.5 / 2.0, 1e-12);
  EXPECT_NEAR(m->cdJ2B, 0.5 / 2.0, 1e-12);
  EXPECT_NEAR(m->cdB2B, 0.5 / 2.0, 1e-12);
  EXPECT_EQ(m->matched, 1);  // the shared root; 1 > 5% of 2 for the far ends
  EXPECT_EQ(m->precision, 0.5);
}

// An extra joint in the middle of a bone: far from every joint of the other skeleton (J2J) but
// on its bone (J2B, B2B are zero). J2J = (0 + (0 + 1 + 0) / 3) / 2 = 1/6 of the size.
TEST(SkeletonMetrics, JointOnTheOtherBoneCountsForJ2JOnly) {
  const Skeleton coarse = chain({Eigen::Vector3d::Zero(), 2 * X});
  const Skeleton fine = chain({Eigen::Vector3d::Zero(), X, 2 * X});
  const Expected<SkeletonMetrics> m = compareSkeletons(fine, coarse, 1.0);
  ASSERT_TRUE(m);
  EXPECT_NEAR(m->cdJ2J, 1.0 / 6.0, 1e-12);
  EXPECT_NEAR(m->cdJ2B, 0.0, 1e-12);
  EXPECT_NEAR(m->cdB2B, 0.0, 1e-12);
  EXPECT_EQ(m->matched, 2);
  EXPECT_NEAR(m->precision, 2.0 / 3.0, 1e-12);
  EXPECT_EQ(m->recall, 1.0);
}

// One-to-one matching: two joints on one reference joint count once.
TEST(SkeletonMetrics, MatchingIsOneToOne) {
  const Skeleton reference = chain({Eigen::Vector3d::Zero(), 4 * X});
  const Skeleton clumped = chain({Eigen::Vector3d::Zero(), 0.01 * Y, 4 * X + 4 * Y});
  const Expected<SkeletonMetrics> m = compareSkeletons(clumped, reference, 4.0);
  ASSERT_TRUE(m);
  EXPECT_EQ(m->matched, 1);
  EXPECT_NEAR(m->precision, 1.0 / 3.0, 1e-12);
  EXPECT_EQ(m->recall, 0.5);
}

// Control bones are left out by default: bones then join a joint to its nearest deform
// ancestor, and the box ignores them.
TEST(SkeletonMetrics, ControlBonesLeftOutUnlessAsked) {
  Skeleton s = chain({Eigen::Vector3d::Zero(), X, 2 * X});
  s.joints[1].deform = false;  // j1 is a control between two deform joints
  Joint far;
  far.name = "pole";
  far.parent = 0;
  far.deform = false;
  far.restLocal.translation() = 10 * Y;
  s.joints.push_back(far);

  const SkeletonPoints deform = skeletonPoints(s, false);
  ASSERT_EQ(deform.positions.size(), 2u);
  ASSERT_EQ(deform.bones.size(), 1u);
  EXPECT_EQ(deform.joint, (std::vector<int>{0, 2}));
  EXPECT_EQ(deform.bones[0], (std::pair<int, int>{0, 1}));
  EXPECT_DOUBLE_EQ(jointBoxDiagonal(s, false), 2.0);
  EXPECT_DOUBLE_EQ(jointBoxDiagonal(s, true), std::sqrt(4.0 + 100.0));
  EXPECT_EQ(skeletonPoints(s, true).bones.size(), 3u);

  const Skeleton plain = chain({Eigen::Vector3d::Zero(), 2 * X});
  Expected<SkeletonMetrics> m = compareSkeletons(s, plain, 2.0);
  ASSERT_TRUE(m);
  EXPECT_NEAR(m->cdJ2J, 0.0, 1e-15);
  EXPECT_NEAR(m->cdB2B, 0.0, 1e-15);
  SkeletonMetricsParams all;
  all.includeControl = true;
  m = compareSkeletons(s, plain, 2.0, all);
  ASSERT_TRUE(m);
  EXPECT_GT(m->cdJ2J, 0.5);  // the pole is 10 away
}

TEST(SkeletonMetrics, LoneJointIsABoneOfZeroLength) {
  const Skeleton point = chain({Y});
  const SkeletonPoints p = skeletonPoints(point, false);
  ASSERT_EQ(p.bones.size(), 1u);
  EXPECT_EQ(p.bones[0], (std::pair<int, int>{0, 0}));
  const Expected<SkeletonMetrics> m =
      compareSkeletons(point, chain({Eigen::Vector3d::Zero(), 2 * X}), 2.0);
  ASSERT_TRUE(m);
  // J2B: the point is 1 from the bone, the bone's ends 1 and sqrt(5) from the point.
  EXPECT_NEAR(m->cdJ2B, 0.5 * (1.0 + 0.5 * (1.0 + std::sqrt(5.0))) / 2.0, 1e-12);
}

TEST(SkeletonMetrics, ErrorsNameTheProblem) {
  const Skeleton s = chain({Eigen::Vector3d::Zero(), X});
  Skeleton controls = s;
  for (Joint& j : controls.joints) j.deform = false;
  EXPECT_FALSE(compareSkeletons(s, s, 0.0));
  EXPECT_FALSE(compareSkeletons(s, s, std::nan("")));
  const auto noDeform = compareSkeletons(controls, s, 1.0);
  ASSERT_FALSE(noDeform);
  EXPECT_NE(noDeform.error().message.find("no deform joints"), std::string::npos);
  const auto emptyReference = compareSkeletons(s, Skeleton{}, 1.0);
  ASSERT_FALSE(emptyReference);
  EXPECT_NE(emptyReference.error().message.find("reference"), std::string::npos);
}

TEST(SkeletonMetrics, JointErrorsByName) {
  const Skeleton reference = chain({Eigen::Vector3d::Zero(), X, 2 * X});
  Skeleton ours = chain({Eigen::Vector3d::Zero(), X + 0.3 * Y, 2 * X + 0.3 * Y});
  ours.joints[2].name = "renamed";
  const NamedJointErrors e = jointErrorsByName(ours, reference, 2.0);
  ASSERT_EQ(e.matched.size(), 2u);
  EXPECT_EQ(e.matched[0].name, "j0");
  EXPECT_NEAR(e.matched[0].distance, 0.0, 1e-15);
  EXPECT_EQ(e.matched[1].name, "j1");
  EXPECT_NEAR(e.matched[1].distance, 0.3, 1e-12);
  EXPECT_NEAR(e.matched[1].relative, 0.15, 1e-12);
  EXPECT_EQ(e.missingInReference, (std::vector<std::string>{"renamed"}));
}

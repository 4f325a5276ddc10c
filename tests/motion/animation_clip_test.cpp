#include <gtest/gtest.h>

#include <cmath>

#include "motion/animation_clip.h"

using namespace rw;

namespace {
Skeleton twoJoints() {
  Skeleton s;
  Transform up = Transform::Identity();
  up.translate(Eigen::Vector3d(0, 1, 0));
  s.joints.push_back({"root", -1, Transform::Identity(), true, {}});
  s.joints.push_back({"child", 0, up, true, {}});
  return s;
}
}  // namespace

TEST(AnimationClip, LinearTranslationBetweenKeysAndClampedOutside) {
  std::vector<VectorKey> keys = {{0.0, {0, 0, 0}}, {1.0, {2, 0, 0}}, {3.0, {2, 4, 0}}};
  EXPECT_TRUE(sampleVector(keys, 0.5, {}).isApprox(Eigen::Vector3d(1, 0, 0)));
  EXPECT_TRUE(sampleVector(keys, 2.0, {}).isApprox(Eigen::Vector3d(2, 2, 0)));
  EXPECT_TRUE(sampleVector(keys, -1.0, {}).isApprox(Eigen::Vector3d(0, 0, 0)));
  EXPECT_TRUE(sampleVector(keys, 9.0, {}).isApprox(Eigen::Vector3d(2, 4, 0)));
  EXPECT_TRUE(sampleVector({}, 1.0, Eigen::Vector3d(7, 7, 7)).isApprox(Eigen::Vector3d(7, 7, 7)));
}

TEST(AnimationClip, RotationSlerpsTheShortWay) {
  const Eigen::Quaterniond a(Eigen::AngleAxisd(0.0, Eigen::Vector3d::UnitZ()));
  // 170° stored with a negative w: the same rotation as -q. Halfway must be 85°, not -95°.
  Eigen::Quaterniond b(Eigen::AngleAxisd(170 * M_PI / 180, Eigen::Vector3d::UnitZ()));
  b.coeffs() *= -1;
  const Eigen::Quaterniond mid = sampleRotation({{0.0, a}, {1.0, b}}, 0.5, {});
  EXPECT_NEAR(Eigen::AngleAxisd(mid).angle(), 85 * M_PI / 180, 1e-9);
}

TEST(AnimationClip, SampleLocalsUsesRestWhereUnkeyed) {
  const Skeleton s = twoJoints();
  AnimationClip clip;
  clip.duration = 2.0;
  clip.framesPerSecond = 10;
  JointChannel c;
  c.joint = 0;
  c.rotation = {{0.0, Eigen::Quaterniond::Identity()},
                {2.0, Eigen::Quaterniond(Eigen::AngleAxisd(M_PI / 2, Eigen::Vector3d::UnitZ()))}};
  clip.channels.push_back(c);
  EXPECT_EQ(clip.frameCount(), 21);
  const auto locals = clip.sampleLocals(s, 1.0);
  // The root turned 45°; the child keeps its rest offset, so its global sits on the 45° line.
  const auto globals = s.globalsFromLocals(locals);
  EXPECT_TRUE(globals[1].translation().isApprox(Eigen::Vector3d(-std::sqrt(0.5), std::sqrt(0.5), 0),
                                                1e-12));
  EXPECT_TRUE(locals[1].matrix().isApprox(s.joints[1].restLocal.matrix()));
}

TEST(AnimationClip, DecomposeComposeRoundTrip) {
  const Transform t =
      compose(Eigen::Vector3d(1, 2, 3),
              Eigen::Quaterniond(Eigen::AngleAxisd(0.7, Eigen::Vector3d(1, 2, 3).normalized())),
              Eigen::Vector3d(2, 2, 2));
  Eigen::Vector3d tr, sc;
  Eigen::Quaterniond r;
  decompose(t, tr, r, sc);
  EXPECT_TRUE(compose(tr, r, sc).matrix().isApprox(t.matrix(), 1e-12));
  EXPECT_TRUE(sc.isApprox(Eigen::Vector3d(2, 2, 2)));
}

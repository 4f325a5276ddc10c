#include <gtest/gtest.h>

#include <Eigen/Geometry>
#include <cmath>

#include "skeleton/bone_roll.h"

using namespace rw;

namespace {

Transform frame(const Eigen::Vector3d& at, const Eigen::AngleAxisd& turn) {
  Transform t = Transform::Identity();
  t.translate(at);
  t.rotate(turn);
  return t;
}

/// A tilted arm: shoulder, upper arm, forearm with a hand and a control bone under it; frames
/// turned arbitrarily (as rigs from files are) so the bone axis is not the local Y.
Skeleton tiltedArm() {
  Skeleton s;
  s.joints.push_back(
      {"shoulder", -1, frame({0, 1.5, 0}, {0.3, Eigen::Vector3d::UnitZ()}), true, {}});
  s.joints.push_back({"upperarm",
                      0,
                      frame({0.2, 0, 0.05}, {0.7, Eigen::Vector3d(1, 2, 3).normalized()}),
                      true,
                      {}});
  s.joints.push_back({"forearm",
                      1,
                      frame({0.3, -0.1, 0.1}, {-0.4, Eigen::Vector3d(0, 1, 1).normalized()}),
                      true,
                      {}});
  s.joints.push_back(
      {"hand", 2, frame({0.25, 0.02, -0.03}, {0.2, Eigen::Vector3d::UnitX()}), true, {}});
  s.joints.push_back(
      {"hand_ik", 2, frame({0.25, 0.0, 0.0}, {0.0, Eigen::Vector3d::UnitX()}), false, {}});
  return s;
}

}  // namespace

// Setting a roll turns that joint's frame about its bone, and nothing else: no joint moves, no
// bone changes its ends, every other frame in character space is as it was.
TEST(BoneRoll, TheRollIsWhatWasSetAndTheRestStays) {
  Skeleton s = tiltedArm();
  const std::vector<Transform> before = s.restGlobals();
  const std::vector<BoneShape> shapes = s.boneShapes();
  for (int joint : {1, 2}) {
    for (double roll : {1.0, -2.5, 3.0, 0.0}) {
      Skeleton t = s;
      ASSERT_TRUE(setBoneRoll(t, joint, roll));
      const std::vector<Transform> after = t.restGlobals();
      const std::vector<BoneShape> now = t.boneShapes();
      EXPECT_NEAR(std::remainder(now[joint].roll - roll, 2 * M_PI), 0.0, 1e-9) << joint << roll;
      for (int j = 0; j < t.size(); ++j) {
        EXPECT_LT((after[j].translation() - before[j].translation()).norm(), 1e-12);
        EXPECT_LT((now[j].tail - shapes[j].tail).norm(), 1e-12);
        if (j != joint) {
          EXPECT_LT((after[j].linear() - before[j].linear()).norm(), 1e-12);
        }
      }
      // A turn about the bone: the turned frame is the old one rotated about head → tail.
      const Eigen::Vector3d axis = (shapes[joint].tail - shapes[joint].head).normalized();
      const Eigen::Matrix3d turn = after[joint].linear() * before[joint].linear().transpose();
      EXPECT_LT((turn * axis - axis).norm(), 1e-9);
      EXPECT_NEAR(turn.determinant(), 1.0, 1e-9);
    }
  }
}

TEST(BoneRoll, RollTowardsFindsTheRollThatPointsZ) {
  const Skeleton s = tiltedArm();
  const BoneShape bone = s.boneShapes()[2];
  for (double roll : {-3.0, -1.0, 0.0, 0.5, 2.0}) {
    BoneShape rolled = bone;
    rolled.roll = roll;
    const Eigen::Vector3d z = rolledZ(rolled);
    EXPECT_NEAR(z.norm(), 1.0, 1e-12);
    EXPECT_NEAR(z.dot((bone.tail - bone.head).normalized()), 0.0, 1e-12);
    // Any vector whose part square to the bone is along z gives the same roll.
    const Eigen::Vector3d along = 2.0 * z + 0.7 * (bone.tail - bone.head);
    EXPECT_NEAR(rollTowards(bone, along), roll, 1e-9);
  }
  EXPECT_DOUBLE_EQ(rollTowards(bone, bone.tail - bone.head), bone.roll);  // along the bone
}

TEST(BoneRoll, ABoneOfNoLengthOrAJointOutOfRangeIsLeftAlone) {
  Skeleton s;
  s.joints.push_back({"a", -1, Transform::Identity(), true, Eigen::Vector3d::Zero()});
  const Skeleton before = s;
  EXPECT_FALSE(setBoneRoll(s, 0, 1.0));
  EXPECT_FALSE(setBoneRoll(s, 3, 1.0));
  EXPECT_FALSE(setBoneRoll(s, -1, 1.0));
  EXPECT_FALSE(setBoneRoll(s, 0, std::nan("")));
  EXPECT_TRUE(s.joints[0].restLocal.isApprox(before.joints[0].restLocal));
}

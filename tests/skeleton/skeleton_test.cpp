#include <gtest/gtest.h>

#include <cmath>

#include "skeleton/detached_trees.h"
#include "skeleton/skeleton.h"

using namespace rw;

namespace {

Transform translation(double x, double y, double z) {
  Transform t = Transform::Identity();
  t.translate(Eigen::Vector3d(x, y, z));
  return t;
}

/// root at origin, spine 1 up, two arms along ±X from the spine top, a control bone.
Skeleton smallSkeleton() {
  Skeleton s;
  s.joints.push_back({"root", -1, translation(0, 0, 0), true, {}});
  s.joints.push_back({"spine", 0, translation(0, 1, 0), true, {}});
  s.joints.push_back({"arm.L", 1, translation(1, 0, 0), true, {}});
  s.joints.push_back({"arm.R", 1, translation(-1, 0, 0), true, {}});
  s.joints.push_back({"hand_ik.L", -1, translation(2, 1, 0), false, {}});
  s.constraints.push_back({ConstraintType::IK, 2, 4, -1, 2, 1.0, 0.0});
  return s;
}

}  // namespace

TEST(Skeleton, TreeQueries) {
  const Skeleton s = smallSkeleton();
  EXPECT_EQ(s.indexOf("arm.R"), 3);
  EXPECT_EQ(s.indexOf("nope"), -1);
  EXPECT_EQ(s.children(1), (std::vector<int>{2, 3}));
  EXPECT_EQ(s.roots(), (std::vector<int>{0, 4}));
  EXPECT_EQ(s.deformCount(), 4);
  EXPECT_EQ(s.controlCount(), 1);
  EXPECT_FALSE(s.validate().has_value());
}

TEST(Skeleton, ControlBonesUnderADeformBoneDoNotPullItsTail) {
  Skeleton s = smallSkeleton();
  // A prop under the left arm (a weapon in the hand) and a helmet-like control under a new
  // deform leaf above the spine.
  s.joints.push_back({"weapon.L", 2, translation(0, -0.7, 0.4), false, {}});
  s.joints.push_back({"head", 1, translation(0, 0.5, 0), true, {}});
  s.joints.push_back({"helmet", 6, translation(0, -0.3, 0.2), false, {}});
  // The spine's tail: the mean of its deform children (both arms and the head), not the prop.
  EXPECT_TRUE(s.boneShape(1).tail.isApprox(Eigen::Vector3d(0, 3.5 / 3.0, 0)))
      << s.boneShape(1).tail.transpose();
  // A deform bone whose only children are controls is a leaf: along its Y axis, half its
  // parent's length, wherever the helmet or the weapon hangs.
  EXPECT_TRUE(s.boneShape(2).tail.isApprox(Eigen::Vector3d(1, 1.5, 0)))
      << s.boneShape(2).tail.transpose();
  EXPECT_TRUE(s.boneShape(6).tail.isApprox(Eigen::Vector3d(0, 1.75, 0)))
      << s.boneShape(6).tail.transpose();
  // A control bone's tail still follows its (control) children.
  s.joints.push_back({"weapon_tip.L", 5, translation(0, 0, 0.5), false, {}});
  const Eigen::Vector3d weapon = s.restGlobals()[5].translation();
  EXPECT_TRUE(s.boneShape(5).tail.isApprox(weapon + Eigen::Vector3d(0, 0, 0.5)));
}

TEST(Skeleton, GlobalsComposeParentsFirst) {
  Skeleton s = smallSkeleton();
  s.joints[1].restLocal =
      translation(0, 1, 0) * Transform(Eigen::AngleAxisd(M_PI / 2, Eigen::Vector3d::UnitZ()));
  const auto g = s.restGlobals();
  // arm.L's local +X is rotated onto +Y by the spine's 90° turn about Z.
  EXPECT_TRUE(g[2].translation().isApprox(Eigen::Vector3d(0, 2, 0), 1e-12));
  EXPECT_TRUE(g[4].translation().isApprox(Eigen::Vector3d(2, 1, 0), 1e-12));
}

TEST(Skeleton, BoneShapeTailAndRoll) {
  const Skeleton s = smallSkeleton();
  const BoneShape spine = s.boneShape(1);
  EXPECT_TRUE(spine.head.isApprox(Eigen::Vector3d(0, 1, 0)));
  EXPECT_TRUE(spine.tail.isApprox(Eigen::Vector3d(0, 1, 0)));  // mean of ±X arms
  const BoneShape root = s.boneShape(0);
  EXPECT_TRUE(root.tail.isApprox(Eigen::Vector3d(0, 1, 0)));
  EXPECT_NEAR(root.roll, 0.0, 1e-12);  // identity frame along +Y: Blender's default frame

  // Leaf: extends along local Y by half its parent's length.
  const BoneShape arm = s.boneShape(2);
  EXPECT_TRUE(arm.tail.isApprox(Eigen::Vector3d(1, 1.5, 0))) << arm.tail.transpose();

  // Rolling the root 90° about its own Y axis shows up as roll = 90°.
  Skeleton rolled = s;
  rolled.joints[0].restLocal = Transform(Eigen::AngleAxisd(M_PI / 2, Eigen::Vector3d::UnitY()));
  rolled.joints[1].restLocal =
      Transform(Eigen::AngleAxisd(-M_PI / 2, Eigen::Vector3d::UnitY())) * translation(0, 1, 0);
  EXPECT_NEAR(rolled.boneShape(0).roll, M_PI / 2, 1e-9);

  // An explicit tail wins.
  Skeleton tailed = s;
  tailed.joints[2].tail = Eigen::Vector3d(3, 1, 0);
  EXPECT_TRUE(tailed.boneShape(2).tail.isApprox(Eigen::Vector3d(3, 1, 0)));
}

TEST(Skeleton, CoLocatedChildDoesNotBreakTheBone) {
  Skeleton s;
  s.joints.push_back({"a", -1, translation(0, 0, 0), true, {}});
  s.joints.push_back({"b", 0, translation(0, 0, 0), true, {}});  // co-located (BCN has two)
  const BoneShape a = s.boneShape(0);
  EXPECT_TRUE(a.tail.allFinite());
  EXPECT_GT(a.length(), 0.0);
}

TEST(Skeleton, ValidateNamesTheProblem) {
  Skeleton s = smallSkeleton();
  s.joints[3].name = "arm.L";
  ASSERT_TRUE(s.validate().has_value());
  EXPECT_NE(s.validate()->message.find("two joints are called 'arm.L'"), std::string::npos);

  s = smallSkeleton();
  s.joints[1].parent = 3;
  ASSERT_TRUE(s.validate().has_value());
  EXPECT_NE(s.validate()->message.find("spine"), std::string::npos);

  s = smallSkeleton();
  s.constraints[0].target = 99;
  EXPECT_TRUE(s.validate().has_value());
}

TEST(Skeleton, ConstraintTypeNamesRoundTrip) {
  for (ConstraintType t :
       {ConstraintType::IK, ConstraintType::CopyTransforms, ConstraintType::ChildOf,
        ConstraintType::DampedTrack, ConstraintType::CopyLocation, ConstraintType::CopyRotation})
    EXPECT_EQ(constraintTypeFromString(toString(t)), t);
  EXPECT_FALSE(constraintTypeFromString("spline_ik").has_value());
}

// Issue 20: legs exported as deform roots of their own hang from the nearest joint of the body
// (skeleton/detached_trees.h), for analyses that follow the hierarchy; a lone helper joint and a
// tree too far away (a prop) stay roots, control roots are not touched, and every joint keeps
// its rest position with parents ahead of their children.
TEST(DetachedTrees, LegRootsHangFromTheNearestBodyJointPropsAndLoneJointsStay) {
  Skeleton s;
  s.joints.push_back({"thigh.L", -1, translation(0.2, 1, 0), true, {}});  // before its hip
  s.joints.push_back({"shin.L", 0, translation(0, -0.5, 0), true, {}});
  s.joints.push_back({"hips", -1, translation(0, 1.05, 0), true, {}});
  s.joints.push_back({"spine", 2, translation(0, 0.5, 0), true, {}});
  s.joints.push_back({"neck", 3, translation(0, 0.5, 0), true, {}});
  s.joints.push_back({"helper", -1, translation(0, 1.3, 0.1), true, {}});
  s.joints.push_back({"sword", -1, translation(5, 0, 0), true, {}});
  s.joints.push_back({"blade", 6, translation(1, 0, 0), true, {}});
  s.joints.push_back({"foot_ik.L", -1, translation(0.2, 0, 0), false, {}});
  ASSERT_FALSE(s.validate());
  const Skeleton joined = withDetachedTreesJoined(s);
  ASSERT_FALSE(joined.validate()) << joined.validate()->message;
  ASSERT_EQ(joined.size(), s.size());
  const auto parentName = [&](const char* name) {
    const int p = joined.joints[joined.indexOf(name)].parent;
    return p < 0 ? std::string("-") : joined.joints[p].name;
  };
  EXPECT_EQ(parentName("thigh.L"), "hips");
  EXPECT_EQ(parentName("shin.L"), "thigh.L");
  EXPECT_EQ(parentName("helper"), "-");
  EXPECT_EQ(parentName("sword"), "-");
  EXPECT_EQ(parentName("foot_ik.L"), "-");
  const std::vector<Transform> before = s.restGlobals(), after = joined.restGlobals();
  for (int j = 0; j < s.size(); ++j)
    EXPECT_TRUE(after[joined.indexOf(s.joints[j].name)].translation().isApprox(
        before[j].translation(), 1e-12))
        << s.joints[j].name;
  // Nothing to join: the skeleton as it is, joints in their order.
  const Skeleton whole = withDetachedTreesJoined(joined);
  for (int j = 0; j < joined.size(); ++j) EXPECT_EQ(whole.joints[j].name, joined.joints[j].name);
}

// retarget/arc_plan.h stages that need no mesh: the skeleton's frame and turn-back joints.
#include <gtest/gtest.h>

#include <Eigen/Geometry>

#include "retarget/arc_plan.h"

using namespace rw;
using V = Eigen::Vector3d;

TEST(ArcPlan, OrientSkeletonFindsTheTurnAndTheSizeRatio) {
  // Three arcs of a skeleton built facing +x, their mesh paths turned a quarter about y and
  // twice as long.
  const Eigen::Matrix3d turn = Eigen::AngleAxisd(M_PI / 2, V::UnitY()).toRotationMatrix();
  std::vector<ArcPlan> plans(3);
  const std::vector<std::pair<V, V>> chords = {
      {V(0, 0, 0), V(0, -1, 0)}, {V(0, -1, 0), V(1, -2, 0.5)}, {V(0, -1, 0), V(-1, -2, 0.2)}};
  for (int i = 0; i < 3; ++i) {
    plans[i].chain = {chords[i].first, chords[i].second};
    plans[i].path = {2 * (turn * chords[i].first), 2 * (turn * chords[i].second)};
  }
  plans[1].parentPoint = plans[2].parentPoint = {0, 1};
  plans[0].branchEnd = true;  // measured through its children's routes
  const SkeletonFrame frame = orientSkeleton(plans);
  EXPECT_TRUE(frame.facing.isApprox(turn, 1e-9));
  EXPECT_NEAR(frame.scale, 2.0, 1e-12);
}

TEST(ArcPlan, PruneTurnBacksDropsAJointWhereTheChainDoublesBack) {
  ArcPlan plan;
  // Out along x, then back (a root joint between two spines), then on: the joint at (4,0,0)
  // turns back by 180°; the joint at (2,0.1,0) only bends.
  plan.chain = {V(0, 0, 0), V(2, 0.1, 0), V(4, 0, 0), V(1, 0, 0.2), V(0, 0, 3)};
  for (int j = 0; j < 5; ++j) plan.points.push_back({j, false});
  std::vector<ArcPlan> plans = {plan};
  pruneTurnBacks(plans, PlacementHeuristics{});
  ASSERT_EQ(plans[0].points.size(), 4u);
  EXPECT_EQ(plans[0].points[2].joint, 3) << "joint 2 (the turn back) is left to follow";
  EXPECT_TRUE(plans[0].chain[2].isApprox(V(1, 0, 0.2)));
}

// retarget/limb_geometry.h on small constructed limbs and trunks.
#include <gtest/gtest.h>

#include "graph/topology_graph.h"
#include "retarget/limb_geometry.h"

using namespace rw;
using V = Eigen::Vector3d;

namespace {

/// `count` points from a to b.
std::vector<V> line(const V& a, const V& b, int count) {
  std::vector<V> out;
  for (int k = 0; k < count; ++k) out.push_back(a + (b - a) * (double(k) / (count - 1)));
  return out;
}

}  // namespace

TEST(LimbGeometry, FirstDistinctJointSkipsZeroLengthBones) {
  EXPECT_EQ(firstDistinctJoint({V(0, 0, 0), V(0, 0, 0), V(1, 0, 0), V(2, 0, 0)}), 2u);
  EXPECT_EQ(firstDistinctJoint({V(0, 0, 0), V(1, 0, 0), V(2, 0, 0)}), 1u);
  EXPECT_EQ(firstDistinctJoint({V(0, 0, 0), V(0, 0, 0)}), 1u) << "at most the chain's last";
}

TEST(LimbGeometry, LimbAxisIsAnchoredAQuarterOutAndPointsOutwards) {
  // A straight leg hanging 10 down, its first centroids pulled sideways towards the trunk.
  std::vector<V> leg = line(V(0, 0, 0), V(0, -10, 0), 41);
  for (int k = 0; k < 6; ++k) leg[k].x() = 0.5 * (6 - k) / 6.0;
  const LimbAxis axis = limbAxis(leg);
  EXPECT_NEAR(leg[axis.first].y(), -2.5, 1e-9) << "a quarter of the length out";
  EXPECT_NEAR(axis.axis.dot(V(0, -1, 0)), 1.0, 1e-9) << "the pulled centroids do not tilt it";
}

TEST(LimbGeometry, BridgedLimbPathRunsFromTheJointUpTheLimbsAxis) {
  // The joint (a hip) 3 above the limb's first centroid, straight above it; the trunk runs
  // down. The path: the joint, the limb's axis extended up to the joint's height, the limb.
  const std::vector<V> leg = line(V(1, 0, 0), V(1, -8, 0), 33);
  const V hip(1, 3, 0), down(0, -1, 0);
  const std::vector<V> path = bridgedLimbPath(leg, hip, down, 0.0);
  ASSERT_GE(path.size(), 3u);
  EXPECT_TRUE(path[0].isApprox(hip));
  EXPECT_NEAR(path[1].y(), 3.0, 1e-9) << "the axis extended back to the joint's height";
  EXPECT_NEAR(path[1].x(), 1.0, 1e-9);
  EXPECT_TRUE(path.back().isApprox(leg.back()));
  // A limb across the trunk (slope below bridgeMinSlope) is not extended.
  const std::vector<V> arm = line(V(1, 0, 0), V(9, 0, 0), 33);
  const std::vector<V> across = bridgedLimbPath(arm, V(0, 0, 0), down, 0.0);
  EXPECT_TRUE(across[1].isApprox(arm[8])) << "joint, then the limb from its anchor";
}

TEST(LimbGeometry, BranchingJointIsWhereItsCrossingLimbsStart) {
  // A trunk along x; two legs hang from x = 6, their first joints 1 to each side of the spine.
  const std::vector<V> trunk = line(V(0, 0, 0), V(10, 0, 0), 11);
  const std::vector<LimbLine> legs = {{V(0, 0, 1), V(6, -2, 1), V(0, -1, 0)},
                                      {V(0, 0, -1), V(6, -2, -1), V(0, -1, 0)}};
  const auto joint = branchingFromLimbs(trunk, legs);
  ASSERT_TRUE(joint);
  EXPECT_NEAR(joint->x(), 6.0, 10.0 / 199) << "within one of the 200 samples";
  EXPECT_FALSE(branchingFromLimbs(trunk, {legs[0]})) << "one limb says nothing";
}

TEST(LimbGeometry, CutTrimAndSmoothKeepTheirEnds) {
  const std::vector<V> path = line(V(0, 0, 0), V(10, 0, 0), 11);
  const std::vector<V> cut = cutPathAt(path, V(4.5, 1, 0));
  EXPECT_TRUE(cut.back().isApprox(V(4.5, 0, 0)));
  EXPECT_TRUE(cut.front().isApprox(V(0, 0, 0)));
  const std::vector<V> trimmed = trimPathStart(path, 3.0);
  EXPECT_TRUE(trimmed.front().isApprox(V(3, 0, 0)));
  EXPECT_TRUE(trimmed.back().isApprox(V(10, 0, 0)));
  EXPECT_TRUE(trimPathStart(path, 8.0).front().isApprox(V(5, 0, 0))) << "at most half";
  // A right-angle corner is rounded; the first point and the end stay.
  std::vector<V> corner = line(V(0, 0, 0), V(5, 0, 0), 6);
  for (const V& p : line(V(5, 0, 0), V(5, -5, 0), 6)) corner.push_back(p);
  const std::vector<V> smooth = smoothedLimbPath(corner);
  EXPECT_EQ(smooth.size(), 61u) << "the first point, then 60 samples";
  EXPECT_TRUE(smooth.front().isApprox(corner.front()));
  EXPECT_TRUE(smooth.back().isApprox(corner.back()));
  double nearest = 1e9;
  for (const V& p : smooth) nearest = std::min(nearest, (p - V(5, 0, 0)).norm());
  EXPECT_GT(nearest, 0.3) << "the corner is cut";
}

TEST(LimbGeometry, PathPrefixAndPathFromSplitAPathWhereAsked) {
  const std::vector<V> path = {V(0, 0, 0), V(1, 0, 0), V(1, 2, 0)};
  const std::vector<V> prefix = pathPrefix(path, 1.5);
  ASSERT_EQ(prefix.size(), 3u);
  EXPECT_TRUE(prefix.back().isApprox(V(1, 0.5, 0)));
  EXPECT_NEAR(polylineLength(pathPrefix(path, 10.0)), 3.0, 1e-12) << "all of a shorter path";
  const std::vector<V> from = pathFrom(path, V(1.2, 1.0, 0));
  ASSERT_EQ(from.size(), 2u);
  EXPECT_TRUE(from.front().isApprox(V(1, 1, 0))) << "from the nearest point on";
  EXPECT_TRUE(from.back().isApprox(V(1, 2, 0)));
}

TEST(LimbGeometry, ALimbPivotsAtItsFirstLongBone) {
  // An arm: the branching joint, a clavicle (0.15), an upper arm (0.3), a forearm (0.28), a
  // hand (0.1): it swings about its shoulder, the upper arm's head.
  const std::vector<V> arm = {V(0, 0, 0),       V(0.02, 0.05, 0), V(0.17, 0.08, 0),
                              V(0.2, -0.22, 0), V(0.22, -0.5, 0), V(0.23, -0.6, 0)};
  EXPECT_EQ(limbPivot(arm), 2u);
  // A leg: the thigh is its first bone.
  const std::vector<V> leg = {V(0, 0, 0), V(0.1, -0.05, 0), V(0.12, -0.45, 0), V(0.13, -0.85, 0)};
  EXPECT_EQ(limbPivot(leg), 1u);
}

TEST(LimbGeometry, PredictedLimbPathRunsThroughTheJointsUpToThePivot) {
  // The arm above from a chest joint at the origin, the mesh's arm starting at the elbow
  // (0.2, -0.22): the split is 0.1 below the chest, so the clavicle and the shoulder, above it,
  // are predicted; the mesh's points above the shoulder are not used.
  const std::vector<V> arm = {V(0, 0, 0),       V(0.02, 0.05, 0), V(0.17, 0.08, 0),
                              V(0.2, -0.22, 0), V(0.22, -0.5, 0), V(0.23, -0.6, 0)};
  const std::vector<V> bridged = {V(0, 0, 0), V(0.1, 0.2, 0), V(0.2, -0.22, 0), V(0.23, -0.6, 0)};
  const V down(0, -1, 0);
  const std::vector<V> path =
      predictedLimbPath(bridged, 0.1, arm, V(0, 0, 0), Eigen::Matrix3d::Identity(), 1.0, down);
  ASSERT_EQ(path.size(), 5u);
  EXPECT_TRUE(path[1].isApprox(arm[1]));
  EXPECT_TRUE(path[2].isApprox(arm[2])) << "the shoulder, the pivot";
  EXPECT_TRUE(path[3].isApprox(bridged[2]));
  // The split above the shoulder: nothing is predicted.
  EXPECT_TRUE(
      predictedLimbPath(bridged, -0.2, arm, V(0, 0, 0), Eigen::Matrix3d::Identity(), 1.0, down)
          .empty());
}

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

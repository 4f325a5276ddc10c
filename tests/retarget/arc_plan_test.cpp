// retarget/arc_plan.h stages that need no mesh: the skeleton's frame and turn-back joints.
#include <gtest/gtest.h>

#include <Eigen/Geometry>

#include "retarget/arc_plan.h"
#include "retarget/graph_matching.h"
#include "skeleton/skeleton_graph.h"

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

TEST(ArcPlan, AHeadTurnedOffItsNeckReachesByItsWholeLength) {
  const PlacementHeuristics h;
  const V away(0, 1, 0);  // the neck's way out, up
  const auto bone = [](double degrees, double length) {
    const double a = degrees * M_PI / 180.0;
    return V(length * std::sin(a), length * std::cos(a), 0);
  };
  // A biped's head continuing its neck: its projection (cos 5° of 0.2).
  EXPECT_NEAR(headBoneReach(bone(5, 0.2), away, 1.0, h), 0.2 * std::cos(5 * M_PI / 180), 1e-12);
  // A four-legged head running forward across its neck (60° off): its whole length, not the
  // half of it its projection is.
  EXPECT_NEAR(headBoneReach(bone(60, 0.4), away, 1.0, h), 0.4, 1e-12);
  // ...never past the head arc (a tail derived from the skin, reaching a trunk): the arc's
  // length, or the projection where that is longer.
  EXPECT_NEAR(headBoneReach(bone(60, 3.0), away, 2.0, h), 2.0, 1e-12);
  EXPECT_NEAR(headBoneReach(bone(60, 3.0), away, 1.2, h), 1.5, 1e-12);
  // A bone pointing at the jaw or back over the skull (80°, 150° off): its projection.
  EXPECT_NEAR(headBoneReach(bone(80, 0.4), away, 1.0, h), 0.4 * std::cos(80 * M_PI / 180), 1e-12);
  EXPECT_NEAR(headBoneReach(bone(150, 0.4), away, 1.0, h), 0.4 * std::cos(150 * M_PI / 180), 1e-12);
  EXPECT_EQ(headBoneReach(V::Zero(), away, 1.0, h), 0.0);
}

namespace {

/// A trunk (neck → chest, its path ending at the mesh's split at y = 1.4) and the chains that
/// start at its end: a spine going on down, and two arms whose shoulders (their pivots) are
/// `shoulderRise` above the chest.
std::vector<ArcPlan> chestAndBranches(double shoulderRise) {
  std::vector<ArcPlan> plans(4);
  plans[0].chain = {V(0, 1.6, 0), V(0, 1.3, 0)};
  plans[0].points = {{0, false}, {1, false}};
  plans[0].path = {V(0, 1.7, 0), V(0, 1.55, 0), V(0, 1.4, 0)};
  plans[0].branchEnd = true;
  plans[1].chain = {V(0, 1.3, 0), V(0, 1.1, 0), V(0, 0.9, 0)};
  plans[1].path = {V(0, 1.4, 0), V(0, 1.15, 0), V(0, 0.9, 0)};
  for (double side : {1.0, -1.0}) {
    ArcPlan arm;
    arm.chain = {
        V(0, 1.3, 0),           V(0.02 * side, 1.32, 0), V(0.17 * side, 1.3 + shoulderRise, 0),
        V(0.2 * side, 1.05, 0), V(0.22 * side, 0.8, 0),  V(0.23 * side, 0.7, 0)};
    arm.path = {V(0, 1.4, 0), V(0.2 * side, 1.05, 0), V(0.23 * side, 0.7, 0)};
    plans[side > 0 ? 2 : 3] = arm;
  }
  for (int i = 1; i < 4; ++i) plans[i].parentPoint = {0, 1};
  return plans;
}

}  // namespace

TEST(ArcPlan, ATrunkGoesOnPastTheSplitAsFarAsItsLimbsPivotsRise) {
  std::vector<ArcPlan> plans = chestAndBranches(0.15);
  continueTrunksPastSplits(plans, SkeletonFrame{}, PlacementHeuristics{});
  EXPECT_EQ(plans[0].continuation, 1) << "the spine, not an arm";
  EXPECT_NEAR(plans[0].splitLength, 0.3, 0.02);
  // The path goes on down the spine by the shoulders' rise (0.15 < 0.4 of the spine's 0.5).
  EXPECT_NEAR(plans[0].path.back().y(), 1.25, 1e-6);
  EXPECT_NEAR(polylineLength(plans[0].path), 0.45, 1e-6);

  // Shoulders level with the chest (a T-posed arm's): the chest stays above the split.
  std::vector<ArcPlan> level = chestAndBranches(0.0);
  continueTrunksPastSplits(level, SkeletonFrame{}, PlacementHeuristics{});
  EXPECT_EQ(level[0].splitLength, 0.0);
  EXPECT_NEAR(level[0].path.back().y(), 1.4, 1e-12);

  // Arms hanging straight down go on down too, but as a mirrored pair: the spine continues.
  std::vector<ArcPlan> down = chestAndBranches(0.15);
  for (int i : {2, 3}) down[i].chain.back() = V(down[i].chain.back().x(), -1.0, 0);
  continueTrunksPastSplits(down, SkeletonFrame{}, PlacementHeuristics{});
  EXPECT_EQ(down[0].continuation, 1);
  // Without the spine they are a pelvis's legs: nothing continues, the pelvis stays above.
  down = chestAndBranches(0.15);
  for (int i : {2, 3}) down[i].chain.back() = V(down[i].chain.back().x(), -1.0, 0);
  down[1].parentPoint = {-1, -1};
  continueTrunksPastSplits(down, SkeletonFrame{}, PlacementHeuristics{});
  EXPECT_EQ(down[0].continuation, -1);
  EXPECT_EQ(down[0].splitLength, 0.0);
}

TEST(ArcPlan, LegsThatShowOnlyBelowARobesHemAreHidden) {
  // A spine (chest → hips, 0.5 at the skeleton's scale) whose mesh arc runs on down a robe to
  // its hem at the floor, and two legs of 0.9 whose mesh arcs are the feet under the hem.
  auto trunkAndLegs = [](double legPathLength) {
    std::vector<ArcPlan> plans(3);
    plans[0].chain = {V(0, 1.4, 0), V(0, 1.15, 0), V(0, 0.9, 0)};
    plans[0].points = {{0, false}, {1, false}, {2, false}};
    plans[0].path = {V(0, 1.4, 0), V(0, 0.7, 0), V(0, 0.1, 0)};
    plans[0].branchEnd = true;
    for (int side : {1, 2}) {
      const double x = side == 1 ? 0.1 : -0.1;
      plans[side].chain = {V(0, 0.9, 0), V(x, 0.85, 0), V(x, 0.45, 0), V(x, 0.05, 0)};
      plans[side].path = {V(x, 0.1, 0), V(x, 0.1, legPathLength)};
      plans[side].parentPoint = {0, 2};
      for (int k = 0; k < 4; ++k) plans[side].points.push_back({10 * side + k, false});
    }
    return plans;
  };
  const PlacementHeuristics h;
  // The feet: 0.2 of a leg (the corpus's robes show 0.2-0.3).
  EXPECT_TRUE(endLimbsHidden(0, trunkAndLegs(0.18), 1.0, h));
  // Trousers: the legs' arcs are most of the legs (0.8-0.9 on the corpus).
  EXPECT_FALSE(endLimbsHidden(0, trunkAndLegs(0.75), 1.0, h));
  // The same feet on a mesh half the skeleton's size are half a leg: not hidden.
  EXPECT_FALSE(endLimbsHidden(0, trunkAndLegs(0.25), 0.5, h));
  // One short limb is not a hidden pair (a tail, a stump), nor is a trunk with none.
  std::vector<ArcPlan> one = trunkAndLegs(0.18);
  one.pop_back();
  EXPECT_FALSE(endLimbsHidden(0, one, 1.0, h));
  EXPECT_FALSE(endLimbsHidden(1, trunkAndLegs(0.18), 1.0, h));
  // The hidden legs' joints (not the hips they start at) are the ones reported predicted.
  std::vector<ArcPlan> robe = trunkAndLegs(0.18), trousers = trunkAndLegs(0.75);
  EXPECT_EQ(markHiddenLimbs(robe, 1.0, h), (std::vector<int>{11, 12, 13, 21, 22, 23}));
  EXPECT_TRUE(robe[0].hiddenLimbs);
  EXPECT_TRUE(markHiddenLimbs(trousers, 1.0, h).empty());
  EXPECT_FALSE(trousers[0].hiddenLimbs);
}

// Issue 20: a bovid's own skeleton drops 30 degrees from its last spine joint to its pelvis,
// while the mesh's back is level there. Its hind legs (straight down) are 60 degrees off that
// bone only; against the mesh's trunk they leave across it, and say where the hips are.
TEST(ArcPlan, HindLegsLeaveAcrossALevelBackUnderASteepPelvisBone) {
  ArcPlan trunk;
  trunk.chain = {{0, 3.0, 1.0}, {0, 3.0, 0.0}, {0, 2.4, -1.0}};  // the last bone drops 31 degrees
  for (int k = 0; k <= 20; ++k) trunk.path.push_back({0, 2.7, 1.0 - 0.12 * k});  // a level back
  const SkeletonFrame frame;
  const Eigen::Vector3d down(0, -1, 0);
  EXPECT_TRUE(leavesAcross(trunk, frame, down, {}));
  // Across neither: a leg along the trunk (a biped's legs below its spine) says nothing.
  ArcPlan upright;
  upright.chain = {{0, 1.5, 0}, {0, 1.2, 0}, {0, 1.0, 0}};
  for (int k = 0; k <= 10; ++k) upright.path.push_back({0, 1.5 - 0.05 * k, 0});
  EXPECT_FALSE(leavesAcross(upright, frame, down, {}));
  // A neck sloping down to level withers: the bone says across where the mesh's neck does not.
  ArcPlan neck;
  neck.chain = {{0, 4.7, 2.8}, {0, 3.3, 1.6}, {0, 3.2, 0.7}};
  for (int k = 0; k <= 10; ++k) neck.path.push_back({0, 4.6 - 0.12 * k, 2.8 - 0.12 * k});
  EXPECT_TRUE(leavesAcross(neck, frame, down, {}));
}

// A spine its artist hangs low in the hips (SpineDepthParams::profile): the trunk's path runs
// level under the back, then dips 50 degrees to the pelvis in its last stretch, and the
// skeleton's last bone drops as steeply. Legs straight down are across the trunk as a whole;
// seen only at its end they said nothing, and the cattle's hips went 19% of the height forward.
TEST(ArcPlan, HindLegsLeaveAcrossATrunkThatDipsToALowPelvis) {
  ArcPlan trunk;
  trunk.chain = {{0, 3.0, 2.0}, {0, 3.0, 0.0}, {0, 2.2, -0.7}};  // the last bone drops 49 degrees
  for (int k = 0; k <= 15; ++k) trunk.path.push_back({0, 3.0, 2.0 - 0.14 * k});  // level
  for (int k = 1; k <= 5; ++k) trunk.path.push_back({0, 3.0 - 0.16 * k, -0.1 - 0.14 * k});
  EXPECT_TRUE(leavesAcross(trunk, SkeletonFrame{}, Eigen::Vector3d(0, -1, 0), {}));
}

namespace {

/// `n` points from a to b.
std::vector<V> line(const V& a, const V& b, int n = 8) {
  std::vector<V> out;
  for (int k = 0; k < n; ++k) out.push_back(a + (b - a) * (double(k) / (n - 1)));
  return out;
}

/// A four-legged trunk (level along -z, the skeleton's hips at z = -0.5, the mesh's trunk on to
/// the tail's split at z = -1) with the arcs leaving its end: two hind legs standing at
/// z = -0.5 and a tail whose first joint lies 0.6 behind the hips, its mesh arc hanging from the
/// rump 0.3 behind them.
struct Hindquarters {
  SkeletonGraph graph;
  GraphMatching matching;
  std::vector<ArcPlan> plans;
};
Hindquarters hindquarters() {
  Hindquarters q;
  TopologyGraph& g = q.graph.graph;
  g.nodes.resize(5);
  const V hips(0, 1, -0.5);
  g.addArc(0, 1, {V(0, 1, 1), hips});
  g.addArc(1, 2, {hips, V(0.15, 0, -0.5)});
  g.addArc(1, 3, {hips, V(-0.15, 0, -0.5)});
  g.addArc(1, 4, {hips, V(0, 0.3, -1.4)});
  const SymmetryTag tags[] = {SymmetryTag::Primary, SymmetryTag::Axial, SymmetryTag::Axial,
                              SymmetryTag::Primary};
  q.plans.resize(4);
  for (int i = 0; i < 4; ++i) {
    ArcMatch m;
    m.skeletonArc = i;
    m.skeletonTag = tags[i];
    q.matching.matches.push_back(m);
    q.plans[i].match = i;
  }
  q.plans[0].chain = {V(0, 1, 1), hips};
  q.plans[0].path = line(V(0, 1, 1.2), V(0, 1, -1.0), 40);
  q.plans[0].branchEnd = true;
  for (const double x : {0.15, -0.15}) {
    ArcPlan& leg = q.plans[x > 0 ? 1 : 2];
    leg.chain = {hips, V(x, 0.9, -0.5), V(x, 0.45, -0.5), V(x, 0, -0.5)};
    leg.path = line(V(x, 0.8, -0.5), V(x, 0, -0.5));
  }
  q.plans[3].chain = {hips, V(0, 1.05, -1.1), V(0, 0.6, -1.3), V(0, 0.3, -1.4)};
  q.plans[3].path = line(V(0, 0.95, -0.8), V(0, 0.3, -0.85));
  return q;
}

}  // namespace

// Where the hips are along the trunk, the limbs leaving it across say; a tail (the skeleton's
// symmetry tags it primary, on the axis) is no limb. Counted as one, it drew them forward here
// (a corpus cow's 7% of its height back).
TEST(ArcPlan, TheHindLegsLocateTheHipsNotTheTail) {
  Hindquarters q = hindquarters();
  locateBranchingJoints(q.plans, q.graph, q.matching, SkeletonFrame{}, PlacementHeuristics{});
  ASSERT_TRUE(q.plans[0].endFromLimbs);
  EXPECT_NEAR(q.plans[0].endFromLimbs->z(), -0.5, 0.03);
  // Tagged as a limb, the tail moves them.
  q = hindquarters();
  q.matching.matches[3].skeletonTag = SymmetryTag::None;
  locateBranchingJoints(q.plans, q.graph, q.matching, SkeletonFrame{}, PlacementHeuristics{});
  ASSERT_TRUE(q.plans[0].endFromLimbs);
  std::printf("[hips] z %.3f with the tail as a limb\n", q.plans[0].endFromLimbs->z());
  EXPECT_GT(q.plans[0].endFromLimbs->z(), -0.44);
}

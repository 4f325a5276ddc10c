// Inner-joint placement (Poirier 2009 §6.2, Algorithm 2): exact optimum of equation 1.
#include <gtest/gtest.h>

#include <random>

#include "retarget/joint_placement.h"

using namespace rw;
using Eigen::Vector3d;

namespace {

/// An L-shaped path: up the Y axis to (0, 1, 0), then along X to (1, 1, 0).
std::vector<Vector3d> lPath() {
  return {{0, 0, 0}, {0, 1, 0}, {1, 1, 0}};
}

}  // namespace

TEST(JointPlacement, TwoBoneChainPutsItsJointAtTheBend) {
  // A straight two-bone chain of equal bones: the distance term pulls the joint into the
  // corner, where both bones lie on the path.
  const std::vector<Vector3d> chain = {{0, 0, 0}, {0, 1, 0}, {0, 2, 0}};
  PlacementParams p;
  p.gammaAngle = 0.0;
  p.samples = 49;  // the corner, halfway along the path, is sample 24
  const ArcPlacement r = placeJoints(chain, lPath(), p);
  ASSERT_EQ(r.points.size(), 3u);
  EXPECT_LT((r.points[1] - Vector3d(0, 1, 0)).norm(), 1e-9);
  EXPECT_NEAR(r.distanceTerm, 0.0, 1e-12);
  EXPECT_LT((r.points.front() - Vector3d(0, 0, 0)).norm(), 1e-12);
  EXPECT_LT((r.points.back() - Vector3d(1, 1, 0)).norm(), 1e-12);
}

TEST(JointPlacement, ScaleDoesNotMatter) {
  // The same problem 1000 times bigger, and a chain ten times smaller: same sample indices.
  const std::vector<Vector3d> chain = {{0, 0, 0}, {0, 0.3, 0}, {0, 0.5, 0.1}, {0, 1, 0}};
  std::vector<Vector3d> big = lPath(), smallChain = chain;
  for (Vector3d& v : big) v *= 1000.0;
  for (Vector3d& v : smallChain) v *= 0.1;
  const ArcPlacement a = placeJoints(chain, lPath());
  const ArcPlacement b = placeJoints(smallChain, big);
  EXPECT_EQ(a.sampleIndex, b.sampleIndex);
  EXPECT_NEAR(a.cost, b.cost, 1e-9);
}

TEST(JointPlacement, OneBoneGoesEndToEnd) {
  const ArcPlacement r = placeJoints({{0, 0, 0}, {0, 1, 0}}, lPath());
  ASSERT_EQ(r.points.size(), 2u);
  EXPECT_LT((r.points[1] - Vector3d(1, 1, 0)).norm(), 1e-12);
}

TEST(JointPlacement, IndicesStrictlyIncreaseEvenWithManyBones) {
  std::vector<Vector3d> chain;
  for (int i = 0; i <= 30; ++i) chain.emplace_back(0, 0.1 * i, 0);
  PlacementParams p;
  p.samples = 8;  // fewer than the bones: raised to 2t+1
  const ArcPlacement r = placeJoints(chain, lPath(), p);
  ASSERT_EQ(r.sampleIndex.size(), chain.size());
  for (std::size_t i = 1; i < r.sampleIndex.size(); ++i)
    EXPECT_LT(r.sampleIndex[i - 1], r.sampleIndex[i]);
}

TEST(JointPlacement, FreeEndStopsWhereTheProportionsSay) {
  // A chain half the path's length (at the given scale) stops halfway along a straight path.
  const std::vector<Vector3d> chain = {{0, 0, 0}, {0, 0.25, 0}, {0, 0.5, 0}};
  PlacementOptions o;
  o.freeEnd = 0.8;
  o.scale = 1.0;
  const ArcPlacement r = placeJoints(chain, {{0, 0, 0}, {0, 1, 0}}, {}, o);
  EXPECT_NEAR(r.points.back().y(), 0.5, 0.03);
  EXPECT_NEAR(r.points[1].y(), 0.25, 0.03);
}

TEST(JointPlacement, CoincidentJointsArePlacedTogether) {
  // Two joints at one spot (a zero-length helper bone) stay together: the zero-length bone has
  // no length to keep, so it must not soak up the stretch of a free end.
  const std::vector<Vector3d> chain = {{0, 0, 0}, {0, 0.25, 0}, {0, 0.25, 0}, {0, 0.5, 0}};
  PlacementOptions o;
  o.freeEnd = 0.8;
  o.scale = 1.0;
  const ArcPlacement r = placeJoints(chain, {{0, 0, 0}, {0, 1, 0}}, {}, o);
  ASSERT_EQ(r.points.size(), chain.size());
  EXPECT_EQ(r.sampleIndex[1], r.sampleIndex[2]);
  EXPECT_NEAR(r.points[1].y(), 0.25, 0.03);
  EXPECT_NEAR(r.points.back().y(), 0.5, 0.03);
}

// Poirier's parameters do what they say: over a sweep of random chains and paths, raising one
// γ never raises its own term at the (exact) optimum.
TEST(JointPlacement, RaisingEachGammaLowersItsOwnTerm) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  int strictlyLower[3] = {0, 0, 0};
  for (int trial = 0; trial < 40; ++trial) {
    std::vector<Vector3d> chain = {Vector3d::Zero()}, path = {Vector3d::Zero()};
    const int bones = 2 + trial % 4;
    for (int i = 0; i < bones; ++i) chain.push_back(chain.back() + Vector3d(u(rng), 1.0, u(rng)));
    for (int i = 0; i < 6; ++i) path.push_back(path.back() + Vector3d(u(rng), 1.0, u(rng)));
    PlacementParams base;
    base.samples = 24;
    const ArcPlacement b = placeJoints(chain, path, base);
    for (int term = 0; term < 3; ++term) {
      PlacementParams raised = base;
      (term == 0   ? raised.gammaAngle
       : term == 1 ? raised.gammaLength
                   : raised.gammaDistance) *= 20.0;
      const ArcPlacement r = placeJoints(chain, path, raised);
      const double before = term == 0 ? b.angleTerm : term == 1 ? b.lengthTerm : b.distanceTerm;
      const double after = term == 0 ? r.angleTerm : term == 1 ? r.lengthTerm : r.distanceTerm;
      EXPECT_LE(after, before + 1e-9) << "trial " << trial << " term " << term;
      if (after < before - 1e-9) ++strictlyLower[term];
    }
  }
  // The sweep is not vacuous: each γ changed the optimum on several problems.
  for (int term = 0; term < 3; ++term) EXPECT_GE(strictlyLower[term], 3) << "term " << term;
}

// Issue 25 (D6): a chain of thousands of joints (a rope, a procedural tail) is placed through
// its key joints, the others spread by length: ends on the path's ends, order kept, every joint
// on the path, spacing following the chain's own bone lengths.
TEST(JointPlacement, LongChainSpreadsItsJointsByLengthAlongThePath) {
  const int bones = 2000;
  std::vector<Vector3d> chain = {{0, 0, 0}};
  for (int i = 0; i < bones; ++i)  // alternating short and long bones
    chain.push_back(chain.back() + Vector3d(0, i % 2 ? 2.0 : 1.0, 0));
  const std::vector<Vector3d> path = {{0, 0, 0}, {0, 10, 0}};  // straight: the ideal is exact
  PlacementParams p;
  ASSERT_LT(p.heuristics.maxExactBones, bones);
  const ArcPlacement r = placeJoints(chain, path, p);
  ASSERT_EQ(r.points.size(), chain.size());
  EXPECT_LT((r.points.front() - path.front()).norm(), 1e-9);
  EXPECT_LT((r.points.back() - path.back()).norm(), 1e-9);
  const double scale = 10.0 / chain.back().y();
  for (std::size_t i = 0; i < chain.size(); ++i) {
    EXPECT_NEAR(r.points[i].x(), 0.0, 1e-9);
    EXPECT_NEAR(r.points[i].y(), chain[i].y() * scale, 0.02) << i;  // within the DP's sampling
    if (i > 0) {
      EXPECT_GE(r.sampleIndex[i], r.sampleIndex[i - 1]);
    }
  }
}

TEST(JointPlacement, ChainAtTheExactLimitIsPlacedExactly) {
  // maxExactBones bones or fewer: the DP over every joint, as before.
  PlacementParams p;
  const int bones = p.heuristics.maxExactBones;
  std::vector<Vector3d> chain = {{0, 0, 0}};
  for (int i = 0; i < bones; ++i) chain.push_back(chain.back() + Vector3d(0, 1, 0));
  const ArcPlacement r = placeJoints(chain, {{0, 0, 0}, {0, double(bones), 0}}, p);
  ASSERT_EQ(r.points.size(), chain.size());
  for (int i = 1; i <= bones; ++i) EXPECT_GT(r.sampleIndex[i], r.sampleIndex[i - 1]);
  EXPECT_NEAR(r.lengthTerm, 0.0, 1e-9);
}

// A joint the artist put by hand (the workstation's joint editing): the DP holds it exactly there,
// wherever the optimum was, and fits the others around it; out of order pins are left out.
TEST(JointPlacement, APinnedJointStaysAndTheOthersFitAroundIt) {
  const std::vector<Vector3d> chain = {{0, 0, 0}, {0, 0.5, 0}, {0, 1, 0}, {0, 1.5, 0}, {0, 2, 0}};
  PlacementParams p;
  p.samples = 41;
  const ArcPlacement free = placeJoints(chain, lPath(), p);
  // Joint 1 pulled 0.3 along the first leg and a little off the path.
  PlacementOptions pinned;
  const Vector3d hand(0.05, 0.2, 0.0);
  pinned.pins = {{1, hand}};
  const ArcPlacement r = placeJoints(chain, lPath(), p, pinned);
  ASSERT_EQ(r.points.size(), chain.size());
  EXPECT_LT((r.points[1] - hand).norm(), 1e-12);
  EXPECT_GT((free.points[1] - hand).norm(), 0.2);
  // The joints after it spread over what is left of the path instead of staying put.
  EXPECT_GT((r.points[2] - free.points[2]).norm(), 1e-3);
  for (std::size_t i = 1; i < r.sampleIndex.size(); ++i)
    EXPECT_LT(r.sampleIndex[i - 1], r.sampleIndex[i]);
  EXPECT_LT((r.points.back() - Vector3d(1, 1, 0)).norm(), 1e-12);
  // Two pins in order are both held; a second pin before the first on the path is left out
  // (the caller puts it afterwards), the first still held.
  pinned.pins = {{1, hand}, {3, Vector3d(0.6, 1.0, 0.0)}};
  const ArcPlacement both = placeJoints(chain, lPath(), p, pinned);
  EXPECT_LT((both.points[1] - hand).norm(), 1e-12);
  EXPECT_LT((both.points[3] - Vector3d(0.6, 1.0, 0.0)).norm(), 1e-12);
  pinned.pins = {{1, Vector3d(0.9, 1.0, 0.0)}, {2, Vector3d(0, 0.1, 0)}};
  const ArcPlacement crossed = placeJoints(chain, lPath(), p, pinned);
  EXPECT_LT((crossed.points[1] - Vector3d(0.9, 1.0, 0.0)).norm(), 0.06);
  for (std::size_t i = 1; i < crossed.sampleIndex.size(); ++i)
    EXPECT_LT(crossed.sampleIndex[i - 1], crossed.sampleIndex[i]);
}

// A head arc: the virtual top continues the neck (arc_plan.h: addVirtualHeadBone), while the
// mesh's skull turns 45 degrees off it at the poll. Held straight there, the head joint leaves
// the poll for the neck, where the chord over the poll bends less; with the angle at it free, the
// bone lengths put it at the poll.
TEST(JointPlacement, AFreeFirstAngleLeavesTheHeadJointWhereTheLengthsPutIt) {
  const std::vector<Vector3d> chain = {{3, 0, 0}, {2, 0, 0}, {1, 0, 0}, {0, 0, 0}};
  const Vector3d poll(2, 0, 0);
  const std::vector<Vector3d> path = {
      poll + Vector3d(std::sqrt(0.5), -std::sqrt(0.5), 0), poll, {1, 0, 0}, {0, 0, 0}};
  PlacementParams p;
  p.samples = 61;
  const ArcPlacement straight = placeJoints(chain, path, p);
  PlacementOptions o;
  o.firstAngleFree = true;
  const ArcPlacement free = placeJoints(chain, path, p, o);
  std::printf("[head] held straight %.3f from the poll, free %.3f\n",
              (straight.points[1] - poll).norm(), (free.points[1] - poll).norm());
  EXPECT_LT((free.points[1] - poll).norm(), 0.03);
  EXPECT_GT((straight.points[1] - poll).norm(), 0.1);
  EXPECT_LT((free.points[2] - Vector3d(1, 0, 0)).norm(), 0.03);
}

// Which mesh branching a skeleton's limb pair takes along the trunk (retarget/pair_alignment.h).
#include <gtest/gtest.h>

#include "retarget/pair_alignment.h"

using namespace rw;
using Eigen::Vector3d;

namespace {

PairFeature pair(const Vector3d& direction, double reach) {
  return {foldedDirection(direction.normalized()), reach};
}

const Vector3d kDown(0.1, -1, 0.1);
const Vector3d kHornsUp(0.7, 0.6, 0.3);
const Vector3d kArmsOut(1, 0, 0);
const Vector3d kArmsDown(0.5, -0.85, 0);

}  // namespace

TEST(PairAlignment, FoldingForgetsSideAndFacing) {
  EXPECT_TRUE(foldedDirection({-0.6, -0.8, 0}).isApprox(foldedDirection({0.6, -0.8, 0})));
  EXPECT_TRUE(foldedDirection({0, 0.6, -0.8}).isApprox(foldedDirection({0, 0.6, 0.8})));
  EXPECT_NEAR(pairCost(pair(kDown, 0.3), pair(kDown, 0.3), {}), 0.0, 1e-12);
  // A pair pointing up costs more than one a third shorter pointing the same way.
  EXPECT_GT(pairCost(pair(kDown, 0.3), pair(kHornsUp, 0.3), {}),
            pairCost(pair(kDown, 0.3), pair(kDown, 0.2), {}));
}

TEST(PairAlignment, HornsBeforeTheForelegsArePassed) {
  const std::vector<PairFeature> skeleton = {pair(kDown, 0.3), pair(kDown, 0.3)};
  EXPECT_EQ(firstPairMatch(skeleton, {pair(kHornsUp, 0.15), pair(kDown, 0.3), pair(kDown, 0.3)}),
            1);
  // Ears two branchings ahead: still the forelegs.
  EXPECT_EQ(firstPairMatch(skeleton, {pair(kHornsUp, 0.05), pair(kHornsUp, 0.1), pair(kDown, 0.28),
                                      pair(kDown, 0.32)}),
            2);
}

TEST(PairAlignment, AlgorithmOnesFirstMatchStandsUnlessClearlyWorse) {
  // As many mesh pairs as skeleton pairs, alike: nothing is passed, whatever the pose.
  EXPECT_EQ(firstPairMatch({pair(kArmsOut, 0.35), pair(kDown, 0.45)},
                           {pair(kArmsDown, 0.35), pair(kDown, 0.45)}),
            0);
  // Arms held out against a mesh with arms down, legs below: the arms stay the arms.
  EXPECT_EQ(firstPairMatch({pair(kArmsOut, 0.35)}, {pair(kArmsDown, 0.35), pair(kDown, 0.45)}), 0);
  // Small ears before the arms are passed: a tenth of the arm's reach.
  EXPECT_EQ(firstPairMatch({pair(kArmsOut, 0.35), pair(kDown, 0.45)},
                           {pair(kHornsUp, 0.03), pair(kArmsDown, 0.35), pair(kDown, 0.45)}),
            1);
  EXPECT_EQ(firstPairMatch({}, {pair(kDown, 0.3)}), 0);
  EXPECT_EQ(firstPairMatch({pair(kDown, 0.3), pair(kDown, 0.3)}, {pair(kDown, 0.3)}), 0);
}

TEST(PairAlignment, EarsArePassedWhereACoarseLevelMissesAPair) {
  // The corpus's pig at its coarsest level: its ears and one pair of legs, the other pair
  // filtered away. With every skeleton pair forced onto a mesh pair, its ears took its forelegs
  // (its walk 7.3% of its height off the artist's); a pair left without one costs
  // PairAlignmentParams::missingPairCost.
  const std::vector<PairFeature> skeleton = {pair({0.25, -0.95, 0.18}, 0.40),
                                             pair({0.27, -0.96, 0.11}, 0.45)};
  EXPECT_EQ(firstPairMatch(skeleton, {pair({0.79, 0.56, 0.18}, 0.12), pair(kDown, 0.22)}), 1);
  // Both pairs there, the forelegs short: the forelegs still, not the hind legs with the last
  // skeleton pair left without one (the corpus's rabbit).
  EXPECT_EQ(firstPairMatch({pair({0.26, -0.95, 0.01}, 0.43), pair({0.31, -0.94, 0.08}, 0.49)},
                           {pair({0.28, 0.95, 0.11}, 0.25), pair({0.28, -0.91, 0.31}, 0.15),
                            pair({0.48, -0.65, 0.59}, 0.31)}),
            1);
}

TEST(PairAlignment, EveryPairAlignedOnlyWhereEachSkeletonPairHasOne) {
  const std::vector<PairFeature> legs = {pair(kDown, 0.4), pair(kDown, 0.45)};
  EXPECT_TRUE(everyPairAligned(legs, {pair(kDown, 0.4), pair(kDown, 0.45)}));
  // Ears before both pairs of legs: passed, every pair still has one.
  EXPECT_TRUE(everyPairAligned(legs, {pair(kHornsUp, 0.1), pair(kDown, 0.35), pair(kDown, 0.4)}));
  // Ears and one pair of legs (a coarse level without the forelegs): one pair goes without.
  EXPECT_FALSE(everyPairAligned(legs, {pair(kHornsUp, 0.1), pair(kDown, 0.2)}));
  EXPECT_FALSE(everyPairAligned(legs, {pair(kDown, 0.4)}));
  EXPECT_TRUE(everyPairAligned({}, {}));
}

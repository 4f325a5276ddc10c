// Nearest bones of a point (skin/bone_segments.h): the vectorized SegmentDistances bone heat
// uses for every vertex agrees with the plain per-segment bonesAround, ties and reach included.
#include <gtest/gtest.h>

#include <random>

#include "skin/bone_segments.h"

namespace rw {
namespace {

/// A hub with three spokes sharing its head (equidistant ties), a zero-length bone, a chain.
std::vector<BoneSegment> someSegments() {
  const Eigen::Vector3d hub(0, 1, 0);
  return {{0, Eigen::Vector3d(0, 0, 0), hub},
          {1, hub, Eigen::Vector3d(0.5, 1.5, 0)},
          {2, hub, Eigen::Vector3d(-0.5, 1.5, 0)},
          {3, hub, Eigen::Vector3d(0, 1.8, 0.1)},
          {4, Eigen::Vector3d(0.3, 0.2, 0.1), Eigen::Vector3d(0.3, 0.2, 0.1)},
          {5, Eigen::Vector3d(0.2, 0, 0), Eigen::Vector3d(0.2, -1, 0)},
          {6, Eigen::Vector3d(0.2, -1, 0), Eigen::Vector3d(0.25, -1.9, 0.2)}};
}

void expectSame(const BonesAround& a, const BonesAround& b) {
  EXPECT_NEAR(a.nearest.distance, b.nearest.distance, 1e-12);
  EXPECT_EQ(a.nearest.bones, b.nearest.bones);
  ASSERT_EQ(a.candidates.size(), b.candidates.size());
  for (std::size_t k = 0; k < a.candidates.size(); ++k) {
    EXPECT_EQ(a.candidates[k].bone, b.candidates[k].bone) << k;
    EXPECT_NEAR(a.candidates[k].distance, b.candidates[k].distance, 1e-12) << k;
  }
}

TEST(SegmentDistances, AgreeWithThePerSegmentSearch) {
  const std::vector<BoneSegment> segments = someSegments();
  const SegmentDistances distances(segments);
  const std::vector<double> reach = {INFINITY, 0.4, INFINITY, 0.3, INFINITY, INFINITY, 1.0};
  std::mt19937 random(7);
  std::uniform_real_distribution<double> coordinate(-2.0, 2.0);
  for (int i = 0; i < 2000; ++i) {
    const Eigen::Vector3d p(coordinate(random), coordinate(random), coordinate(random));
    for (int count : {0, 1, 3, 8}) {
      expectSame(distances.around(p, 1e-4, count, reach),
                 bonesAround(segments, p, 1e-4, count, &reach));
      expectSame(distances.around(p, 1e-4, count, {}),
                 bonesAround(segments, p, 1e-4, count, nullptr));
    }
  }
}

TEST(SegmentDistances, APointAtAHubTiesWithEverySpokeAndKeepsSegmentOrder) {
  const std::vector<BoneSegment> segments = someSegments();
  const BonesAround at = SegmentDistances(segments).around(Eigen::Vector3d(0, 1, 0), 1e-4, 8, {});
  EXPECT_EQ(at.nearest.bones, (std::vector<int>{0, 1, 2, 3}));
  ASSERT_GE(at.candidates.size(), 4u);
  for (int k = 0; k < 4; ++k) EXPECT_EQ(at.candidates[k].bone, k);
}

TEST(SegmentDistances, ReachLeavesFarBonesOutOfTheCandidatesButNotOfTheNearest) {
  const std::vector<BoneSegment> segments = someSegments();
  std::vector<double> reach(segments.size(), INFINITY);
  reach[4] = 0.01;                          // the zero-length bone heats only what touches it
  const Eigen::Vector3d p(0.3, 0.25, 0.1);  // 0.05 from it, nearer than any other bone
  const BonesAround around = SegmentDistances(segments).around(p, 1e-4, 3, reach);
  EXPECT_EQ(around.nearest.bones, std::vector<int>{4});
  for (const BoneCandidate& c : around.candidates) EXPECT_NE(c.bone, 4);
  EXPECT_EQ(around.candidates.size(), 3u);
}

TEST(SegmentDistances, AnyWithinFindsTheBoneThatPassesNear) {
  const SegmentDistances distances(someSegments());
  EXPECT_TRUE(distances.anyWithin(Eigen::Vector3d(0.05, 0.5, 0), 0.06));
  EXPECT_FALSE(distances.anyWithin(Eigen::Vector3d(1.5, 0.5, 0), 0.5));
}

}  // namespace
}  // namespace rw

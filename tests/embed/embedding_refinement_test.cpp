// §3.5's refinement (embed/embedding_refinement.h) on a procedural figure whose joints are known:
// a discrete embedding's off-centre elbow and short arm come back to the limb's axis and the
// arm's length, the foot keeps its height, and the smooth distance field reads the volume.
#include "embed/embedding_refinement.h"

#include <gtest/gtest.h>

#include "support/procedural_characters.h"

namespace rw {
namespace {

using Eigen::Vector3d;

/// A leg hanging from a hip joint to the floor and an arm straight out to the side: a body's
/// two kinds of limb, the leg's end a foot (the skeleton's lowest leaf), the hand not.
Skeleton leggedArm() {
  Skeleton s;
  test::addJoint(s, "hip", "", {0, 1.5, 0}, {0, 0.75, 0});
  test::addJoint(s, "knee", "hip", {0, 0.75, 0}, {0, 0.05, 0});
  test::addJoint(s, "foot", "knee", {0, 0.05, 0}, {0, 0.0, 0.1});
  test::addJoint(s, "shoulder", "hip", {0, 1.5, 0}, {0.5, 1.5, 0});
  test::addJoint(s, "elbow", "shoulder", {0.5, 1.5, 0}, {1.0, 1.5, 0});
  test::addJoint(s, "hand", "elbow", {1.0, 1.5, 0}, {1.1, 1.5, 0});
  for (Joint& j : s.joints) j.deform = true;
  return s;
}

struct Figure {
  Skeleton skeleton = leggedArm();
  Mesh mesh = test::meshAround(
      skeleton, [](const std::string&) { return 0.1; }, 0.02);
  ReducedSkeleton reduced = reduceSkeleton(skeleton);
  VolumeGrid volume = sampleVolume(mesh.positions, mesh.triangles);
  std::vector<std::optional<Vector3d>> truth() const {
    std::vector<std::optional<Vector3d>> at(skeleton.size());
    const auto g = skeleton.restGlobals();
    for (int j = 0; j < skeleton.size(); ++j) at[j] = g[j].translation();
    return at;
  }
  int at(const std::string& name) const { return skeleton.indexOf(name); }
};

TEST(EmbeddingRefinement, AnOffCentreElbowAndAShortArmComeBack) {
  const Figure f;
  ASSERT_GT(f.volume.insideCount(), 0);
  std::vector<std::optional<Vector3d>> at = f.truth();
  // As a coarse sphere graph leaves them: the elbow on a centre 0.06 off the arm's axis (inside
  // its radius of 0.1), the hand on a sphere half way along the forearm.
  *at[f.at("elbow")] += Vector3d(0, 0.06, 0);
  *at[f.at("hand")] = Vector3d(0.75, 1.5, 0);
  const double footHeight = at[f.at("foot")]->y();
  refineEmbedding(f.skeleton, f.reduced, f.volume, 1.0, at);
  EXPECT_LT(std::abs(at[f.at("elbow")]->y() - 1.5), 0.02) << at[f.at("elbow")]->transpose();
  EXPECT_GT(at[f.at("hand")]->x(), 0.9) << at[f.at("hand")]->transpose();
  EXPECT_LT(at[f.at("hand")]->x(), 1.1) << at[f.at("hand")]->transpose();
  // The foot keeps its height (§3.3's feet stay at the bottom).
  EXPECT_DOUBLE_EQ(at[f.at("foot")]->y(), footHeight);
  // Every joint stays inside.
  for (int j = 0; j < f.skeleton.size(); ++j)
    EXPECT_GT(smoothDistance(f.volume, *at[j]), 0.0) << f.skeleton.joints[j].name;
}

TEST(EmbeddingRefinement, AnEmbeddingThatFitsStaysWhereItIs) {
  const Figure f;
  std::vector<std::optional<Vector3d>> at = f.truth();
  const std::vector<std::optional<Vector3d>> before = at;
  refineEmbedding(f.skeleton, f.reduced, f.volume, 1.0, at);
  for (int j = 0; j < f.skeleton.size(); ++j)
    EXPECT_LT((*at[j] - *before[j]).norm(), 0.03) << f.skeleton.joints[j].name;
}

TEST(EmbeddingRefinement, TheSmoothDistanceIsDeepestOnTheAxisAndZeroOutside) {
  const Figure f;
  const double axis = smoothDistance(f.volume, {0.5, 1.5, 0});
  EXPECT_NEAR(axis, 0.1, 0.03);
  EXPECT_LT(smoothDistance(f.volume, {0.5, 1.56, 0}), axis);
  EXPECT_EQ(smoothDistance(f.volume, {0.5, 1.8, 0}), 0.0);
  EXPECT_EQ(smoothDistance(f.volume, {50, 50, 50}), 0.0);  // beyond the grid
}

}  // namespace
}  // namespace rw

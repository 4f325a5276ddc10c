// The weight fix-up tools (skin/weight_tools.h): smoothing over the surface graph, pruning,
// mirroring one side onto the other.
#include <gtest/gtest.h>

#include <cmath>

#include "skin/bone_heat.h"
#include "skin/weight_tools.h"
#include "skin_test_meshes.h"

namespace rw {
namespace {

using test::weightOf;

/// A path 0 - 1 - ... - (n−1): each vertex's neighbours.
std::vector<std::vector<int>> path(int n) {
  std::vector<std::vector<int>> neighbours(n);
  for (int v = 0; v + 1 < n; ++v) {
    neighbours[v].push_back(v + 1);
    neighbours[v + 1].push_back(v);
  }
  return neighbours;
}

/// Joint 0 on the first half of the path, joint 1 on the second: a hard step.
std::vector<std::vector<Influence>> step(int n) {
  std::vector<std::vector<Influence>> w(n);
  for (int v = 0; v < n; ++v) w[v] = {{v < n / 2 ? 0 : 1, 1.0}};
  return w;
}

TEST(WeightTools, SurfaceNeighboursAreTheEdgesOfTheTriangles) {
  const auto n = surfaceNeighbours(4, {{0, 1, 2}, {0, 2, 3}});
  EXPECT_EQ(n[0], (std::vector<int>{1, 2, 3}));
  EXPECT_EQ(n[1], (std::vector<int>{0, 2}));
  EXPECT_EQ(n[2], (std::vector<int>{0, 1, 3}));
  EXPECT_EQ(n[3], (std::vector<int>{0, 2}));
}

TEST(WeightTools, SmoothingSoftensAStepAndKeepsAPartitionOfUnity) {
  const int n = 20;
  std::vector<std::vector<Influence>> w = step(n);
  smoothInfluences(path(n), w, {3, 0.5});
  // The blend widens symmetrically about the step, monotone along the path; the ends stay put.
  double previous = 1.0;
  for (int v = 0; v < n; ++v) {
    double sum = 0.0;
    for (const Influence& i : w[v]) sum += i.weight;
    EXPECT_NEAR(sum, 1.0, 1e-12) << v;
    const double a = weightOf(w[v], 0);
    EXPECT_LE(a, previous + 1e-12) << v;
    EXPECT_NEAR(a, 1.0 - weightOf(w[n - 1 - v], 0), 1e-12) << v;
    previous = a;
  }
  EXPECT_NEAR(weightOf(w[0], 0), 1.0, 1e-12);
  EXPECT_LT(weightOf(w[n / 2 - 1], 0), 0.9);
  EXPECT_GT(weightOf(w[n / 2 - 1], 0), 0.5);
  EXPECT_GT(weightOf(w[n / 2 - 3], 1), 0.0);  // three passes reach three rings
  EXPECT_EQ(weightOf(w[n / 2 - 4], 1), 0.0);
}

TEST(WeightTools, SmoothingLeavesUniformWeightsAndZeroStrengthAlone) {
  std::vector<std::vector<Influence>> uniform(10, {{0, 0.25}, {3, 0.75}});
  smoothInfluences(path(10), uniform, {5, 0.8});
  for (const auto& influences : uniform) {
    EXPECT_NEAR(weightOf(influences, 0), 0.25, 1e-12);
    EXPECT_NEAR(weightOf(influences, 3), 0.75, 1e-12);
  }
  std::vector<std::vector<Influence>> w = step(10);
  smoothInfluences(path(10), w, {4, 0.0});
  for (int v = 0; v < 10; ++v) {
    ASSERT_EQ(w[v].size(), 1u);
    EXPECT_EQ(w[v][0].joint, v < 5 ? 0 : 1);
    EXPECT_EQ(w[v][0].weight, 1.0);
  }
}

TEST(WeightTools, SmoothWeightsReducesTheVariationOverTheSurface) {
  const Character c = test::riggedHumanoid();
  Expected<BoneHeatResult> heat = boneHeatWeights(c.mesh, c.skeleton);
  ASSERT_TRUE(heat) << heat.error().message;
  // Dirichlet energy: the squared difference of the weights across every edge of the file's
  // triangles (not the L1 difference: a monotone blend keeps its total variation).
  auto energy = [&](const SkinWeights& w) {
    double total = 0.0;
    for (const Eigen::Vector3i& t : c.mesh.source.triangles)
      for (int k = 0; k < 3; ++k)
        for (int j = 0; j < c.skeleton.size(); ++j) {
          const double d =
              weightOf(w.perVertex[t[k]], j) - weightOf(w.perVertex[t[(k + 1) % 3]], j);
          total += d * d;
        }
    return total;
  };
  SkinWeights smoothed = heat->weights;
  smoothWeights(c.mesh, smoothed, {4, 0.5});
  EXPECT_LT(energy(smoothed), 0.8 * energy(heat->weights));
  for (int v = 0; v < smoothed.vertexCount(); ++v) {
    ASSERT_FALSE(smoothed.perVertex[v].empty());
    EXPECT_NEAR(smoothed.weightSum(v), 1.0, 1e-9);
  }
}

TEST(WeightTools, PruneCutsSmallWeightsAndRenormalizes) {
  SkinWeights w;
  w.perVertex = {{{0, 0.6}, {1, 0.3}, {2, 0.06}, {3, 0.04}}, {{0, 0.25}, {1, 0.25}, {2, 0.5}}};
  EXPECT_EQ(pruneWeights(w, 0.05), 1);
  ASSERT_EQ(w.perVertex[0].size(), 3u);
  EXPECT_NEAR(weightOf(w.perVertex[0], 0), 0.6 / 0.96, 1e-12);
  EXPECT_NEAR(weightOf(w.perVertex[0], 2), 0.06 / 0.96, 1e-12);
  EXPECT_EQ(weightOf(w.perVertex[0], 3), 0.0);
  // A threshold above every weight keeps each vertex's strongest alone, with weight 1.
  EXPECT_EQ(pruneWeights(w, 0.7), 4);
  ASSERT_EQ(w.perVertex[1].size(), 1u);
  EXPECT_EQ(w.perVertex[1][0].joint, 2);
  EXPECT_NEAR(w.perVertex[1][0].weight, 1.0, 1e-12);
}

/// The symmetric bar of bone_heat_test with a central bone and a left and right arm; the left
/// half weighted to the left arm, the right half to the centre (one side painted, one not).
Character oneSidedBar() {
  Character c = test::symmetricBar();
  c.skin.perVertex.resize(c.mesh.source.positions.size());
  for (std::size_t v = 0; v < c.skin.perVertex.size(); ++v) {
    const double x = c.mesh.source.positions[v].x();
    const double arm = std::clamp(x / 0.5, 0.0, 1.0);
    if (x > 0)
      c.skin.perVertex[v] = {{1, arm}, {0, 1.0 - arm}};
    else
      c.skin.perVertex[v] = {{0, 1.0}};
    if (x > 0 && arm == 1.0) c.skin.perVertex[v] = {{1, 1.0}};
  }
  return c;
}

TEST(WeightTools, MirrorCopiesTheChosenSideOntoTheOther) {
  Character c = oneSidedBar();
  const SkinWeights before = c.skin;
  MirrorParams params;
  params.source = MirrorSource::PositiveX;
  const MirrorReport r = mirrorSkinWeights(c.mesh, c.skeleton, c.skin, params);
  ASSERT_TRUE(r.applied) << r.reason;
  EXPECT_EQ(r.pairedBones, 2);
  const auto& p = c.mesh.source.positions;
  int checked = 0;
  for (int v = 0; v < int(p.size()); ++v) {
    if (p[v].x() < 0.01) continue;
    int u = 0;  // the mirror image of v
    for (int k = 0; k < int(p.size()); ++k)
      if ((p[k] - Eigen::Vector3d(-p[v].x(), p[v].y(), p[v].z())).norm() <
          (p[u] - Eigen::Vector3d(-p[v].x(), p[v].y(), p[v].z())).norm())
        u = k;
    // The painted side is unchanged; its mirror has the right arm where it has the left.
    EXPECT_NEAR(weightOf(c.skin.perVertex[v], 1), weightOf(before.perVertex[v], 1), 1e-12);
    EXPECT_NEAR(weightOf(c.skin.perVertex[u], 2), weightOf(c.skin.perVertex[v], 1), 1e-12);
    EXPECT_NEAR(weightOf(c.skin.perVertex[u], 0), weightOf(c.skin.perVertex[v], 0), 1e-12);
    EXPECT_EQ(weightOf(c.skin.perVertex[u], 1), 0.0);
    ++checked;
  }
  EXPECT_GT(checked, 400);
}

TEST(WeightTools, MirrorAveragesBothSidesByDefault) {
  Character c = oneSidedBar();
  ASSERT_TRUE(mirrorSkinWeights(c.mesh, c.skeleton, c.skin).applied);
  const int tip = int(c.mesh.source.positions.size()) - 1;  // the cap's centre at x = 1
  ASSERT_NEAR(c.mesh.source.positions[tip].x(), 1.0, 1e-12);
  EXPECT_NEAR(weightOf(c.skin.perVertex[tip], 1), 0.5, 1e-12);
  EXPECT_NEAR(weightOf(c.skin.perVertex[tip], 0), 0.5, 1e-12);
  EXPECT_NEAR(weightOf(c.skin.perVertex[tip - 1], 2), 0.5, 1e-12);  // x = −1
}

TEST(WeightTools, MirrorLeavesAnAsymmetricSkeletonAlone) {
  Character c = oneSidedBar();
  c.skeleton.joints[1].tail = Eigen::Vector3d(0.7, 0.02, 0);
  const SkinWeights before = c.skin;
  const MirrorReport r = mirrorSkinWeights(c.mesh, c.skeleton, c.skin);
  EXPECT_FALSE(r.applied);
  EXPECT_FALSE(r.reason.empty());
  EXPECT_EQ(c.skin.perVertex.size(), before.perVertex.size());
  for (std::size_t v = 0; v < before.perVertex.size(); ++v)
    EXPECT_EQ(weightOf(c.skin.perVertex[v], 1), weightOf(before.perVertex[v], 1));
}

}  // namespace
}  // namespace rw

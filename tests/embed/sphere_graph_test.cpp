// Skeleton embedding's discretization (Baran & Popović 2007, §3.1; embed/volume_grid.h,
// embed/sphere_graph.h): the inside of procedural and real characters, the medial spheres and
// the graph joining them.
#include <gtest/gtest.h>

#include <cmath>
#include <iostream>

#include "embed/sphere_graph.h"
#include "embed/volume_grid.h"
#include "support/implicit_meshes.h"
#include "support/real_models.h"

namespace rw {
namespace {

/// Distance from p to the segment ab.
double toSegment(const Eigen::Vector3d& p, const Eigen::Vector3d& a, const Eigen::Vector3d& b) {
  const Eigen::Vector3d d = b - a;
  const double t = std::clamp((p - a).dot(d) / d.squaredNorm(), 0.0, 1.0);
  return (a + t * d - p).norm();
}

/// The share of the spheres in the graph's largest connected component.
double largestComponentShare(const SphereGraph& g) {
  const std::vector<int> component = g.components();
  std::vector<int> count(g.size() + 1, 0);
  for (int c : component) ++count[c];
  return double(*std::max_element(count.begin(), count.end())) / double(g.size());
}

TEST(VolumeGrid, TheInsideOfAClosedCapsuleHasItsVolumeAndItsDepth) {
  const test::Capsule capsule{{0, 0, 0}, {0, 1, 0}, 0.2};
  const Mesh mesh = buildMesh(test::capsuleCreature({capsule}, 0.02));
  const VolumeGrid grid = sampleVolume(mesh.positions, mesh.triangles);
  ASSERT_GT(grid.cell, 0.0);
  const double volume = M_PI * 0.04 * 1.0 + 4.0 / 3.0 * M_PI * 0.008;
  const double measured = grid.insideCount() * std::pow(grid.cell, 3);
  EXPECT_NEAR(measured, volume, 0.1 * volume);
  // Deepest on the axis: the radius, to a cell.
  const float deepest = *std::max_element(grid.distance.begin(), grid.distance.end());
  EXPECT_NEAR(deepest, 0.2, 1.5 * grid.cell);
  EXPECT_FALSE(grid.inside[grid.cellAt({0.35, 0.5, 0})]);
  EXPECT_TRUE(grid.inside[grid.cellAt({0.0, 0.5, 0})]);
}

TEST(VolumeGrid, TheDistanceIsToTheNearestOutsideCell) {
  const Mesh mesh = buildMesh(test::capsuleCreature({{{0, 0, 0}, {0, 1, 0}, 0.2}}, 0.02));
  const VolumeGrid grid = sampleVolume(mesh.positions, mesh.triangles);
  for (int c = 0; c < grid.dims.prod(); c += 7) {
    const int o = grid.nearestOutside[c];
    ASSERT_GE(o, 0);
    EXPECT_FALSE(grid.inside[o]);
    EXPECT_NEAR(grid.distance[c], (grid.centre(c) - grid.centre(o)).norm(), 1e-5);
  }
}

TEST(SphereGraph, ACapsulesSpheresLieOnItsAxisAndFormOneChain) {
  const Mesh mesh = buildMesh(test::capsuleCreature({{{0, 0, 0}, {0, 1, 0}, 0.2}}, 0.02));
  const VolumeGrid grid = sampleVolume(mesh.positions, mesh.triangles);
  const SphereGraph g = buildSphereGraph(grid);
  ASSERT_GE(g.size(), 3);
  for (int s = 0; s < g.size(); ++s) {
    EXPECT_LE(toSegment(g.centres[s], {0, 0, 0}, {0, 1, 0}), 1.5 * grid.cell) << s;
    EXPECT_GT(g.radii[s], 0.0);
  }
  EXPECT_EQ(largestComponentShare(g), 1.0);
  // The shortest paths run along the axis: end to end about the capsule's length.
  double longest = 0.0;
  for (const auto& row : g.distances)
    for (double d : row) longest = std::max(longest, d);
  EXPECT_NEAR(longest, 1.0, 0.2);
}

TEST(SphereGraph, AFusedHumanoidHasSpheresDownEveryLimbOnOneGraph) {
  const test::Creature creature = test::humanoidCreature();
  const Mesh mesh = buildMesh(test::capsuleCreature(creature.capsules, 0.02));
  const VolumeGrid grid = sampleVolume(mesh.positions, mesh.triangles);
  const SphereGraph g = buildSphereGraph(grid);
  EXPECT_EQ(largestComponentShare(g), 1.0);
  for (const Eigen::Vector3d& tip : creature.limbTips) {
    double nearest = 1e9;
    for (const Eigen::Vector3d& c : g.centres) nearest = std::min(nearest, (c - tip).norm());
    EXPECT_LT(nearest, 0.15) << tip.transpose();  // a limb's last sphere near its tip
  }
}

TEST(SphereGraph, HumanBlendIsOneGraphInsideItsBodyReachingHandsAndFeet) {
  Character c;
  ASSERT_TRUE(test::loadModel("BLEND/HUMAN.blend", c));
  const VolumeGrid grid = sampleVolume(c.mesh.positions, c.mesh.triangles);
  const SphereGraph g = buildSphereGraph(grid);
  const double size = c.mesh.size();
  std::cout << "[ measured ] HUMAN.blend: " << grid.dims.transpose() << " cells, "
            << grid.insideCount() << " inside, " << g.size() << " spheres\n";
  ASSERT_GE(g.size(), 20);
  EXPECT_GE(largestComponentShare(g), 0.95);
  for (int s = 0; s < g.size(); ++s) EXPECT_TRUE(grid.inside[grid.cellAt(g.centres[s])]) << s;
  // The extremes of the body (its lowest points left and right, its farthest points along the
  // widest horizontal axis) each have a sphere near them: the feet and hands are in the graph.
  const Eigen::AlignedBox3d box = c.mesh.bounds();
  const int up = 1;  // HUMAN.blend is imported Y up
  const int wide = box.sizes()[0] >= box.sizes()[2] ? 0 : 2;
  std::vector<Eigen::Vector3d> extremes(4, c.mesh.positions.front());
  for (const Eigen::Vector3d& p : c.mesh.positions) {
    if (p[wide] < extremes[0][wide]) extremes[0] = p;
    if (p[wide] > extremes[1][wide]) extremes[1] = p;
    const int side = p[wide] < box.center()[wide] ? 2 : 3;
    if (p[up] < extremes[side][up]) extremes[side] = p;
  }
  for (const Eigen::Vector3d& e : extremes) {
    double nearest = 1e9;
    for (const Eigen::Vector3d& centre : g.centres)
      nearest = std::min(nearest, (centre - e).norm());
    EXPECT_LT(nearest, 0.08 * size) << e.transpose();
  }
}

}  // namespace
}  // namespace rw

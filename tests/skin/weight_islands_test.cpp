// Stray islands of a bone's weight (skin/weight_islands.h) on a constructed surface: a piece of
// an unrelated bone inside another's skin takes the weights around it; a neighbour bone's piece
// (the blend across a joint) and a whole separate part stay.
#include <gtest/gtest.h>

#include "skin/skin_eval.h"
#include "skin/weight_islands.h"
#include "skin/weight_tools.h"
#include "support/procedural_meshes.h"

namespace rw {
namespace {

/// A chain of five bones 0-1-2-3-4: bones a and b are |a − b| links apart.
std::vector<std::vector<int>> chainHops(int bones) {
  std::vector<std::vector<int>> hops(bones, std::vector<int>(bones));
  for (int a = 0; a < bones; ++a)
    for (int b = 0; b < bones; ++b) hops[a][b] = std::abs(a - b);
  return hops;
}

struct Grid {
  Mesh mesh = buildMesh(test::grid(8));
  std::vector<std::vector<int>> neighbours =
      surfaceNeighbours(int(mesh.positions.size()), mesh.triangles);
  /// The welded vertex nearest (x, z).
  int at(double x, double z) const {
    int best = 0;
    for (int v = 0; v < int(mesh.positions.size()); ++v)
      if ((mesh.positions[v] - Eigen::Vector3d(x, 0, z)).norm() <
          (mesh.positions[best] - Eigen::Vector3d(x, 0, z)).norm())
        best = v;
    return best;
  }
};

}  // namespace

TEST(WeightIslands, AFarBonesPieceTakesTheWeightsAroundIt) {
  const Grid g;
  const int n = int(g.mesh.positions.size());
  const Eigen::AlignedBox3d box = g.mesh.bounds();
  const double mid = 0.5 * (box.min().x() + box.max().x());
  std::vector<std::vector<Influence>> w(n);
  // Bone 0 on the left half, bone 1 on the right, bone 4 (a fingertip's) on the last column.
  for (int v = 0; v < n; ++v) {
    const double x = g.mesh.positions[v].x();
    w[v] = {{x < mid ? 0 : (x > box.max().x() - 0.5 ? 4 : 1), 1.0}};
  }
  // Bone 4 (four links from bone 0) also dominates one vertex inside bone 0's half, as a
  // fingertip resting in a thigh does; bone 1 (bone 0's neighbour) another.
  const double step = (box.max().x() - box.min().x()) / 8.0;
  const int stray = g.at(box.min().x() + 2 * step, box.min().z() + 4 * step);
  const int blend = g.at(box.min().x() + 1 * step, box.min().z() + 2 * step);
  w[stray] = {{4, 0.8}, {0, 0.2}};
  w[blend] = {{1, 0.6}, {0, 0.4}};
  const WeightIslandReport r = removeWeightIslands(g.neighbours, chainHops(5), w);
  EXPECT_EQ(r.islands, 1);
  EXPECT_EQ(r.vertices, 1);
  EXPECT_EQ(dominantJoint(w[stray]), 0);
  for (const Influence& i : w[stray]) EXPECT_NE(i.joint, 4);
  double sum = 0.0;
  for (const Influence& i : w[stray]) sum += i.weight;
  EXPECT_NEAR(sum, 1.0, 1e-12);
  EXPECT_EQ(dominantJoint(w[blend]), 1) << "a neighbour bone's piece is a blend, not a stray";
}

// A bone's own region can be smaller than a stray piece of it: a fingertip's skin at the end of
// the hand beside a larger patch on the skirt the hand hangs by. The piece that borders the
// bone's neighbours' skin is its own; the larger, bordering only far bones, is the stray.
TEST(WeightIslands, AStrayPieceLargerThanTheBonesOwnRegionIsStillAStray) {
  const Grid g;
  const int n = int(g.mesh.positions.size());
  const Eigen::AlignedBox3d box = g.mesh.bounds();
  const double step = (box.max().x() - box.min().x()) / 8.0;
  std::vector<std::vector<Influence>> w(n);
  // Bone 0 (a thigh) on the left columns, bone 3 (a hand) on the right ones, bone 4 (the
  // fingertip) on the last vertex of the last column only.
  for (int v = 0; v < n; ++v) w[v] = {{g.mesh.positions[v].x() < 4.5 * step ? 0 : 3, 1.0}};
  w[g.at(box.max().x(), box.max().z())] = {{4, 1.0}};
  // A 2 x 2 patch of the fingertip's weight inside the thigh's skin.
  std::vector<int> patch;
  for (int i : {1, 2})
    for (int k : {3, 4}) patch.push_back(g.at(box.min().x() + i * step, box.min().z() + k * step));
  for (int v : patch) w[v] = {{4, 1.0}};
  const WeightIslandReport r = removeWeightIslands(g.neighbours, chainHops(5), w);
  EXPECT_EQ(r.islands, 1);
  EXPECT_EQ(r.vertices, 4);
  for (int v : patch) EXPECT_EQ(dominantJoint(w[v]), 0);
  EXPECT_EQ(dominantJoint(w[g.at(box.max().x(), box.max().z())]), 4);
}

TEST(WeightIslands, AWholePartIsKeptAndNoIslandsChangesNothing) {
  SourceMesh two = test::grid(4);
  SourceMesh other = test::grid(4);
  for (Eigen::Vector3d& p : other.positions) p.x() += 10.0;
  test::append(two, other);
  const Mesh mesh = buildMesh(two);
  const int n = int(mesh.positions.size());
  const auto neighbours = surfaceNeighbours(n, mesh.triangles);
  std::vector<std::vector<Influence>> w(n);
  // The second grid (an eyeball) is bone 4's alone; the first has two bones' regions.
  for (int v = 0; v < n; ++v)
    w[v] = {{mesh.positions[v].x() > 5.0 ? 4 : (mesh.positions[v].z() < 0.5 ? 0 : 1), 1.0}};
  const auto before = w;
  const WeightIslandReport r = removeWeightIslands(neighbours, chainHops(5), w);
  EXPECT_EQ(r.islands, 0);
  EXPECT_EQ(r.vertices, 0);
  for (int v = 0; v < n; ++v) EXPECT_EQ(w[v].front().joint, before[v].front().joint);
  // Off: nothing is looked at.
  w[0] = {{4, 1.0}};
  EXPECT_EQ(removeWeightIslands(neighbours, chainHops(5), w, {-1}).vertices, 0);
  EXPECT_EQ(w[0].front().joint, 4);
}

}  // namespace rw

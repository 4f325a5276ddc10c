#include <gtest/gtest.h>

#include "mesh/mesh.h"
#include "mesh/weld_by_position.h"

#include <cmath>
#include <cstdlib>
#include "support/procedural_meshes.h"

using namespace rw;

TEST(MeshWeld, SplitCubeWeldsToEightVerticesAndKeepsTheMapBack) {
  const Mesh mesh = buildMesh(test::splitCube());
  EXPECT_EQ(mesh.source.positions.size(), 24u);
  EXPECT_EQ(mesh.positions.size(), 8u);
  EXPECT_EQ(mesh.triangles.size(), 12u);
  ASSERT_EQ(mesh.weldedOfSource.size(), 24u);
  for (std::size_t i = 0; i < 24; ++i)
    EXPECT_LE((mesh.positions[mesh.weldedOfSource[i]] - mesh.source.positions[i]).norm(),
              mesh.weldTolerance);
  // Source data for export is untouched.
  EXPECT_EQ(mesh.source.normals.size(), 24u);
}

TEST(MeshWeld, ToleranceIsRelativeToSize) {
  SourceMesh src = test::splitCube(Eigen::Vector3d::Zero(), 1000.0);
  // Nudge one corner copy by 1e-7 × size: still welded. Move another by 1e-3 × size: not.
  src.positions[0] += Eigen::Vector3d(1e-7 * 1732, 0, 0);
  Mesh nudged = buildMesh(src);
  EXPECT_EQ(nudged.positions.size(), 8u);
  src.positions[0] += Eigen::Vector3d(1.7, 0, 0);
  Mesh split = buildMesh(src);
  EXPECT_EQ(split.positions.size(), 9u);
}

TEST(MeshWeld, CollapsedTrianglesAreRemovedAndCounted) {
  SourceMesh src = test::splitCube();
  // A sliver whose two corners coincide after the weld.
  src.positions.push_back(src.positions[0]);
  src.triangles.emplace_back(0, 24, 1);
  src.triangleMaterial.push_back(0);
  const Mesh mesh = buildMesh(src);
  EXPECT_EQ(mesh.triangles.size(), 12u);
  EXPECT_EQ(mesh.diagnostics.degenerateTriangles, 1);
}

TEST(MeshWeld, ANonManifoldEdgeKeepsEveryTriangleAndIsReported) {
  // Three triangles on one edge: all three stay, and the edge is counted.
  SourceMesh src;
  src.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}};
  src.triangles = {{0, 1, 2}, {1, 0, 3}, {0, 1, 4}};
  src.triangleMaterial = {0, 0, 0};
  src.materialNames = {"m"};
  const Mesh mesh = buildMesh(src);
  EXPECT_EQ(mesh.triangles.size(), 3u);
  EXPECT_EQ(mesh.diagnostics.nonManifoldEdges, 1);
}

namespace {

/// The weld's definition, point by point against every welded point: the reference.
std::vector<int> weldByDefinition(const std::vector<Eigen::Vector3d>& points, double tolerance,
                                  std::vector<Eigen::Vector3d>& welded) {
  std::vector<int> weldedOf;
  for (const Eigen::Vector3d& p : points) {
    int found = -1;
    for (int w = 0; w < int(welded.size()) && found < 0; ++w)
      if ((welded[w] - p).squaredNorm() <= tolerance * tolerance) found = w;
    if (found < 0 || !p.allFinite()) {
      found = int(welded.size());
      welded.push_back(p);
    }
    weldedOf.push_back(found);
  }
  return weldedOf;
}

}  // namespace

TEST(WeldByPosition, AgreesWithItsDefinitionOnCopiesChainsAndStrayPoints) {
  // Clusters of exact copies, chains of points each within the tolerance of the next but not
  // of the one after (the first of a chain decides), points on one plane (equal projections
  // along every axis), many copies at the origin, and a NaN.
  const double tolerance = 1e-3;
  std::vector<Eigen::Vector3d> points;
  std::srand(7);
  auto uniform = [] { return double(std::rand()) / RAND_MAX; };
  for (int c = 0; c < 300; ++c) {
    const Eigen::Vector3d centre(uniform(), uniform(), 0.0);
    for (int k = 0; k < 1 + c % 4; ++k) points.push_back(centre);
    for (int k = 1; k < c % 3; ++k) points.push_back(centre + Eigen::Vector3d(0.7e-3 * k, 0, 0));
  }
  for (int k = 0; k < 500; ++k) points.push_back(Eigen::Vector3d::Zero());
  points.push_back(Eigen::Vector3d::Constant(std::nan("")));
  for (int k = 0; k < 200; ++k) points.push_back(points[std::rand() % points.size()]);
  std::vector<Eigen::Vector3d> expectedWelded;
  const std::vector<int> expected = weldByDefinition(points, tolerance, expectedWelded);
  EXPECT_LT(expectedWelded.size(), points.size() / 2);  // the case welds a lot
  std::vector<Eigen::Vector3d> welded, sortedWelded, gridWelded;
  EXPECT_EQ(weldByPosition(points, tolerance, welded), expected);
  EXPECT_EQ(welded.size(), expectedWelded.size());
  EXPECT_EQ(weldBySortedProjection(points, tolerance, sortedWelded, points.size() * 32), expected);
  EXPECT_EQ(weldByGrid(points, tolerance, gridWelded), expected);
  EXPECT_EQ(gridWelded.size(), expectedWelded.size());
}

TEST(WeldByPosition, PointsAcrossTheSortDirectionFallBackToTheGrid) {
  // A sheet of points square to the direction the weld sorts along: all project alike, and
  // comparing each with each would be quadratic (a hang on a large mesh). The sorted weld gives
  // up, the grid welds them.
  const Eigen::Vector3d d = weldSortDirection();
  const Eigen::Vector3d u = d.unitOrthogonal(), v = d.cross(u);
  std::vector<Eigen::Vector3d> points;
  for (int a = 0; a < 60; ++a)
    for (int b = 0; b < 60; ++b) points.push_back(0.01 * (a * u + b * v));
  for (int k = 0; k < 100; ++k) points.push_back(points[k * 17]);  // copies
  const double tolerance = 1e-3;
  std::vector<Eigen::Vector3d> sortedWelded;
  EXPECT_FALSE(weldBySortedProjection(points, tolerance, sortedWelded, points.size() * 32));
  EXPECT_TRUE(sortedWelded.empty());
  std::vector<Eigen::Vector3d> welded, expectedWelded;
  EXPECT_EQ(weldByPosition(points, tolerance, welded),
            weldByDefinition(points, tolerance, expectedWelded));
  EXPECT_EQ(welded.size(), 3600u);
}

#include <gtest/gtest.h>

#include "mesh/mesh.h"
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

#include <gtest/gtest.h>

#include "mesh/mesh.h"
#include "support/procedural_meshes.h"

using namespace rw;

TEST(MeshDiagnostics, ClosedCubeIsOneGenusZeroComponent) {
  const MeshDiagnostics d = buildMesh(test::splitCube()).diagnostics;
  EXPECT_EQ(d.components, 1);
  EXPECT_TRUE(d.closed);
  EXPECT_EQ(d.boundaryEdges, 0);
  EXPECT_EQ(d.eulerCharacteristic, 2);
  ASSERT_EQ(d.componentInfo.size(), 1u);
  EXPECT_EQ(d.componentInfo[0].genus, 0);
}

TEST(MeshDiagnostics, TorusHasGenusOne) {
  const MeshDiagnostics d = buildMesh(test::torus()).diagnostics;
  EXPECT_TRUE(d.closed);
  EXPECT_EQ(d.eulerCharacteristic, 0);
  EXPECT_EQ(d.componentInfo[0].genus, 1);
}

TEST(MeshDiagnostics, OpenGridHasOneBoundaryLoop) {
  const MeshDiagnostics d = buildMesh(test::grid(4)).diagnostics;
  EXPECT_FALSE(d.closed);
  EXPECT_EQ(d.boundaryEdges, 16);
  EXPECT_EQ(d.boundaryLoops, 1);
  EXPECT_EQ(d.eulerCharacteristic, 1);  // a disc
  EXPECT_EQ(d.componentInfo[0].genus, -1);
}

TEST(MeshDiagnostics, SeparatePartsAreComponentsLargestFirst) {
  SourceMesh src = test::splitCube();
  test::append(src, test::torus());
  test::append(src, test::splitCube(Eigen::Vector3d(5, 0, 0)));
  const MeshDiagnostics d = buildMesh(src).diagnostics;
  EXPECT_EQ(d.components, 3);
  EXPECT_EQ(d.componentInfo[0].genus, 1);  // the torus has the most triangles
  EXPECT_EQ(d.eulerCharacteristic, 2 + 0 + 2);
}

TEST(MeshDiagnostics, NonManifoldEdgeAndVertexAreReported) {
  SourceMesh fin;  // three triangles on edge (0,1)
  fin.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}};
  fin.triangles = {{0, 1, 2}, {1, 0, 3}, {0, 1, 4}};
  fin.triangleMaterial = {0, 0, 0};
  fin.materialNames = {"m"};
  EXPECT_EQ(buildMesh(fin).diagnostics.nonManifoldEdges, 1);

  SourceMesh bowtie;  // two triangles touching at vertex 0 only
  bowtie.positions = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {-1, 0, 0}, {-1, -1, 0}};
  bowtie.triangles = {{0, 1, 2}, {0, 3, 4}};
  bowtie.triangleMaterial = {0, 0};
  bowtie.materialNames = {"m"};
  const MeshDiagnostics d = buildMesh(bowtie).diagnostics;
  EXPECT_EQ(d.nonManifoldVertices, 1);
  EXPECT_EQ(d.nonManifoldEdges, 0);
  EXPECT_EQ(d.components, 1);
}

TEST(MeshDiagnostics, SummaryNamesTheProblems) {
  const std::string s = buildMesh(test::grid(2)).diagnostics.summary();
  EXPECT_NE(s.find("1 component"), std::string::npos) << s;
  EXPECT_NE(s.find("open"), std::string::npos) << s;
  EXPECT_NE(s.find("8 boundary edges"), std::string::npos) << s;
}

#include <gtest/gtest.h>

#include <assimp/mesh.h>

#include "io/identical_vertices.h"

using namespace rw;

namespace {

/// A mesh of `n` vertices at `positions` with `normals`, one triangle per three listed corners.
struct TestMesh {
  aiMesh mesh;
  TestMesh(const std::vector<aiVector3D>& positions, const std::vector<aiVector3D>& normals,
           const std::vector<unsigned>& corners) {
    mesh.mNumVertices = unsigned(positions.size());
    mesh.mVertices = new aiVector3D[positions.size()];
    mesh.mNormals = new aiVector3D[positions.size()];
    for (std::size_t v = 0; v < positions.size(); ++v)
      mesh.mVertices[v] = positions[v], mesh.mNormals[v] = normals[v];
    mesh.mNumFaces = unsigned(corners.size() / 3);
    mesh.mFaces = new aiFace[mesh.mNumFaces];
    for (unsigned f = 0; f < mesh.mNumFaces; ++f) {
      mesh.mFaces[f].mNumIndices = 3;
      mesh.mFaces[f].mIndices =
          new unsigned[3]{corners[3 * f], corners[3 * f + 1], corners[3 * f + 2]};
    }
  }
};

}  // namespace

TEST(IdenticalVertices, JoinsCopiesAndNearNormalsKeepsSeamsAndDropsUnusedVertices) {
  const aiVector3D a(0, 0, 0), b(1, 0, 0), c(0, 1, 0), up(0, 0, 1);
  const TestMesh t({a, b, c,                        // 0-2: a triangle
                    a, b + aiVector3D(0, 0, 0), c,  // 3-5: its copy (joined)
                    aiVector3D(-0.0f, 0, 0),        // 6: a at -0 (joined)
                    a,                              // 7: a, its normal off by 1e-6 (joined)
                    a,                              // 8: a, its normal off by 1e-3 (a seam: kept)
                    b,                              // 9: used by no triangle (dropped)
                    c},                             // 10: c (joined)
                   {up, up, up, up, up, up, up, up + aiVector3D(1e-6f, 0, 0),
                    up + aiVector3D(1e-3f, 0, 0), up, up},
                   {0, 1, 2, 3, 4, 5, 6, 1, 10, 7, 8, 2});
  const VertexClasses classes = identicalVertices(t.mesh, {});
  EXPECT_EQ(classes.firstOfClass, (std::vector<int>{0, 1, 2, 8}));
  EXPECT_EQ(classes.classOf, (std::vector<int>{0, 1, 2, 0, 1, 2, 0, 0, 3, -1, 2}));
}

TEST(IdenticalVertices, InfluencesMustAgreeButZeroWeightsDoNotCount) {
  const aiVector3D a(0, 0, 0), b(1, 0, 0), c(0, 1, 0), up(0, 0, 1);
  const TestMesh t({a, b, c, a, a}, {up, up, up, up, up}, {0, 1, 2, 3, 1, 2, 4, 1, 2});
  // Vertex 3 carries 0's weights padded with a zero weight (joined); 4 other weights (kept).
  const std::vector<std::vector<Influence>> influences = {{{0, 0.5}, {1, 0.5}},
                                                          {{0, 1.0}},
                                                          {{1, 1.0}},
                                                          {{0, 0.5}, {1, 0.5}, {2, 0.0}},
                                                          {{0, 0.25}, {1, 0.75}}};
  const VertexClasses classes = identicalVertices(t.mesh, influences);
  EXPECT_EQ(classes.classOf, (std::vector<int>{0, 1, 2, 0, 3}));
}

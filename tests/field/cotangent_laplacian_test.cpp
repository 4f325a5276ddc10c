// The Laplace system's weights in the domain's adjacency layout (field/cotangent_laplacian.h)
// are the numbers a sparse matrix assembled from every triangle's entries holds, to the bit:
// the harmonic field, and every stage after it, unchanged.
#include <gtest/gtest.h>

#include "field/cotangent_laplacian.h"
#include "field/head_vertex.h"
#include "field/surface_domain.h"
#include "support/procedural_meshes.h"
#include "support/real_models.h"

using namespace rw;
using namespace rw::test;

namespace {

/// W from the triangles' entries and the bridges', summed by Eigen's triplet assembly.
Eigen::SparseMatrix<double> assembledWeights(const SurfaceDomain& d, const LaplacianParams& p) {
  const Eigen::SparseMatrix<double> W =
      cotangentWeights(d.vertexCount, d.triangles, d.positions, p.minWeight);
  std::vector<Eigen::Triplet<double>> bridges;
  for (const auto& b : d.bridges) {
    bridges.emplace_back(b[0], b[1], p.bridgeWeight);
    bridges.emplace_back(b[1], b[0], p.bridgeWeight);
  }
  Eigen::SparseMatrix<double> B(d.vertexCount, d.vertexCount);
  B.setFromTriplets(bridges.begin(), bridges.end());
  return W + B;
}

void expectSameWeights(const SurfaceDomain& d) {
  const LaplacianParams params;
  const std::vector<double> w = adjacencyCotangentWeights(d, params);
  const Eigen::SparseMatrix<double> W = assembledWeights(d, params);
  ASSERT_EQ(w.size(), std::size_t(W.nonZeros()));
  for (int i = 0; i < d.vertexCount; ++i)
    for (int k = d.adjacencyStart[i]; k < d.adjacencyStart[i + 1]; ++k)
      ASSERT_EQ(w[k], W.coeff(i, d.adjacency[k])) << i << " - " << d.adjacency[k];
}

}  // namespace

TEST(AdjacencyCotangentWeights, AreTheAssembledMatrixsBitForBitOnBcn) {
  Character bcn;
  ASSERT_TRUE(loadModel("X/BCN_Epileptic.X", bcn));
  Expected<SurfaceDomain> domain =
      buildSurfaceDomain(bcn.mesh, resolveHeadVertex(bcn.mesh, "auto").value());
  ASSERT_TRUE(domain);
  EXPECT_GT(domain->vertexCount, 2000);
  expectSameWeights(*domain);
}

TEST(AdjacencyCotangentWeights, AreTheAssembledMatrixsBitForBitWithBridges) {
  SourceMesh source = splitCube({0, 0, 0}, 1.0);
  append(source, splitCube({3, 0, 0}, 1.0));
  append(source, splitCube({0, 3, 0}, 1.0));
  Expected<SurfaceDomain> domain = buildSurfaceDomain(buildMesh(source), 0);
  ASSERT_TRUE(domain);
  EXPECT_EQ(domain->bridges.size(), 2u);
  expectSameWeights(*domain);
}

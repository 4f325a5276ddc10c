// The bone heat system prepared in two steps (skin/part_heat_system.h): the Laplacian's pattern
// analysed before the heat is known, then factored with the heat on its diagonal, must solve the
// very system §4 writes, (L + M H) w = M H p, as a direct solve of that system does.
#include "skin/part_heat_system.h"

#include <gtest/gtest.h>

#include <Eigen/SparseCholesky>
#include <memory>
#include <numeric>

#include "field/cotangent_laplacian.h"
#include "mesh/mesh.h"
#include "support/procedural_meshes.h"

namespace rw {
namespace {

/// The system of the whole of `mesh` (one part).
std::unique_ptr<PartHeatSystem> wholeMeshSystem(const Mesh& mesh) {
  const int n = int(mesh.positions.size());
  std::vector<int> vertices(n), triangles(mesh.triangles.size());
  std::iota(vertices.begin(), vertices.end(), 0);
  std::iota(triangles.begin(), triangles.end(), 0);
  return std::make_unique<PartHeatSystem>(vertices, triangles, mesh.positions, mesh.triangles,
                                          1e-4);
}

TEST(PartHeatSystem, SolvesTheHeatSystemAsADirectSolveDoes) {
  const Mesh mesh = buildMesh(test::torus(24, 12));
  const int n = int(mesh.positions.size());
  std::vector<int> vertices(n), triangles(mesh.triangles.size());
  std::iota(vertices.begin(), vertices.end(), 0);
  std::iota(triangles.begin(), triangles.end(), 0);
  PartHeatSystem system(vertices, triangles, mesh.positions, mesh.triangles, 1e-4);
  ASSERT_TRUE(system.analyzed());
  ASSERT_EQ(system.size(), n);

  // Heat on one side of the ring only: most rows carry no heat, as on a real mesh.
  Eigen::VectorXd mh = Eigen::VectorXd::Zero(n);
  for (int v = 0; v < n; ++v)
    if (mesh.positions[v].x() > 0.5) mh[v] = 10.0 + mesh.positions[v].y();
  ASSERT_TRUE(system.factor(mh));

  // The same system assembled directly, solved by Eigen's own Cholesky.
  const Eigen::SparseMatrix<double> W = cotangentWeights(n, mesh.triangles, mesh.positions, 1e-4);
  Eigen::SparseMatrix<double> A = -W;
  for (int v = 0; v < n; ++v) A.coeffRef(v, v) += W.col(v).sum() + mh[v];
  Eigen::SimplicialLDLT<Eigen::SparseMatrix<double>> direct(A);
  ASSERT_EQ(direct.info(), Eigen::Success);

  const int columns = 5;
  Eigen::MatrixXd rhsAll(n, columns);
  for (int k = 0; k < columns; ++k)
    for (int v = 0; v < n; ++v) rhsAll(v, k) = mh[v] * double((v + k) % 3 == 0);
  const Eigen::MatrixXd expected = direct.solve(rhsAll);
  Eigen::MatrixXd got(n, columns);
  std::vector<int> order;  // the blocks, as they were taken
  ASSERT_TRUE(system.solve(
      columns, 2,
      [&](int first, int count, Eigen::MatrixXd& rhs) { rhs = rhsAll.middleCols(first, count); },
      [&](int first, int count, const Eigen::Map<const Eigen::MatrixXd>& x) {
        order.push_back(first);
        got.middleCols(first, count) = x;
      }));
  EXPECT_EQ(order, (std::vector<int>{0, 2, 4}));
  EXPECT_LT((got - expected).cwiseAbs().maxCoeff(), 1e-9 * expected.cwiseAbs().maxCoeff());
  // Heat diffusion keeps every weight within the sources' range (the maximum principle).
  EXPECT_GE(got.minCoeff(), -1e-12);
}

TEST(PartHeatSystem, RefusesHeatOfTheWrongSizeAndANonPositiveSystem) {
  const Mesh mesh = buildMesh(test::grid(6));
  const int n = int(mesh.positions.size());
  const std::unique_ptr<PartHeatSystem> owned = wholeMeshSystem(mesh);
  PartHeatSystem& system = *owned;
  EXPECT_FALSE(system.factor(Eigen::VectorXd::Ones(n + 1)));
  // No heat at all: L alone is singular (constants are in its kernel), not positive definite.
  EXPECT_FALSE(system.factor(Eigen::VectorXd::Zero(n)));
  EXPECT_TRUE(system.factor(Eigen::VectorXd::Ones(n)));
  // Factored once: the Laplacian is released (the solve's memory peak), a second call refused.
  EXPECT_FALSE(system.factor(Eigen::VectorXd::Ones(n)));
  EXPECT_EQ(system.size(), n);
}

TEST(PartHeatSystem, ABlockOfRightHandSidesKeepsItsDenseMemoryWithinTheBudget) {
  const Mesh mesh = buildMesh(test::grid(20));
  const int n = int(mesh.positions.size());
  const std::unique_ptr<PartHeatSystem> system = wholeMeshSystem(mesh);
  const double column = 3.0 * n * sizeof(double);  // right-hand side, permuted copy, solution
  EXPECT_EQ(system->blockWithin(100 * column, 16), 16);
  EXPECT_EQ(system->blockWithin(7.5 * column, 16), 7);
  EXPECT_EQ(system->blockWithin(0.5 * column, 16), 1);  // at least one column
}

}  // namespace
}  // namespace rw

// Round loose parts with a joint at their centre (eyeballs) found for bone heat to bind them
// rigidly to that joint (skin/pivot_parts.h).
#include <gtest/gtest.h>

#include "mesh/mesh.h"
#include "mesh/mesh_parts.h"
#include "skin/pivot_parts.h"
#include "skin_test_meshes.h"
#include "support/procedural_meshes.h"

namespace rw {
namespace {

struct Scene {
  Mesh mesh;  // welded, as bone heat sees it
  MeshParts parts;
};

Scene sceneOf(const std::vector<SourceMesh>& pieces) {
  SourceMesh all;
  for (const SourceMesh& piece : pieces) test::append(all, piece);
  Scene s;
  s.mesh = buildMesh(all);
  s.parts = connectedParts(int(s.mesh.positions.size()), s.mesh.triangles);
  return s;
}

TEST(PivotParts, AnEyeballTurnsAboutTheJointAtItsCentre) {
  const Eigen::Vector3d eye(0.3, 1.6, 0.1);
  const double r = 0.015, size = 2.0;
  // A whole ball and a cap cut behind its centre (the visible part of a modelled eye).
  const Scene s = sceneOf({test::uvSphere(eye, r), test::uvSphere(-eye, r, 12, 16, -0.3)});
  ASSERT_EQ(s.parts.count(), 2);
  // Lid joints beside the eye's (40% of the radius off) are not the pivot; the eye joint, 10%
  // off, is, whatever the order they are listed in.
  const std::vector<Eigen::Vector3d> pivots = {
      eye + Eigen::Vector3d(0, 0.4 * r, 0), eye + Eigen::Vector3d(0.1 * r, 0, 0),
      -eye + Eigen::Vector3d(0, 0, 0.4 * r), -eye + Eigen::Vector3d(0, 0.05 * r, 0)};
  const std::vector<int> pivotOf = pivotOfRoundParts(s.parts, s.mesh.positions, pivots, size);
  ASSERT_EQ(pivotOf.size(), 2u);
  const int ball = s.parts.partOf[0] == 0 ? 0 : 1;
  EXPECT_EQ(pivotOf[ball], 1);
  EXPECT_EQ(pivotOf[1 - ball], 3);
}

TEST(PivotParts, OnlySmallSpheresWithAJointAtTheCentreAreBound) {
  const double size = 2.0;
  const Eigen::Vector3d centre(0, 1, 0);
  // A sphere with the joints away from its centre, a short bar with a joint at its centre (40
  // vertices, not round), a piece
  // too small to tell a sphere, and a ball as large as a body.
  SourceMesh tiny;
  tiny.positions = {{0, 0, 0}, {0.01, 0, 0}, {0, 0.01, 0}, {0, 0, 0.01}};
  tiny.triangles = {{0, 1, 2}, {0, 3, 1}, {0, 2, 3}, {1, 3, 2}};
  const Scene s = sceneOf({test::uvSphere(centre, 0.02), test::closedBar(0.95, 1.05, 0.02, 4, 8),
                           tiny, test::uvSphere({-1, 1, 0}, 0.5)});
  ASSERT_EQ(s.parts.count(), 4);
  const std::vector<Eigen::Vector3d> pivots = {
      centre + Eigen::Vector3d(0.01, 0, 0), {1, 0, 0}, {0.003, 0.003, 0.003}, {-1, 1, 0}};
  for (int pivot : pivotOfRoundParts(s.parts, s.mesh.positions, pivots, size)) EXPECT_EQ(pivot, -1);
  // The same sphere with a joint at its centre is bound.
  std::vector<Eigen::Vector3d> withEye = pivots;
  withEye.push_back(centre);
  const std::vector<int> pivotOf = pivotOfRoundParts(s.parts, s.mesh.positions, withEye, size);
  EXPECT_EQ(std::count(pivotOf.begin(), pivotOf.end(), 4), 1);
  EXPECT_EQ(std::count(pivotOf.begin(), pivotOf.end(), -1), 3);
}

}  // namespace
}  // namespace rw

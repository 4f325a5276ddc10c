// Joint editing's geometry without a window: the translate gizmo's handles under the cursor, a
// drag in the view plane and along an axis, and the middle of the mesh along a ray (snap to
// centre).
#include <gtest/gtest.h>

#include <cmath>

#include "camera.h"
#include "mesh/mesh.h"
#include "picking.h"
#include "translate_gizmo.h"

using namespace rw::render;

namespace {

Camera threeQuarterCamera() {
  Camera camera;
  camera.setViewport(1000, 700);
  camera.setPreset(ViewPreset::ThreeQuarter);
  camera.frame(Eigen::AlignedBox3d(Eigen::Vector3d(-0.5, 0, -0.3), Eigen::Vector3d(0.5, 1.8, 0.3)));
  return camera;
}

Eigen::Vector2d pixel(const Camera& camera, const Eigen::Vector3d& world) {
  const Eigen::Vector3d p = camera.project(world);
  return {p.x(), p.y()};
}

}  // namespace

TEST(TranslateGizmo, HandlesUnderTheCursor) {
  const Camera camera = threeQuarterCamera();
  TranslateGizmo g;
  g.origin = Eigen::Vector3d(0.1, 1.0, 0.05);
  const Eigen::Vector2d o = pixel(camera, g.origin);
  EXPECT_EQ(gizmoHandleAt(camera, g, o.x() + 3, o.y() - 2), GizmoHandle::ViewPlane);
  // Halfway along each axis' arrow on screen.
  for (int axis = 0; axis < 3; ++axis) {
    const Eigen::Vector2d d =
        (pixel(camera, g.origin + 0.01 * Eigen::Vector3d::Unit(axis)) - o).normalized();
    const Eigen::Vector2d on = o + 0.6 * g.arrowPixels * d;
    EXPECT_EQ(gizmoHandleAt(camera, g, on.x(), on.y()), GizmoHandle(axis)) << axis;
  }
  EXPECT_EQ(gizmoHandleAt(camera, g, o.x() + 3 * g.arrowPixels, o.y()), GizmoHandle::None);
}

TEST(TranslateGizmo, ViewPlaneDragFollowsTheCursorAtTheJointsDepth) {
  const Camera camera = threeQuarterCamera();
  const Eigen::Vector3d origin(0.1, 1.0, 0.05);
  const Eigen::Vector2d o = pixel(camera, origin);
  const Eigen::Vector2d grab = o + Eigen::Vector2d(4, -3);  // grabbed a little off centre
  const auto moved =
      dragGizmo(camera, origin, GizmoHandle::ViewPlane, grab, grab.x() + 40, grab.y() + 25);
  ASSERT_TRUE(moved);
  // The joint moved by the cursor's motion on screen, in the plane square to the view.
  EXPECT_LT((pixel(camera, *moved) - (o + Eigen::Vector2d(40, 25))).norm(), 1e-6);
  EXPECT_NEAR((*moved - origin).dot(camera.backward()), 0.0, 1e-12);
  // No motion, no move (the grab offset does not make the joint jump).
  const auto still = dragGizmo(camera, origin, GizmoHandle::ViewPlane, grab, grab.x(), grab.y());
  ASSERT_TRUE(still);
  EXPECT_LT((*still - origin).norm(), 1e-12);
}

TEST(TranslateGizmo, AxisDragMovesAlongThatAxisOnly) {
  const Camera camera = threeQuarterCamera();
  const Eigen::Vector3d origin(0.1, 1.0, 0.05);
  const Eigen::Vector2d o = pixel(camera, origin);
  const Eigen::Vector3d target = origin + Eigen::Vector3d(0, 0.2, 0);
  const Eigen::Vector2d to = pixel(camera, target) + Eigen::Vector2d(15, 0);  // off the axis
  const auto moved = dragGizmo(camera, origin, GizmoHandle::Y, o, to.x(), to.y());
  ASSERT_TRUE(moved);
  EXPECT_EQ(moved->x(), origin.x());
  EXPECT_EQ(moved->z(), origin.z());
  EXPECT_GT(moved->y(), origin.y() + 0.15);
  EXPECT_FALSE(dragGizmo(camera, origin, GizmoHandle::None, o, to.x(), to.y()));
}

TEST(TranslateGizmo, CentreAlongARayIsTheMiddleOfThePartItCrosses) {
  // Two unit cubes side by side along X with a gap: a ray along +X through both enters the first
  // at x = 0 and leaves it at x = 1; the middle is x = 0.5, not the middle of all four hits.
  rw::SourceMesh source;
  auto cube = [&](double x0) {
    const int base = int(source.positions.size());
    for (int k = 0; k < 8; ++k)
      source.positions.emplace_back(x0 + (k & 1), (k >> 1) & 1, (k >> 2) & 1);
    const int faces[12][3] = {{0, 2, 1}, {1, 2, 3}, {4, 5, 6}, {5, 7, 6}, {0, 1, 4}, {1, 5, 4},
                              {2, 6, 3}, {3, 6, 7}, {0, 4, 2}, {2, 4, 6}, {1, 3, 5}, {3, 7, 5}};
    for (const auto& f : faces)
      source.triangles.emplace_back(base + f[0], base + f[1], base + f[2]);
  };
  cube(0.0);
  cube(2.0);
  source.triangleMaterial.assign(source.triangles.size(), 0);
  const rw::Mesh mesh = rw::buildMesh(source);
  const auto centre =
      centreAlongRay(mesh, {Eigen::Vector3d(-1, 0.3, 0.6), Eigen::Vector3d::UnitX()});
  ASSERT_TRUE(centre);
  EXPECT_LT((*centre - Eigen::Vector3d(0.5, 0.3, 0.6)).norm(), 1e-12);
  // A ray that misses, or only grazes one face from outside, gives nothing.
  EXPECT_FALSE(centreAlongRay(mesh, {Eigen::Vector3d(-1, 5, 0.5), Eigen::Vector3d::UnitX()}));
}

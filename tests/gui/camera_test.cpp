// The orbit camera, without a window: framing, orbit, pan, zoom and Blender's view presets.
#include <gtest/gtest.h>

#include <cmath>

#include "camera.h"
#include "picking.h"

using rw::render::Camera;
using rw::render::ViewPreset;

namespace {

constexpr double kPi = 3.14159265358979323846;

// A standing character about 1.8 units tall, facing +Z, off the origin.
const Eigen::AlignedBox3d kBiped(Eigen::Vector3d(0.7, 0.0, -2.2), Eigen::Vector3d(1.5, 1.8, -1.8));

Camera framedCamera(ViewPreset preset = ViewPreset::ThreeQuarter, int w = 1000, int h = 700) {
  Camera camera;
  camera.setViewport(w, h);
  camera.setPreset(preset);
  camera.frame(kBiped);
  return camera;
}

}  // namespace

TEST(Camera, FramePutsTheBoxCentreAtTheScreenCentre) {
  for (ViewPreset preset :
       {ViewPreset::ThreeQuarter, ViewPreset::Front, ViewPreset::Top, ViewPreset::Left}) {
    const Camera camera = framedCamera(preset);
    const Eigen::Vector3d centre = camera.project(kBiped.center());
    EXPECT_NEAR(centre.x(), 500.0, 1e-6);
    EXPECT_NEAR(centre.y(), 350.0, 1e-6);
  }
}

TEST(Camera, FrameFitsEveryCornerTightly) {
  for (auto [w, h] : {std::pair{1000, 700}, std::pair{400, 900}}) {
    const Camera camera = framedCamera(ViewPreset::ThreeQuarter, w, h);
    double spanX = 0.0, spanY = 0.0;  // how close the nearest corner comes to an edge
    for (int c = 0; c < 8; ++c) {
      const Eigen::Vector3d p =
          camera.project(kBiped.corner(static_cast<Eigen::AlignedBox3d::CornerType>(c)));
      EXPECT_GT(p.x(), 0.0);
      EXPECT_LT(p.x(), w);
      EXPECT_GT(p.y(), 0.0);
      EXPECT_LT(p.y(), h);
      EXPECT_GT(p.z(), -1.0);  // between the clip planes
      EXPECT_LT(p.z(), 1.0);
      spanX = std::max(spanX, std::abs(p.x() - 0.5 * w) / (0.5 * w));
      spanY = std::max(spanY, std::abs(p.y() - 0.5 * h) / (0.5 * h));
    }
    // Tight in one direction: the margin is 8% of the view on each side.
    EXPECT_NEAR(std::max(spanX, spanY), 0.84, 0.01) << w << "x" << h;
  }
}

TEST(Camera, OrbitKeepsTargetAndDistance) {
  Camera camera = framedCamera();
  const Eigen::Vector3d target = camera.target();
  const double distance = camera.distance();
  camera.orbit(130.0, -45.0);
  camera.orbit(-20.0, 300.0);
  EXPECT_NEAR((camera.eye() - target).norm(), distance, 1e-9);
  EXPECT_TRUE(camera.target().isApprox(target));
  const Eigen::Vector3d centre = camera.project(target);
  EXPECT_NEAR(centre.x(), 500.0, 1e-6);
  EXPECT_NEAR(centre.y(), 350.0, 1e-6);
}

TEST(Camera, OrbitFollowsBlenderDirections) {
  Camera camera = framedCamera(ViewPreset::Front);
  // Dragging right turns the character's front to the right: the eye moves towards -X.
  camera.orbit(50.0, 0.0);
  EXPECT_LT(camera.eye().x(), camera.target().x());
  // Dragging down raises the eye above the target.
  camera.orbit(0.0, 50.0);
  EXPECT_GT(camera.eye().y(), camera.target().y());
  // The pitch stops at the poles: no flip over the top.
  camera.orbit(0.0, 10000.0);
  EXPECT_NEAR(camera.pitch(), 0.5 * kPi, 1e-12);
  EXPECT_TRUE(camera.viewMatrix().allFinite());
}

TEST(Camera, PanMovesThePointUnderTheCursorWithIt) {
  Camera camera = framedCamera();
  const Eigen::Vector3d target = camera.target();
  camera.pan(80.0, -30.0);
  const Eigen::Vector3d moved = camera.project(target);
  EXPECT_NEAR(moved.x(), 500.0 + 80.0, 1e-6);
  EXPECT_NEAR(moved.y(), 350.0 - 30.0, 1e-6);
}

TEST(Camera, ZoomScalesTheDistance) {
  Camera camera = framedCamera();
  const double distance = camera.distance();
  camera.zoom(2.0);
  EXPECT_NEAR(camera.distance(), distance * Camera::kZoomFactor * Camera::kZoomFactor, 1e-12);
  camera.zoom(-2.0);
  EXPECT_NEAR(camera.distance(), distance, 1e-12);
  camera.zoom(1000.0);  // never reaches or passes the target
  EXPECT_GT(camera.distance(), 0.0);
  EXPECT_GT(camera.nearPlane(), 0.0);
  EXPECT_LT(camera.nearPlane(), camera.distance());
}

TEST(Camera, PresetsMatchBlender) {
  Camera camera;
  camera.setPreset(ViewPreset::Front);
  EXPECT_TRUE(camera.backward().isApprox(Eigen::Vector3d::UnitZ()));
  EXPECT_TRUE(camera.right().isApprox(Eigen::Vector3d::UnitX()));
  EXPECT_TRUE(camera.up().isApprox(Eigen::Vector3d::UnitY()));
  camera.setPreset(ViewPreset::Back);
  EXPECT_TRUE(camera.backward().isApprox(-Eigen::Vector3d::UnitZ()));
  camera.setPreset(ViewPreset::Right);
  EXPECT_TRUE(camera.backward().isApprox(Eigen::Vector3d::UnitX()));
  EXPECT_TRUE(camera.right().isApprox(-Eigen::Vector3d::UnitZ()));
  camera.setPreset(ViewPreset::Left);
  EXPECT_TRUE(camera.backward().isApprox(-Eigen::Vector3d::UnitX()));
  camera.setPreset(ViewPreset::Top);
  EXPECT_TRUE(camera.backward().isApprox(Eigen::Vector3d::UnitY()));
  EXPECT_TRUE(camera.up().isApprox(-Eigen::Vector3d::UnitZ()));
  EXPECT_TRUE(camera.right().isApprox(Eigen::Vector3d::UnitX()));
  camera.setPreset(ViewPreset::Bottom);
  EXPECT_TRUE(camera.backward().isApprox(-Eigen::Vector3d::UnitY()));
  // The opening view: from the front, a little to the side and above.
  camera.setPreset(ViewPreset::ThreeQuarter);
  EXPECT_GT(camera.backward().z(), 0.7);
  EXPECT_GT(camera.backward().x(), 0.3);
  EXPECT_GT(camera.backward().y(), 0.1);
}

TEST(Camera, ViewMatrixIsRigidAndLooksAtTheTarget) {
  Camera camera = framedCamera();
  camera.orbit(77.0, 33.0);
  const Eigen::Matrix4d view = camera.viewMatrix();
  const Eigen::Matrix3d r = view.topLeftCorner<3, 3>();
  EXPECT_TRUE((r * r.transpose()).isApprox(Eigen::Matrix3d::Identity(), 1e-12));
  EXPECT_NEAR(r.determinant(), 1.0, 1e-12);
  const Eigen::Vector4d target = view * camera.target().homogeneous();
  EXPECT_NEAR(target.x(), 0.0, 1e-9);
  EXPECT_NEAR(target.y(), 0.0, 1e-9);
  EXPECT_NEAR(target.z(), -camera.distance(), 1e-9);
  const Eigen::Vector4d eye = view * camera.eye().homogeneous();
  EXPECT_LT(eye.head<3>().norm(), 1e-9);
}

TEST(Camera, OrthographicKeepsTheFraming) {
  Camera camera = framedCamera(ViewPreset::Front);
  const Eigen::Vector3d top = Eigen::Vector3d(kBiped.center().x(), 1.8, kBiped.center().z());
  const double perspectiveY = camera.project(top).y();
  camera.setOrthographic(true);
  const Eigen::Vector3d centre = camera.project(kBiped.center());
  EXPECT_NEAR(centre.x(), 500.0, 1e-6);
  EXPECT_NEAR(centre.y(), 350.0, 1e-6);
  // Same scale at the target's depth.
  EXPECT_NEAR(camera.project(top).y(), perspectiveY, 1e-6);
  EXPECT_GT(camera.project(camera.target()).z(), -1.0);
}

TEST(Camera, DegenerateBoxesDoNotBreakTheCamera) {
  Camera camera;
  camera.setViewport(0, 0);
  camera.frame(Eigen::AlignedBox3d());  // empty: ignored
  EXPECT_TRUE(camera.viewMatrix().allFinite());
  camera.frame(Eigen::AlignedBox3d(Eigen::Vector3d(1, 2, 3), Eigen::Vector3d(1, 2, 3)));  // a point
  EXPECT_TRUE(camera.viewMatrix().allFinite());
  EXPECT_TRUE(camera.projectionMatrix().allFinite());
  EXPECT_GT(camera.distance(), 0.0);
}

TEST(Camera, AxisViewsAreOrthographicUntilOrbited) {
  // Blender's Auto Perspective: a numpad axis view is orthographic; orbiting out of it, or the
  // three-quarter view, goes back to perspective.
  rw::render::Camera camera;
  ASSERT_FALSE(camera.orthographic());
  camera.setPreset(rw::render::ViewPreset::Right);
  EXPECT_TRUE(camera.orthographic());
  camera.setPreset(rw::render::ViewPreset::Front);
  EXPECT_TRUE(camera.orthographic());
  camera.orbit(10, 0);
  EXPECT_FALSE(camera.orthographic());
  camera.setPreset(rw::render::ViewPreset::Top);
  camera.setPreset(rw::render::ViewPreset::ThreeQuarter);
  EXPECT_FALSE(camera.orthographic());
  // The user's own choice (numpad 5) stays through views and orbits.
  camera.setOrthographic(true);
  camera.setPreset(rw::render::ViewPreset::Front);
  camera.orbit(10, 0);
  camera.setPreset(rw::render::ViewPreset::ThreeQuarter);
  EXPECT_TRUE(camera.orthographic());
}

// Bone picking takes a click anywhere on the drawn octahedral bone, not only near its axis: a
// big bone on screen (front view, a bone across the frame) is picked at its waist's corner, far
// more than the pick radius from the axis, and not beyond its outline plus the radius.
TEST(BonePicking, AClickOnTheDrawnBonePicksIt) {
  Camera camera;
  camera.setViewport(1000, 700);
  camera.setPreset(ViewPreset::Front);
  const Eigen::Vector3d head(-1, 0, 0), tail(1, 0, 0);
  camera.frame(
      Eigen::AlignedBox3d(Eigen::Vector3d(-1.1, -0.5, -0.5), Eigen::Vector3d(1.1, 0.5, 0.5)));
  const double radius = 10.0;
  // The waist, a tenth along, reaches √2 · 0.1 · length from the axis: 0.28 units here.
  const Eigen::Vector3d waist = head + 0.1 * (tail - head);
  const Eigen::Vector3d onAxis = camera.project(waist);
  const Eigen::Vector3d corner = camera.project(waist + 0.27 * camera.up());
  const double cornerPixels = (corner - onAxis).head<2>().norm();
  ASSERT_GT(cornerPixels, 3 * radius) << "the bone must be big on screen for this test";
  EXPECT_EQ(rw::render::pickSegment(camera, {head}, {tail}, corner.x(), corner.y(), radius), 0);
  // Beyond the outline by more than the radius: nothing.
  const Eigen::Vector3d beyond = camera.project(waist + 0.29 * camera.up());
  const double outside = (beyond - onAxis).head<2>().norm() + radius + 5.0;
  const Eigen::Vector2d away =
      onAxis.head<2>() + outside * (corner - onAxis).head<2>().normalized();
  EXPECT_EQ(rw::render::pickSegment(camera, {head}, {tail}, away.x(), away.y(), radius), -1);
  // Near the head the bone is thin: the radius alone.
  const Eigen::Vector3d nearHead = camera.project(head + 0.01 * (tail - head) + 0.27 * camera.up());
  EXPECT_EQ(rw::render::pickSegment(camera, {head}, {tail}, nearHead.x(), nearHead.y(), radius),
            -1);
}

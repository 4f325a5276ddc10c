#include "camera.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace rw::render {

namespace {

constexpr double kPi = 3.14159265358979323846;
constexpr double kDegree = kPi / 180.0;

}  // namespace

Camera::Camera() : fovY_(35.0 * kDegree) {
  setPreset(ViewPreset::ThreeQuarter);
}

void Camera::setDistance(double distance) {
  distance_ = std::clamp(distance, 1e-4 * sceneRadius_, 1e3 * sceneRadius_);
}

void Camera::setOrientation(double yaw, double pitch) {
  yaw_ = std::remainder(yaw, 2.0 * kPi);
  pitch_ = std::clamp(pitch, -0.5 * kPi, 0.5 * kPi);
}

void Camera::setViewport(int width, int height) {
  width_ = std::max(width, 1);
  height_ = std::max(height, 1);
}

void Camera::setSceneRadius(double radius) {
  sceneRadius_ = radius > 0.0 && std::isfinite(radius) ? radius : 1.0;
}

void Camera::orbit(double dxPixels, double dyPixels) {
  if (autoOrthographic_) orthographic_ = autoOrthographic_ = false;
  // Dragging right turns the character's front to the right (the eye moves left); dragging
  // down brings the top towards the viewer (the eye rises), as Blender does.
  setOrientation(yaw_ - dxPixels * kOrbitSpeed, pitch_ + dyPixels * kOrbitSpeed);
}

void Camera::pan(double dxPixels, double dyPixels) {
  const double worldPerPixel = 2.0 * distance_ * std::tan(0.5 * fovY_) / height_;
  target_ += worldPerPixel * (-dxPixels * right() + dyPixels * up());
}

void Camera::zoom(double steps) {
  setDistance(distance_ * std::pow(kZoomFactor, steps));
}

void Camera::frame(const Eigen::AlignedBox3d& box, double margin) {
  if (box.isEmpty() || !box.min().allFinite() || !box.max().allFinite()) return;
  target_ = box.center();
  const double radius = 0.5 * box.diagonal().norm();
  setSceneRadius(radius > 0.0 ? radius : 1.0);
  // Smallest distance at which every corner lies inside the frustum shrunk by the margin:
  // a corner at (x, y, z) in camera axes around the target needs |x| <= (d - z) tan(fovX/2).
  const double fill = std::clamp(1.0 - 2.0 * margin, 0.1, 1.0);
  const double tanY = std::tan(0.5 * fovY_) * fill;
  const double tanX = std::tan(0.5 * fovY_) * aspect() * fill;
  const Eigen::Vector3d r = right(), u = up(), b = backward();
  double needed = 0.0;
  for (int corner = 0; corner < 8; ++corner) {
    const Eigen::Vector3d p =
        box.corner(static_cast<Eigen::AlignedBox3d::CornerType>(corner)) - target_;
    const double x = std::abs(p.dot(r)), y = std::abs(p.dot(u)), z = p.dot(b);
    needed = std::max({needed, z + x / tanX, z + y / tanY});
  }
  distance_ = needed > 0.0 ? needed : 1.0;
}

void Camera::setPreset(ViewPreset preset) {
  switch (preset) {
    case ViewPreset::Front:
      setOrientation(0.0, 0.0);
      break;
    case ViewPreset::Back:
      setOrientation(kPi, 0.0);
      break;
    case ViewPreset::Right:
      setOrientation(0.5 * kPi, 0.0);
      break;
    case ViewPreset::Left:
      setOrientation(-0.5 * kPi, 0.0);
      break;
    case ViewPreset::Top:
      setOrientation(0.0, 0.5 * kPi);
      break;
    case ViewPreset::Bottom:
      setOrientation(0.0, -0.5 * kPi);
      break;
    case ViewPreset::ThreeQuarter:
      setOrientation(30.0 * kDegree, 12.0 * kDegree);
      if (autoOrthographic_) orthographic_ = autoOrthographic_ = false;
      return;
  }
  // An axis view looks along an axis: orthographic, as Blender's Auto Perspective (a
  // perspective grid seen edge-on is a noisy band, and side views are for lining joints up).
  if (!orthographic_) orthographic_ = autoOrthographic_ = true;
}

Eigen::Vector3d Camera::right() const {
  // Independent of the pitch, so looking straight down has no gimbal flip.
  return {std::cos(yaw_), 0.0, -std::sin(yaw_)};
}

Eigen::Vector3d Camera::backward() const {
  const double c = std::cos(pitch_);
  return {std::sin(yaw_) * c, std::sin(pitch_), std::cos(yaw_) * c};
}

Eigen::Matrix4d Camera::viewMatrix() const {
  const Eigen::Vector3d r = right(), u = up(), b = backward(), e = eye();
  Eigen::Matrix4d view = Eigen::Matrix4d::Identity();
  view.block<1, 3>(0, 0) = r.transpose();
  view.block<1, 3>(1, 0) = u.transpose();
  view.block<1, 3>(2, 0) = b.transpose();
  view(0, 3) = -r.dot(e);
  view(1, 3) = -u.dot(e);
  view(2, 3) = -b.dot(e);
  return view;
}

double Camera::nearPlane() const {
  if (orthographic_) return distance_ - 20.0 * sceneRadius_;
  return std::max(0.01 * distance_, distance_ - 20.0 * sceneRadius_);
}

double Camera::farPlane() const {
  return distance_ + 20.0 * sceneRadius_;
}

Eigen::Matrix4d Camera::projectionMatrix() const {
  const double n = nearPlane(), f = farPlane();
  const double t = std::tan(0.5 * fovY_);
  Eigen::Matrix4d p = Eigen::Matrix4d::Zero();
  if (orthographic_) {
    // Same framing as the perspective view at the target's depth.
    const double h = distance_ * t, w = h * aspect();
    p(0, 0) = 1.0 / w;
    p(1, 1) = 1.0 / h;
    p(2, 2) = -2.0 / (f - n);
    p(2, 3) = -(f + n) / (f - n);
    p(3, 3) = 1.0;
  } else {
    p(0, 0) = 1.0 / (t * aspect());
    p(1, 1) = 1.0 / t;
    p(2, 2) = -(f + n) / (f - n);
    p(2, 3) = -2.0 * f * n / (f - n);
    p(3, 2) = -1.0;
  }
  return p;
}

Eigen::Vector3d Camera::project(const Eigen::Vector3d& world) const {
  const Eigen::Vector4d clip = projectionMatrix() * viewMatrix() * world.homogeneous();
  const Eigen::Vector3d ndc = clip.head<3>() / clip.w();
  return {0.5 * (ndc.x() + 1.0) * width_, 0.5 * (1.0 - ndc.y()) * height_, ndc.z()};
}

}  // namespace rw::render

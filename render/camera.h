#pragma once
// An orbit camera as in Blender's turntable mode: it looks at a target from a distance, turned by
// yaw (around the world Y axis) and pitch (above the horizon). Plain Eigen, no OpenGL.
//
// Character space is right-handed Y-up with characters facing +Z, so (as in Blender) the front
// view looks from +Z, the right view from +X (it shows the character's left side) and the top
// view from +Y with -Z up on screen.
#include <Eigen/Core>
#include <Eigen/Geometry>

namespace rw::render {

/// Blender's numpad views (1 front, 3 right, 7 top; Ctrl for the opposite side), plus the
/// front three-quarter view used when a character is opened.
enum class ViewPreset { Front, Back, Right, Left, Top, Bottom, ThreeQuarter };

class Camera {
 public:
  Camera();

  // --- State ---------------------------------------------------------------------------------
  const Eigen::Vector3d& target() const { return target_; }
  void setTarget(const Eigen::Vector3d& target) { target_ = target; }
  double distance() const { return distance_; }
  void setDistance(double distance);
  /// Radians. Yaw 0 looks from +Z; positive yaw moves the eye towards +X.
  double yaw() const { return yaw_; }
  /// Radians in [-pi/2, pi/2]; positive looks down from above.
  double pitch() const { return pitch_; }
  void setOrientation(double yaw, double pitch);
  /// Vertical field of view in radians.
  double fieldOfView() const { return fovY_; }
  bool orthographic() const { return orthographic_; }
  /// The user's choice (numpad 5): it stays through axis views and orbits.
  void setOrthographic(bool orthographic) {
    orthographic_ = orthographic;
    autoOrthographic_ = false;
  }
  /// Viewport size in pixels (sets the aspect ratio and the pixel scale of pan/orbit).
  void setViewport(int width, int height);
  int viewportWidth() const { return width_; }
  int viewportHeight() const { return height_; }
  double aspect() const { return double(width_) / double(height_); }
  /// Radius of the scene the clip planes must hold (set by frame()).
  double sceneRadius() const { return sceneRadius_; }
  void setSceneRadius(double radius);

  // --- Navigation ----------------------------------------------------------------------------
  /// Turntable orbit around the target by a mouse drag in pixels (right/down positive).
  void orbit(double dxPixels, double dyPixels);
  /// Moves the target so that the point under the cursor (at target depth) follows the mouse.
  void pan(double dxPixels, double dyPixels);
  /// Dolly towards the target; one step is one wheel notch, positive steps zoom in.
  void zoom(double steps);
  /// Centres `box` and moves back until its corners fit the view with `margin` (fraction of
  /// the viewport) left free on each side. Keeps the orientation.
  void frame(const Eigen::AlignedBox3d& box, double margin = 0.08);
  void setPreset(ViewPreset preset);

  // --- Matrices ------------------------------------------------------------------------------
  Eigen::Vector3d eye() const { return target_ + distance_ * backward(); }
  /// Camera axes in world space: right, up and backward (the camera looks along -backward).
  Eigen::Vector3d right() const;
  Eigen::Vector3d up() const { return backward().cross(right()); }
  Eigen::Vector3d backward() const;
  Eigen::Matrix4d viewMatrix() const;
  Eigen::Matrix4d projectionMatrix() const;
  double nearPlane() const;
  double farPlane() const;
  /// World point to pixel coordinates (origin top-left, y down) and NDC depth in z.
  Eigen::Vector3d project(const Eigen::Vector3d& world) const;

  /// Orbit sensitivity, radians per pixel.
  static constexpr double kOrbitSpeed = 0.007;
  /// Distance factor per wheel notch.
  static constexpr double kZoomFactor = 0.85;

 private:
  Eigen::Vector3d target_ = Eigen::Vector3d::Zero();
  double distance_ = 5.0;
  double yaw_ = 0.0;
  double pitch_ = 0.0;
  double fovY_;
  bool orthographic_ = false;
  /// An axis view switched a perspective view to orthographic (Blender's Auto Perspective):
  /// orbiting or the three-quarter view switches it back.
  bool autoOrthographic_ = false;
  int width_ = 800;
  int height_ = 600;
  double sceneRadius_ = 1.0;
};

}  // namespace rw::render

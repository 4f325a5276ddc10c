#pragma once
// The translate gizmo of joint editing (as Blender's and Maya's move tools): three arrows along
// the world axes from the selected joint (X red, Y green, Z blue) and a ring at its centre, a
// constant size on screen. Dragging the ring moves the joint in the view plane through it;
// dragging an arrow moves it along that axis only. Plain geometry for hit tests and drags,
// painted with QPainter over the GL image like the other overlays, with the joint's own X and Z
// axes beside it (its roll).
#include <Eigen/Core>
#include <optional>

class QPainter;

namespace rw::render {

class Camera;

/// What part of the gizmo is under the cursor or being dragged.
enum class GizmoHandle { None = -1, X = 0, Y = 1, Z = 2, ViewPlane = 3 };

struct TranslateGizmo {
  Eigen::Vector3d origin = Eigen::Vector3d::Zero();  ///< the joint, world space
  /// Arrow length and ring radius on screen, pixels.
  double arrowPixels = 70.0;
  double ringPixels = 9.0;
  /// A handle counts this many pixels beyond its drawing.
  double grabPixels = 6.0;
  /// The selected joint's own axes (columns X, Y, Z in world space), drawn as thin lines half
  /// the arrows' length so a roll edit shows which way the bone's X and Z now point (Y is along
  /// the bone). Empty: not drawn. Not a handle.
  std::optional<Eigen::Matrix3d> jointAxes;
};

/// The handle at pixel (x, y): the ring (and anything inside it) first, then the nearest arrow.
GizmoHandle gizmoHandleAt(const Camera& camera, const TranslateGizmo& gizmo, double x, double y);

/// Where a drag of `handle` that started with the cursor at `grab` (pixels) puts the origin now
/// that the cursor is at (x, y): in the view plane through the origin, or along the handle's
/// axis (the point of the axis line nearest to the ray under the cursor). The grab offset is
/// kept, so the joint does not jump to the cursor. Empty when the ray misses (an axis seen end
/// on, a plane seen edge on).
std::optional<Eigen::Vector3d> dragGizmo(const Camera& camera, const Eigen::Vector3d& origin,
                                         GizmoHandle handle, const Eigen::Vector2d& grab, double x,
                                         double y);

/// Paints the gizmo; `active` is drawn highlighted.
void paintTranslateGizmo(QPainter& painter, const Camera& camera, const TranslateGizmo& gizmo,
                         GizmoHandle active);

}  // namespace rw::render

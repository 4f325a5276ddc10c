#include "translate_gizmo.h"

#include <QPainter>
#include <QPainterPath>
#include <cmath>

#include "camera.h"
#include "picking.h"

namespace rw::render {
namespace {

Eigen::Vector2d onScreen(const Camera& camera, const Eigen::Vector3d& world) {
  const Eigen::Vector3d p = camera.project(world);
  return {p.x(), p.y()};
}

/// The screen end of an axis arrow: `arrowPixels` from the origin along the axis' projection.
/// Empty for an axis seen end on (its projection shorter than a pixel per unit of the probe).
std::optional<Eigen::Vector2d> tipAlong(const Camera& camera, const Eigen::Vector3d& origin,
                                        const Eigen::Vector3d& direction, double pixels) {
  const Eigen::Vector2d o = onScreen(camera, origin);
  // A probe a small world step along the axis (relative to the view distance).
  const double step = 1e-3 * std::max(1e-9, (camera.eye() - origin).norm());
  const Eigen::Vector2d d = onScreen(camera, origin + step * direction) - o;
  if (d.norm() < 1e-6) return std::nullopt;
  return o + pixels * d.normalized();
}

std::optional<Eigen::Vector2d> arrowTip(const Camera& camera, const TranslateGizmo& gizmo,
                                        int axis) {
  return tipAlong(camera, gizmo.origin, Eigen::Vector3d::Unit(axis), gizmo.arrowPixels);
}

double distanceToSegment(const Eigen::Vector2d& p, const Eigen::Vector2d& a,
                         const Eigen::Vector2d& b) {
  const Eigen::Vector2d ab = b - a;
  const double t =
      ab.squaredNorm() > 0 ? std::clamp((p - a).dot(ab) / ab.squaredNorm(), 0.0, 1.0) : 0.0;
  return (a + t * ab - p).norm();
}

const QColor kAxisColours[3] = {QColor(230, 70, 70), QColor(110, 200, 80), QColor(70, 130, 240)};

}  // namespace

GizmoHandle gizmoHandleAt(const Camera& camera, const TranslateGizmo& gizmo, double x, double y) {
  const Eigen::Vector2d p(x, y), o = onScreen(camera, gizmo.origin);
  if ((p - o).norm() <= gizmo.ringPixels + gizmo.grabPixels) return GizmoHandle::ViewPlane;
  GizmoHandle best = GizmoHandle::None;
  double nearest = gizmo.grabPixels;
  for (int axis = 0; axis < 3; ++axis)
    if (const auto tip = arrowTip(camera, gizmo, axis)) {
      const double d = distanceToSegment(p, o, *tip);
      if (d <= nearest) nearest = d, best = GizmoHandle(axis);
    }
  return best;
}

std::optional<Eigen::Vector3d> dragGizmo(const Camera& camera, const Eigen::Vector3d& origin,
                                         GizmoHandle handle, const Eigen::Vector2d& grab, double x,
                                         double y) {
  if (handle == GizmoHandle::None) return std::nullopt;
  // The cursor as it was against the origin's own projection: the origin follows that offset.
  const Eigen::Vector2d offset = grab - onScreen(camera, origin);
  const Ray ray = rayThroughPixel(camera, x - offset.x(), y - offset.y());
  if (handle == GizmoHandle::ViewPlane) {
    const Eigen::Vector3d normal = camera.backward();
    const double along = ray.direction.dot(normal);
    if (std::abs(along) < 1e-9) return std::nullopt;
    const double t = (origin - ray.origin).dot(normal) / along;
    return ray.origin + t * ray.direction;
  }
  // The point of the axis line nearest to the ray (closest points of two lines).
  const Eigen::Vector3d u = Eigen::Vector3d::Unit(int(handle)), v = ray.direction;
  const Eigen::Vector3d w = origin - ray.origin;
  const double b = u.dot(v), denominator = 1.0 - b * b;
  if (denominator < 1e-9) return std::nullopt;  // the axis points at the eye
  const double s = (b * v.dot(w) - u.dot(w)) / denominator;
  return origin + s * u;
}

void paintTranslateGizmo(QPainter& painter, const Camera& camera, const TranslateGizmo& gizmo,
                         GizmoHandle active) {
  const Eigen::Vector3d projected = camera.project(gizmo.origin);
  if (projected.z() < -1.0 || projected.z() > 1.0) return;  // behind the eye or past the far plane
  painter.save();
  painter.setRenderHint(QPainter::Antialiasing);
  const QPointF o(projected.x(), projected.y());
  for (int axis = 0; axis < 3; ++axis) {
    const auto tip = arrowTip(camera, gizmo, axis);
    if (!tip) continue;
    const bool on = active == GizmoHandle(axis);
    QColor colour = on ? kAxisColours[axis].lighter(140) : kAxisColours[axis];
    painter.setPen(QPen(colour, on ? 4.0 : 2.5, Qt::SolidLine, Qt::RoundCap));
    const QPointF t(tip->x(), tip->y());
    painter.drawLine(o, t);
    // The arrowhead: a triangle 12 px long at the tip.
    const Eigen::Vector2d dir = (*tip - Eigen::Vector2d(o.x(), o.y())).normalized();
    const Eigen::Vector2d side(-dir.y(), dir.x());
    const Eigen::Vector2d base = *tip - 12.0 * dir;
    QPainterPath head;
    head.moveTo(t);
    head.lineTo(QPointF(base.x() + 5 * side.x(), base.y() + 5 * side.y()));
    head.lineTo(QPointF(base.x() - 5 * side.x(), base.y() - 5 * side.y()));
    head.closeSubpath();
    painter.fillPath(head, colour);
  }
  if (gizmo.jointAxes) {
    // The joint's own X and Z, thin and labelled in lower case (local, as Blender's bone axes).
    for (int axis : {0, 2}) {
      const Eigen::Vector3d direction = gizmo.jointAxes->col(axis).normalized();
      const auto tip = tipAlong(camera, gizmo.origin, direction, 0.5 * gizmo.arrowPixels);
      if (!direction.allFinite() || !tip) continue;
      painter.setPen(QPen(kAxisColours[axis].lighter(150), 1.5, Qt::DashLine, Qt::RoundCap));
      painter.drawLine(o, QPointF(tip->x(), tip->y()));
      painter.drawText(QPointF(tip->x() + 3, tip->y() - 3),
                       axis == 0 ? QStringLiteral("x") : QStringLiteral("z"));
    }
  }
  const bool ringOn = active == GizmoHandle::ViewPlane;
  painter.setPen(QPen(ringOn ? QColor(255, 255, 255) : QColor(230, 230, 230, 200), ringOn ? 3 : 2));
  painter.setBrush(Qt::NoBrush);
  painter.drawEllipse(o, gizmo.ringPixels, gizmo.ringPixels);
  painter.restore();
}

}  // namespace rw::render

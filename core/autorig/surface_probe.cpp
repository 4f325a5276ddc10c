#include "autorig/surface_probe.h"

#include <cmath>
#include <limits>

namespace rw {

SurfaceProbe::SurfaceProbe(const Mesh& mesh, std::vector<char> inBody) : mesh_(mesh) {
  auto body = [&](int v) { return inBody.empty() || inBody[v]; };
  for (int v = 0; v < int(mesh.positions.size()); ++v)
    if (body(v)) vertices_.push_back(v);
  for (const Eigen::Vector3i& t : mesh.triangles)
    if (body(t[0]) && body(t[1]) && body(t[2])) triangles_.push_back(t);
}

std::optional<double> SurfaceProbe::rayDistance(const Eigen::Vector3d& o,
                                                const Eigen::Vector3d& d) const {
  // Möller–Trumbore against every triangle.
  double best = std::numeric_limits<double>::infinity();
  for (const Eigen::Vector3i& t : triangles_) {
    const Eigen::Vector3d& a = mesh_.positions[t[0]];
    const Eigen::Vector3d e1 = mesh_.positions[t[1]] - a, e2 = mesh_.positions[t[2]] - a;
    const Eigen::Vector3d p = d.cross(e2);
    const double det = e1.dot(p);
    if (std::abs(det) < 1e-300) continue;
    const double inv = 1.0 / det;
    const Eigen::Vector3d s = o - a;
    const double u = s.dot(p) * inv;
    if (u < 0.0 || u > 1.0) continue;
    const Eigen::Vector3d q = s.cross(e1);
    const double v = d.dot(q) * inv;
    if (v < 0.0 || u + v > 1.0) continue;
    const double dist = e2.dot(q) * inv;
    if (dist > 0.0 && dist < best) best = dist;
  }
  if (!std::isfinite(best)) return std::nullopt;
  return best;
}

Eigen::Vector3d SurfaceProbe::towardSurface(const Eigen::Vector3d& origin,
                                            const Eigen::Vector3d& direction,
                                            double fraction) const {
  const std::optional<double> d = rayDistance(origin, direction);
  return d ? Eigen::Vector3d(origin + fraction * *d * direction) : origin;
}

double SurfaceProbe::clearance(const Eigen::Vector3d& point) const {
  double best = std::numeric_limits<double>::infinity();
  for (int v : vertices_) best = std::min(best, (mesh_.positions[v] - point).squaredNorm());
  return std::sqrt(best);
}

}  // namespace rw

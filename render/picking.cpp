#include "picking.h"

#include <Eigen/Geometry>
#include <algorithm>
#include <limits>

#include "bone_geometry.h"
#include "camera.h"
#include "mesh/mesh.h"

namespace rw::render {

Ray rayThroughPixel(const Camera& camera, double x, double y) {
  const Eigen::Matrix4d inverse = (camera.projectionMatrix() * camera.viewMatrix()).inverse();
  const double ndcX = 2.0 * x / camera.viewportWidth() - 1.0;
  const double ndcY = 1.0 - 2.0 * y / camera.viewportHeight();
  const auto unproject = [&](double z) {
    const Eigen::Vector4d p = inverse * Eigen::Vector4d(ndcX, ndcY, z, 1.0);
    return Eigen::Vector3d(p.head<3>() / p.w());
  };
  const Eigen::Vector3d nearPoint = unproject(-1.0), farPoint = unproject(1.0);
  return {nearPoint, (farPoint - nearPoint).normalized()};
}

namespace {

/// Where the ray meets triangle t (Möller–Trumbore; both sides count), if in front of it.
std::optional<double> rayHitsTriangle(const Mesh& mesh, int t, const Ray& ray) {
  const Eigen::Vector3i& tri = mesh.triangles[std::size_t(t)];
  const Eigen::Vector3d& a = mesh.positions[tri[0]];
  const Eigen::Vector3d e1 = mesh.positions[tri[1]] - a, e2 = mesh.positions[tri[2]] - a;
  const Eigen::Vector3d p = ray.direction.cross(e2);
  const double det = e1.dot(p);
  if (std::abs(det) < 1e-14) return std::nullopt;
  const Eigen::Vector3d s = ray.origin - a;
  const double u = s.dot(p) / det;
  if (u < 0.0 || u > 1.0) return std::nullopt;
  const Eigen::Vector3d q = s.cross(e1);
  const double v = ray.direction.dot(q) / det;
  if (v < 0.0 || u + v > 1.0) return std::nullopt;
  const double distance = e2.dot(q) / det;
  if (distance <= 0.0) return std::nullopt;
  return distance;
}

}  // namespace

std::optional<Eigen::Vector3d> centreAlongRay(const Mesh& mesh, const Ray& ray) {
  std::vector<double> hits;
  for (int t = 0; t < int(mesh.triangles.size()); ++t)
    if (const std::optional<double> d = rayHitsTriangle(mesh, t, ray)) hits.push_back(*d);
  std::sort(hits.begin(), hits.end());
  // A ray through a shared edge or vertex hits each triangle there: such hits are one crossing.
  const double size = mesh.size();
  const auto last = std::unique(hits.begin(), hits.end(),
                                [&](double a, double b) { return b - a <= 1e-9 * size; });
  hits.erase(last, hits.end());
  if (hits.size() < 2) return std::nullopt;
  return ray.origin + 0.5 * (hits[0] + hits[1]) * ray.direction;
}

std::optional<MeshHit> pickMesh(const Mesh& mesh, const Ray& ray) {
  // Möller–Trumbore over every welded triangle: a few ms at 100K triangles, and a click is rare.
  MeshHit best;
  best.distance = std::numeric_limits<double>::infinity();
  for (int t = 0; t < int(mesh.triangles.size()); ++t) {
    const std::optional<double> distance = rayHitsTriangle(mesh, t, ray);
    if (!distance || *distance >= best.distance) continue;
    best.distance = *distance;
    best.triangle = t;
  }
  if (best.triangle < 0) return std::nullopt;
  best.point = ray.origin + best.distance * ray.direction;
  double nearest = std::numeric_limits<double>::infinity();
  for (int c = 0; c < 3; ++c) {
    const int v = mesh.triangles[best.triangle][c];
    const double d = (mesh.positions[v] - best.point).squaredNorm();
    if (d < nearest) {
      nearest = d;
      best.vertex = v;
    }
  }
  return best;
}

int pickSegment(const Camera& camera, const std::vector<Eigen::Vector3d>& heads,
                const std::vector<Eigen::Vector3d>& tails, double x, double y,
                double radiusPixels) {
  const Eigen::Vector2d cursor(x, y);
  int best = -1;
  double bestDistance = radiusPixels;
  double bestDepth = std::numeric_limits<double>::infinity();
  for (size_t i = 0; i < heads.size(); ++i) {
    const Eigen::Vector3d h = camera.project(heads[i]);
    const Eigen::Vector3d t = i < tails.size() ? camera.project(tails[i]) : h;
    if (h.z() < -1.0 || h.z() > 1.0) continue;
    const Eigen::Vector2d a = h.head<2>(), b = t.head<2>();
    const Eigen::Vector2d ab = b - a;
    const double s = ab.squaredNorm() > 0.0
                         ? std::clamp((cursor - a).dot(ab) / ab.squaredNorm(), 0.0, 1.0)
                         : 0.0;
    // Distance to the drawn outline (0 inside it): the bone's half-width at s, in pixels at
    // that depth.
    const Eigen::Vector3d tail3 = i < tails.size() ? tails[i] : heads[i];
    const Eigen::Vector3d onAxis = heads[i] + s * (tail3 - heads[i]);
    const double halfWidth = boneHalfWidth(s) * (tail3 - heads[i]).norm();
    const double widthPixels =
        (camera.project(onAxis + halfWidth * camera.right()).head<2>() - (a + s * ab)).norm();
    const double d = std::max(0.0, (a + s * ab - cursor).norm() - widthPixels);
    const double depth = h.z() + s * (t.z() - h.z());
    if (d > radiusPixels) continue;
    // Within a pixel of the best, the nearer bone wins (a hand over a thigh).
    const bool clearlyCloser = d < bestDistance - 1.0;
    const bool tieButNearer = std::abs(d - bestDistance) <= 1.0 && depth < bestDepth;
    if (best < 0 || clearlyCloser || tieButNearer) {
      best = int(i);
      bestDistance = d;
      bestDepth = depth;
    }
  }
  return best;
}

}  // namespace rw::render

#include "support/implicit_meshes.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <unordered_map>

namespace rw::test {
namespace {

double capsuleDistance(const Capsule& c, const Eigen::Vector3d& p) {
  const Eigen::Vector3d ab = c.b - c.a;
  const double t = std::clamp((p - c.a).dot(ab) / std::max(ab.squaredNorm(), 1e-300), 0.0, 1.0);
  return (p - (c.a + t * ab)).norm() - c.radius;
}

/// Polynomial smooth minimum (blends the limbs into the body without creases).
double smoothMin(double a, double b, double k) {
  if (k <= 0) return std::min(a, b);
  const double h = std::clamp(0.5 + 0.5 * (b - a) / k, 0.0, 1.0);
  return b + (a - b) * h - k * h * (1.0 - h);
}

}  // namespace

SourceMesh capsuleCreature(const std::vector<Capsule>& capsules, double cell, double blend) {
  Eigen::AlignedBox3d box;
  for (const Capsule& c : capsules) {
    box.extend(c.a - Eigen::Vector3d::Constant(c.radius + 2 * cell + blend));
    box.extend(c.b + Eigen::Vector3d::Constant(c.radius + 2 * cell + blend));
    box.extend(c.a + Eigen::Vector3d::Constant(c.radius + 2 * cell + blend));
    box.extend(c.b - Eigen::Vector3d::Constant(c.radius + 2 * cell + blend));
  }
  const Eigen::Vector3i n = ((box.sizes() / cell).array().ceil().cast<int>() + 1).matrix();
  auto id = [&](int i, int j, int k) { return (long long)(i * (n.y() + 1) + j) * (n.z() + 1) + k; };
  auto pointAt = [&](int i, int j, int k) {
    return Eigen::Vector3d(box.min() + cell * Eigen::Vector3d(i, j, k));
  };
  std::vector<double> sdf((n.x() + 1) * std::size_t(n.y() + 1) * (n.z() + 1));
  for (int i = 0; i <= n.x(); ++i)
    for (int j = 0; j <= n.y(); ++j)
      for (int k = 0; k <= n.z(); ++k) {
        const Eigen::Vector3d p = pointAt(i, j, k);
        double d = 1e300;
        for (const Capsule& c : capsules) d = smoothMin(d, capsuleDistance(c, p), blend);
        sdf[id(i, j, k)] = d;
      }
  SourceMesh mesh;
  std::unordered_map<long long, int> vertexOnEdge;  // key: corner pair
  auto edgeVertex = [&](long long a, long long b, const Eigen::Vector3d& pa,
                        const Eigen::Vector3d& pb) {
    const long long key = std::min(a, b) * (long long)sdf.size() + std::max(a, b);
    auto [it, inserted] = vertexOnEdge.emplace(key, int(mesh.positions.size()));
    if (inserted) {
      const double t = sdf[a] / (sdf[a] - sdf[b]);
      mesh.positions.push_back(pa + t * (pb - pa));
    }
    return it->second;
  };
  static const int corner[8][3] = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0},
                                   {0, 0, 1}, {1, 0, 1}, {1, 1, 1}, {0, 1, 1}};
  static const int tets[6][4] = {{0, 5, 1, 6}, {0, 1, 2, 6}, {0, 2, 3, 6},
                                 {0, 3, 7, 6}, {0, 7, 4, 6}, {0, 4, 5, 6}};
  for (int i = 0; i < n.x(); ++i)
    for (int j = 0; j < n.y(); ++j)
      for (int k = 0; k < n.z(); ++k)
        for (const auto& tet : tets) {
          long long ids[4];
          Eigen::Vector3d ps[4];
          int inside[4], outside[4], ni = 0, no = 0;
          for (int c = 0; c < 4; ++c) {
            const int* o = corner[tet[c]];
            ids[c] = id(i + o[0], j + o[1], k + o[2]);
            ps[c] = pointAt(i + o[0], j + o[1], k + o[2]);
            (sdf[ids[c]] < 0 ? inside[ni++] : outside[no++]) = c;
          }
          if (ni == 0 || no == 0) continue;
          auto v = [&](int a, int b) { return edgeVertex(ids[a], ids[b], ps[a], ps[b]); };
          std::vector<Eigen::Vector3i> tris;
          if (ni == 1)
            tris.emplace_back(v(inside[0], outside[0]), v(inside[0], outside[1]),
                              v(inside[0], outside[2]));
          else if (no == 1)
            tris.emplace_back(v(outside[0], inside[0]), v(outside[0], inside[1]),
                              v(outside[0], inside[2]));
          else {
            const int a = v(inside[0], outside[0]), b = v(inside[0], outside[1]);
            const int c = v(inside[1], outside[1]), d = v(inside[1], outside[0]);
            tris.emplace_back(a, b, c);
            tris.emplace_back(a, c, d);
          }
          Eigen::Vector3d in = Eigen::Vector3d::Zero();
          for (int c = 0; c < ni; ++c) in += ps[inside[c]];
          in /= ni;
          for (Eigen::Vector3i t : tris) {
            if (t[0] == t[1] || t[1] == t[2] || t[0] == t[2]) continue;
            const Eigen::Vector3d& p0 = mesh.positions[t[0]];
            const Eigen::Vector3d normal =
                (mesh.positions[t[1]] - p0).cross(mesh.positions[t[2]] - p0);
            if (normal.dot(p0 - in) < 0) std::swap(t[1], t[2]);  // face outward
            mesh.triangles.push_back(t);
          }
        }
  mesh.triangleMaterial.assign(mesh.triangles.size(), 0);
  mesh.materialNames = {"default"};
  mesh.parts.push_back(
      {"creature", 0, int(mesh.positions.size()), 0, int(mesh.triangles.size()), 0});
  return mesh;
}

Creature starCreature(int limbs) {
  Creature c;
  c.capsules.push_back({{0, 0.05, 0}, {0, 0.3, 0}, 0.14});  // body
  c.capsules.push_back({{0, 0.3, 0}, {0, 0.7, 0}, 0.15});   // head stalk
  c.headTop = {0, 0.85, 0};
  for (int i = 0; i < limbs; ++i) {  // limbs leave from the body's bottom: no belly bump
    const double a = 2 * M_PI * i / limbs + 0.3;
    const Eigen::Vector3d tip(1.3 * std::cos(a), -0.3, 1.3 * std::sin(a));
    c.capsules.push_back({{0, 0.05, 0}, tip, 0.1});
    c.limbTips.push_back(tip + 0.1 * tip.normalized());
  }
  return c;
}

Creature humanoidCreature() {
  Creature c;
  c.capsules = {
      {{0, 1.55, 0}, {0, 1.7, 0}, 0.11},           // head
      {{0, 0.95, 0}, {0, 1.45, 0}, 0.17},          // torso
      {{0.15, 1.4, 0}, {0.75, 1.05, 0}, 0.055},    // left arm (+X)
      {{-0.15, 1.4, 0}, {-0.75, 1.05, 0}, 0.055},  // right arm
      {{0.1, 0.95, 0}, {0.14, 0.08, 0}, 0.075},    // left leg
      {{-0.1, 0.95, 0}, {-0.14, 0.08, 0}, 0.075},  // right leg
  };
  c.headTop = {0, 1.81, 0};
  c.limbTips = {{0.8, 1.02, 0}, {-0.8, 1.02, 0}, {0.14, 0.0, 0}, {-0.14, 0.0, 0}};
  return c;
}

Creature octopusCreature() {
  Creature c;
  c.capsules.push_back({{0, 0.35, 0}, {0, 0.6, 0}, 0.25});  // mantle
  c.headTop = {0, 0.9, 0};
  for (int i = 0; i < 8; ++i) {
    const double a = 2 * M_PI * i / 8 + 0.2;
    const double length = 1.0 + 0.04 * i;  // distinct lengths: radial numbering is by length
    const Eigen::Vector3d tip(length * std::cos(a), -0.6, length * std::sin(a));
    c.capsules.push_back({{0.05 * std::cos(a), 0.25, 0.05 * std::sin(a)}, tip, 0.08});
    c.limbTips.push_back(tip);
  }
  return c;
}

Creature twoLegsAndTailCreature() {
  Creature c;
  c.capsules = {
      {{0, 1.0, 0.5}, {0, 1.0, -0.3}, 0.2},            // body along Z, head end at +Z
      {{0, 1.1, 0.6}, {0, 1.3, 0.8}, 0.12},            // head
      {{0.12, 0.9, -0.2}, {0.3, 0.2, -0.25}, 0.07},    // left leg
      {{-0.12, 0.9, -0.2}, {-0.3, 0.2, -0.25}, 0.07},  // right leg
      {{0, 0.95, -0.35}, {0, 0.6, -1.6}, 0.07},        // tail: same shape, much longer
  };
  c.headTop = {0, 1.42, 0.85};
  c.limbTips = {{0.3, 0.13, -0.25}, {-0.3, 0.13, -0.25}, {0, 0.58, -1.67}};
  return c;
}

Creature handleCreature() {
  Creature c = humanoidCreature();
  // The left arm bends down so its hand rests on the left hip: a handle.
  c.capsules[2] = {{0.15, 1.4, 0}, {0.32, 1.15, 0}, 0.055};
  c.capsules.push_back({{0.32, 1.15, 0}, {0.17, 0.92, 0}, 0.055});
  c.limbTips = {{-0.8, 1.02, 0}, {0.14, 0.0, 0}, {-0.14, 0.0, 0}};
  return c;
}

Creature quadrupedCreature() {
  Creature c;
  c.capsules = {
      {{0, 1.0, 0.55}, {0, 1.0, -0.55}, 0.22},         // body along Z
      {{0, 1.05, 0.6}, {0, 1.35, 0.95}, 0.1},          // neck, up and forward
      {{0, 1.38, 0.95}, {0, 1.3, 1.25}, 0.12},         // head, muzzle forward
      {{0.13, 0.9, 0.45}, {0.15, 0.05, 0.5}, 0.07},    // front left leg (+X)
      {{-0.13, 0.9, 0.45}, {-0.15, 0.05, 0.5}, 0.07},  // front right leg
      {{0.13, 0.9, -0.45}, {0.15, 0.05, -0.5}, 0.075},    // hind left leg
      {{-0.13, 0.9, -0.45}, {-0.15, 0.05, -0.5}, 0.075},  // hind right leg
      {{0, 1.05, -0.7}, {0, 0.6, -1.1}, 0.05},         // tail
  };
  c.headTop = {0, 1.3, 1.37};
  c.limbTips = {{0.15, -0.02, 0.5},
                {-0.15, -0.02, 0.5},
                {0.15, -0.025, -0.5},
                {-0.15, -0.025, -0.5},
                {0, 0.57, -1.14}};
  return c;
}

}  // namespace rw::test

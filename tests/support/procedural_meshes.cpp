#include "support/procedural_meshes.h"

#include <cmath>

namespace rw::test {

SourceMesh splitCube(const Eigen::Vector3d& center, double size) {
  SourceMesh m;
  const double h = size / 2;
  // Each face: normal axis, sign; its 4 corners in counter-clockwise order seen from outside.
  for (int axis = 0; axis < 3; ++axis)
    for (int sign : {-1, 1}) {
      const int u = (axis + 1) % 3, v = (axis + 2) % 3;
      const int first = static_cast<int>(m.positions.size());
      const double corners[4][2] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
      for (const auto& c : corners) {
        Eigen::Vector3d p = center;
        p[axis] += sign * h;
        p[u] += c[0] * h;
        p[v] += c[1] * h;
        m.positions.push_back(p);
        Eigen::Vector3d n = Eigen::Vector3d::Zero();
        n[axis] = sign;
        m.normals.push_back(n);
      }
      if (sign > 0) {
        m.triangles.emplace_back(first, first + 1, first + 2);
        m.triangles.emplace_back(first, first + 2, first + 3);
      } else {
        m.triangles.emplace_back(first, first + 2, first + 1);
        m.triangles.emplace_back(first, first + 3, first + 2);
      }
    }
  m.triangleMaterial.assign(m.triangles.size(), 0);
  m.materialNames = {"default"};
  m.parts.push_back({"cube", 0, int(m.positions.size()), 0, int(m.triangles.size()), 0});
  return m;
}

SourceMesh torus(int rings, int sides, double R, double r) {
  SourceMesh m;
  for (int i = 0; i < rings; ++i)
    for (int j = 0; j < sides; ++j) {
      const double a = 2 * M_PI * i / rings, b = 2 * M_PI * j / sides;
      m.positions.emplace_back((R + r * std::cos(b)) * std::cos(a), r * std::sin(b),
                               (R + r * std::cos(b)) * std::sin(a));
    }
  auto id = [&](int i, int j) { return ((i + rings) % rings) * sides + (j + sides) % sides; };
  for (int i = 0; i < rings; ++i)
    for (int j = 0; j < sides; ++j) {
      m.triangles.emplace_back(id(i, j), id(i, j + 1), id(i + 1, j + 1));
      m.triangles.emplace_back(id(i, j), id(i + 1, j + 1), id(i + 1, j));
    }
  m.triangleMaterial.assign(m.triangles.size(), 0);
  m.materialNames = {"default"};
  m.parts.push_back({"torus", 0, int(m.positions.size()), 0, int(m.triangles.size()), 0});
  return m;
}

SourceMesh grid(int n) {
  SourceMesh m;
  for (int i = 0; i <= n; ++i)
    for (int j = 0; j <= n; ++j) m.positions.emplace_back(i, 0, j);
  auto id = [&](int i, int j) { return i * (n + 1) + j; };
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      m.triangles.emplace_back(id(i, j), id(i, j + 1), id(i + 1, j + 1));
      m.triangles.emplace_back(id(i, j), id(i + 1, j + 1), id(i + 1, j));
    }
  m.triangleMaterial.assign(m.triangles.size(), 0);
  m.materialNames = {"default"};
  m.parts.push_back({"grid", 0, int(m.positions.size()), 0, int(m.triangles.size()), 0});
  return m;
}

void append(SourceMesh& a, const SourceMesh& b) {
  const int offset = static_cast<int>(a.positions.size());
  const int triOffset = static_cast<int>(a.triangles.size());
  a.positions.insert(a.positions.end(), b.positions.begin(), b.positions.end());
  if (!a.normals.empty() || !b.normals.empty()) {
    a.normals.resize(offset, Eigen::Vector3d::UnitY());
    if (b.normals.empty())
      a.normals.resize(a.positions.size(), Eigen::Vector3d::UnitY());
    else
      a.normals.insert(a.normals.end(), b.normals.begin(), b.normals.end());
  }
  for (const auto& t : b.triangles) a.triangles.push_back(t + Eigen::Vector3i::Constant(offset));
  a.triangleMaterial.insert(a.triangleMaterial.end(), b.triangleMaterial.begin(),
                            b.triangleMaterial.end());
  if (a.materialNames.empty()) a.materialNames = b.materialNames;
  for (MeshPart p : b.parts) {
    p.firstVertex += offset;
    p.firstTriangle += triOffset;
    a.parts.push_back(p);
  }
}

}  // namespace rw::test

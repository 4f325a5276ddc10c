#include "corner_normals.h"

#include <cmath>

#include "mesh/mesh.h"

namespace rw::render {

namespace {

constexpr double kPi = 3.14159265358979323846;

Eigen::Vector3f safeNormalized(const Eigen::Vector3d& n) {
  const double length = n.norm();
  if (!(length > 0.0) || !std::isfinite(length)) return Eigen::Vector3f::UnitY();
  return (n / length).cast<float>();
}

}  // namespace

std::vector<Eigen::Vector3f> cornerNormals(const Mesh& mesh, double autoSmoothDegrees) {
  const SourceMesh& src = mesh.source;
  const size_t triangleCount = src.triangles.size();
  std::vector<Eigen::Vector3f> normals(3 * triangleCount, Eigen::Vector3f::UnitY());

  const bool fileNormals = src.normals.size() == src.positions.size() && !src.normals.empty();
  const bool welded = mesh.weldedOfSource.size() == src.positions.size();
  auto vertexOf = [&](int sourceVertex) {
    return welded ? mesh.weldedOfSource[sourceVertex] : sourceVertex;
  };
  const size_t vertexCount = welded ? mesh.positions.size() : src.positions.size();

  // Area-weighted face normals (the cross product's length is twice the area).
  std::vector<Eigen::Vector3d> faceNormal(triangleCount);
  for (size_t t = 0; t < triangleCount; ++t) {
    const Eigen::Vector3i& tri = src.triangles[t];
    faceNormal[t] = (src.positions[tri[1]] - src.positions[tri[0]])
                        .cross(src.positions[tri[2]] - src.positions[tri[0]]);
  }

  // Triangles around each (welded) vertex, compressed rows.
  std::vector<int> rowStart(vertexCount + 1, 0);
  for (const Eigen::Vector3i& tri : src.triangles)
    for (int c = 0; c < 3; ++c) ++rowStart[vertexOf(tri[c]) + 1];
  for (size_t v = 0; v < vertexCount; ++v) rowStart[v + 1] += rowStart[v];
  std::vector<int> incident(rowStart.back());
  std::vector<int> fill(rowStart.begin(), rowStart.end() - 1);
  for (size_t t = 0; t < triangleCount; ++t)
    for (int c = 0; c < 3; ++c) incident[fill[vertexOf(src.triangles[t][c])]++] = int(t);

  const double cosLimit = std::cos(autoSmoothDegrees * kPi / 180.0);
  for (size_t t = 0; t < triangleCount; ++t) {
    const Eigen::Vector3i& tri = src.triangles[t];
    const Eigen::Vector3d own = faceNormal[t].normalized();
    const bool degenerate = !own.allFinite();
    for (int c = 0; c < 3; ++c) {
      if (fileNormals) {
        const Eigen::Vector3d& n = src.normals[tri[c]];
        if (n.allFinite() && n.squaredNorm() > 1e-12) {
          normals[3 * t + c] = n.normalized().cast<float>();
          continue;
        }
      }
      const int v = vertexOf(tri[c]);
      Eigen::Vector3d sum = Eigen::Vector3d::Zero();
      for (int i = rowStart[v]; i < rowStart[v + 1]; ++i) {
        const Eigen::Vector3d& other = faceNormal[incident[i]];
        const double length = other.norm();
        if (!(length > 0.0)) continue;
        if (degenerate || other.dot(own) >= cosLimit * length) sum += other;
      }
      normals[3 * t + c] = safeNormalized(sum);
    }
  }
  return normals;
}

}  // namespace rw::render

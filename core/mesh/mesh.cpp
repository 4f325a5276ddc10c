#include "mesh/mesh.h"

#include <algorithm>

#include <cmath>
#include <cstdint>
#include <unordered_map>

namespace rw {
namespace {

struct CellKey {
  std::int64_t x, y, z;
  bool operator==(const CellKey&) const = default;
};
struct CellHash {
  std::size_t operator()(const CellKey& k) const {
    return static_cast<std::size_t>(k.x * 73856093) ^ static_cast<std::size_t>(k.y * 19349663) ^
           static_cast<std::size_t>(k.z * 83492791);
  }
};

/// Welds positions closer than `tolerance`, keeping the first of each cluster in source order
/// (so the result is deterministic). Grid cells of the tolerance's size; 27 neighbours checked.
std::vector<int> weldByPosition(const std::vector<Eigen::Vector3d>& points, double tolerance,
                                std::vector<Eigen::Vector3d>& welded) {
  const double cell = tolerance > 0 ? tolerance : 1e-12;
  std::unordered_map<CellKey, std::vector<int>, CellHash> grid;
  grid.reserve(points.size());
  std::vector<int> weldedOf(points.size());
  auto keyOf = [cell](const Eigen::Vector3d& p) {
    return CellKey{static_cast<std::int64_t>(std::floor(p.x() / cell)),
                   static_cast<std::int64_t>(std::floor(p.y() / cell)),
                   static_cast<std::int64_t>(std::floor(p.z() / cell))};
  };
  const double tolerance2 = tolerance * tolerance;
  for (std::size_t i = 0; i < points.size(); ++i) {
    const Eigen::Vector3d& p = points[i];
    const CellKey k = keyOf(p);
    int found = -1;
    for (int dx = -1; dx <= 1 && found < 0; ++dx)
      for (int dy = -1; dy <= 1 && found < 0; ++dy)
        for (int dz = -1; dz <= 1 && found < 0; ++dz) {
          auto it = grid.find(CellKey{k.x + dx, k.y + dy, k.z + dz});
          if (it == grid.end()) continue;
          for (int w : it->second)
            if ((welded[w] - p).squaredNorm() <= tolerance2) {
              found = w;
              break;
            }
        }
    if (found < 0) {
      found = static_cast<int>(welded.size());
      welded.push_back(p);
      grid[k].push_back(found);
    }
    weldedOf[i] = found;
  }
  return weldedOf;
}

}  // namespace

Eigen::AlignedBox3d Mesh::bounds() const {
  Eigen::AlignedBox3d box;
  for (const auto& p : positions) box.extend(p);
  if (positions.empty())
    for (const auto& p : source.positions) box.extend(p);
  return box;
}

Mesh buildMesh(SourceMesh source, double relativeWeldTolerance) {
  Mesh mesh;
  mesh.source = std::move(source);
  Eigen::AlignedBox3d box;
  for (const auto& p : mesh.source.positions) box.extend(p);
  const double size = mesh.source.positions.empty() ? 0.0 : box.diagonal().norm();
  mesh.weldTolerance = relativeWeldTolerance * size;
  mesh.weldedOfSource = weldByPosition(mesh.source.positions, mesh.weldTolerance, mesh.positions);

  int collapsed = 0;
  mesh.triangles.reserve(mesh.source.triangles.size());
  for (const Eigen::Vector3i& t : mesh.source.triangles) {
    const Eigen::Vector3i w(mesh.weldedOfSource[t[0]], mesh.weldedOfSource[t[1]],
                            mesh.weldedOfSource[t[2]]);
    if (w[0] == w[1] || w[1] == w[2] || w[0] == w[2]) {
      ++collapsed;
      continue;
    }
    mesh.triangles.push_back(w);
  }

  mesh.diagnostics = diagnoseTriangles(mesh.positions, mesh.triangles, collapsed);
  return mesh;
}

int Mesh::firstSourceVertex(int welded) const {
  const auto it = std::find(weldedOfSource.begin(), weldedOfSource.end(), welded);
  return it == weldedOfSource.end() ? -1 : int(it - weldedOfSource.begin());
}

}  // namespace rw

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
/// (so the result is deterministic): a point joins the lowest-numbered welded point within the
/// tolerance, else starts a new one. Grid cells twice the tolerance wide: the points within it
/// lie in the 2×2×2 cells nearest the point (27 cells of the tolerance's width before: 3.4×
/// the lookups), each cell a chain of its welded points.
std::vector<int> weldByPosition(const std::vector<Eigen::Vector3d>& points, double tolerance,
                                std::vector<Eigen::Vector3d>& welded) {
  const double cell = 2.0 * (tolerance > 0 ? tolerance : 1e-12);
  std::unordered_map<CellKey, int, CellHash> firstInCell;
  firstInCell.reserve(points.size());
  std::vector<int> nextInCell;  // per welded point: the next one in its cell, or -1
  std::vector<int> weldedOf(points.size());
  const double tolerance2 = tolerance * tolerance;
  for (std::size_t i = 0; i < points.size(); ++i) {
    const Eigen::Vector3d& p = points[i];
    const Eigen::Vector3d scaled = p / cell;
    const CellKey k{static_cast<std::int64_t>(std::floor(scaled.x())),
                    static_cast<std::int64_t>(std::floor(scaled.y())),
                    static_cast<std::int64_t>(std::floor(scaled.z()))};
    // Towards the nearer neighbour in each axis: a point within the tolerance is there or here.
    const int sx = scaled.x() - double(k.x) < 0.5 ? -1 : 1;
    const int sy = scaled.y() - double(k.y) < 0.5 ? -1 : 1;
    const int sz = scaled.z() - double(k.z) < 0.5 ? -1 : 1;
    int found = -1;
    for (int dx : {0, sx})
      for (int dy : {0, sy})
        for (int dz : {0, sz}) {
          const auto it = firstInCell.find(CellKey{k.x + dx, k.y + dy, k.z + dz});
          if (it == firstInCell.end()) continue;
          for (int w = it->second; w >= 0; w = nextInCell[w])
            if ((found < 0 || w < found) && (welded[w] - p).squaredNorm() <= tolerance2) found = w;
        }
    if (found < 0) {
      found = static_cast<int>(welded.size());
      welded.push_back(p);
      nextInCell.push_back(-1);
      const auto [it, inserted] = firstInCell.emplace(k, found);
      if (!inserted) {  // append: the chain stays in source order
        int last = it->second;
        while (nextInCell[last] >= 0) last = nextInCell[last];
        nextInCell[last] = found;
      }
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

#include "mesh/mesh.h"
#include "mesh/weld_by_position.h"

#include <algorithm>

namespace rw {

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

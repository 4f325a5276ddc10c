#include "mesh/mesh_parts.h"

#include "util/union_find.h"

namespace rw {

MeshParts connectedParts(int vertexCount, const std::vector<Eigen::Vector3i>& triangles) {
  UnionFind sets(vertexCount);
  std::vector<char> used(vertexCount, 0);
  for (const Eigen::Vector3i& t : triangles) {
    used[t[0]] = used[t[1]] = used[t[2]] = 1;
    sets.attach(t[0], t[1]);
    sets.attach(t[1], t[2]);
  }
  MeshParts out;
  out.partOf.assign(vertexCount, -1);
  std::vector<int> partOfRoot(vertexCount, -1);
  for (int v = 0; v < vertexCount; ++v) {
    if (!used[v]) continue;
    int& part = partOfRoot[sets.find(v)];
    if (part < 0) {
      part = out.count();
      out.vertices.emplace_back();
    }
    out.partOf[v] = part;
    out.vertices[part].push_back(v);
  }
  out.triangles.resize(out.vertices.size());
  for (int t = 0; t < int(triangles.size()); ++t)
    out.triangles[out.partOf[triangles[t][0]]].push_back(t);
  return out;
}

}  // namespace rw

#include "mesh/mesh_diagnostics.h"
#include "util/union_find.h"

#include <Eigen/Geometry>
#include <algorithm>
#include <cstdint>
#include <numeric>
#include <sstream>
#include <unordered_map>

namespace rw {
namespace {

std::uint64_t edgeKey(int a, int b) {
  if (a > b) std::swap(a, b);
  return (std::uint64_t(std::uint32_t(a)) << 32) | std::uint32_t(b);
}

}  // namespace

std::string MeshDiagnostics::summary() const {
  std::ostringstream s;
  s << vertices << " vertices, " << triangles << " triangles, " << components
    << (components == 1 ? " component" : " components") << ", " << (closed ? "closed" : "open")
    << ", " << boundaryEdges << " boundary edges in " << boundaryLoops << " loops, "
    << nonManifoldEdges << " non-manifold edges, " << nonManifoldVertices
    << " non-manifold vertices, " << degenerateTriangles
    << " degenerate triangles, Euler characteristic " << eulerCharacteristic;
  return s.str();
}

MeshDiagnostics diagnoseTriangles(const std::vector<Eigen::Vector3d>& positions,
                                  const std::vector<Eigen::Vector3i>& triangles, int degenerate) {
  MeshDiagnostics d;
  const int n = static_cast<int>(positions.size());
  d.triangles = static_cast<int>(triangles.size());

  // Edge -> number of incident triangles, via a sorted key list (fast, no hashing).
  std::vector<std::uint64_t> keys;
  keys.reserve(triangles.size() * 3);
  for (const auto& t : triangles)
    for (int c = 0; c < 3; ++c) keys.push_back(edgeKey(t[c], t[(c + 1) % 3]));
  std::sort(keys.begin(), keys.end());
  std::vector<std::pair<std::uint64_t, int>> edges;  // key, count
  for (std::size_t i = 0; i < keys.size();) {
    std::size_t j = i;
    while (j < keys.size() && keys[j] == keys[i]) ++j;
    edges.emplace_back(keys[i], int(j - i));
    i = j;
  }
  d.edges = static_cast<int>(edges.size());

  std::vector<char> used(n, 0);
  UnionFind components(n);
  for (const auto& t : triangles) {
    used[t[0]] = used[t[1]] = used[t[2]] = 1;
    components.unite(t[0], t[1]);
    components.unite(t[1], t[2]);
    // Zero-area triangles with distinct corners stay in the topology but are reported.
    const double area2 =
        (positions[t[1]] - positions[t[0]]).cross(positions[t[2]] - positions[t[0]]).squaredNorm();
    if (area2 <= 0.0) ++degenerate;
  }
  d.degenerateTriangles = degenerate;
  for (int v = 0; v < n; ++v) d.vertices += used[v];
  d.unreferencedVertices = n - d.vertices;

  UnionFind boundary(n);
  std::vector<char> onBoundary(n, 0);
  for (const auto& [key, count] : edges) {
    const int a = int(key >> 32), b = int(key & 0xffffffffu);
    if (count == 1) {
      ++d.boundaryEdges;
      boundary.unite(a, b);
      onBoundary[a] = onBoundary[b] = 1;
    } else if (count > 2) {
      ++d.nonManifoldEdges;
    }
  }
  for (int v = 0; v < n; ++v)
    if (onBoundary[v] && boundary.find(v) == v) ++d.boundaryLoops;
  d.eulerCharacteristic = d.vertices - d.edges + d.triangles;
  d.closed = d.boundaryEdges == 0 && d.nonManifoldEdges == 0 && d.triangles > 0;

  // Non-manifold vertices: the link (opposite edges of the incident triangles) must be one
  // connected path or cycle; several pieces mean fans touching only at the vertex.
  std::vector<std::vector<int>> incident(n);
  for (int f = 0; f < d.triangles; ++f)
    for (int c = 0; c < 3; ++c) incident[triangles[f][c]].push_back(f);
  std::unordered_map<int, int> local;
  for (int v = 0; v < n; ++v) {
    if (incident[v].size() < 2) continue;
    local.clear();
    std::vector<int> parent;
    auto id = [&](int w) {
      auto [it, inserted] = local.emplace(w, int(parent.size()));
      if (inserted) parent.push_back(it->second);
      return it->second;
    };
    auto root = [&](int x) {
      while (parent[x] != x) x = parent[x];
      return x;
    };
    for (int f : incident[v]) {
      int others[2], k = 0;
      for (int c = 0; c < 3; ++c)
        if (triangles[f][c] != v) others[k++] = triangles[f][c];
      const int a = id(others[0]), b = id(others[1]);
      parent[root(a)] = root(b);
    }
    int pieces = 0;
    for (std::size_t i = 0; i < parent.size(); ++i) pieces += root(int(i)) == int(i);
    if (pieces > 1) ++d.nonManifoldVertices;
  }

  // Per-component figures.
  std::unordered_map<int, int> componentIndex;
  for (int v = 0; v < n; ++v)
    if (used[v] && !componentIndex.count(components.find(v)))
      componentIndex.emplace(components.find(v), int(componentIndex.size()));
  d.components = static_cast<int>(componentIndex.size());
  std::vector<ComponentInfo> info(d.components);
  std::vector<Eigen::AlignedBox3d> boxes(d.components);
  for (int v = 0; v < n; ++v)
    if (used[v]) {
      const int c = componentIndex[components.find(v)];
      ++info[c].vertices;
      boxes[c].extend(positions[v]);
    }
  for (const auto& t : triangles) ++info[componentIndex[components.find(t[0])]].triangles;
  std::vector<int> componentEdges(d.components, 0);
  for (const auto& [key, count] : edges) {
    const int c = componentIndex[components.find(int(key >> 32))];
    ++componentEdges[c];
    if (count == 1) ++info[c].boundaryEdges;
    if (count > 2) ++info[c].nonManifoldEdges;
  }
  for (int c = 0; c < d.components; ++c) {
    ComponentInfo& ci = info[c];
    ci.eulerCharacteristic = ci.vertices - componentEdges[c] + ci.triangles;
    ci.closed = ci.boundaryEdges == 0 && ci.nonManifoldEdges == 0;
    ci.genus = ci.closed ? (2 - ci.eulerCharacteristic) / 2 : -1;
    ci.bboxDiagonal = boxes[c].diagonal().norm();
  }
  std::stable_sort(info.begin(), info.end(), [](const ComponentInfo& a, const ComponentInfo& b) {
    return a.triangles > b.triangles;
  });
  d.componentInfo = std::move(info);
  return d;
}

}  // namespace rw

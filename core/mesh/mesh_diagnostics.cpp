#include "mesh/mesh_diagnostics.h"
#include "mesh/edge_counts.h"
#include "util/union_find.h"

#include <Eigen/Geometry>
#include <algorithm>
#include <cstdint>
#include <functional>
#include <numeric>
#include <sstream>

#include <tbb/blocked_range.h>
#include <tbb/parallel_reduce.h>

namespace rw {
namespace {

/// Vertices whose link (the opposite edges of their triangles) is not one connected path or
/// cycle: fans touching only at the vertex. Incidence in one flat array; each link is joined
/// with a union-find over its few vertices, found by a linear scan (a valence is about 6).
int countNonManifoldVertices(int n, const std::vector<Eigen::Vector3i>& triangles) {
  std::vector<int> start(std::size_t(n) + 1, 0);
  for (const auto& t : triangles)
    for (int c = 0; c < 3; ++c) ++start[t[c] + 1];
  std::partial_sum(start.begin(), start.end(), start.begin());
  std::vector<int> incident(std::size_t(start.back()));
  std::vector<int> fill(start.begin(), start.end() - 1);
  for (int f = 0; f < int(triangles.size()); ++f)
    for (int c = 0; c < 3; ++c) incident[fill[triangles[f][c]]++] = f;
  return tbb::parallel_reduce(
      tbb::blocked_range<int>(0, n, 2048), 0,
      [&](const tbb::blocked_range<int>& r, int count) {
        std::vector<int> linkVertex, parent;
        for (int v = r.begin(); v != r.end(); ++v) {
          if (start[v + 1] - start[v] < 2) continue;
          linkVertex.clear();
          parent.clear();
          auto id = [&](int w) {
            for (std::size_t i = 0; i < linkVertex.size(); ++i)
              if (linkVertex[i] == w) return int(i);
            linkVertex.push_back(w);
            parent.push_back(int(parent.size()));
            return int(parent.size()) - 1;
          };
          auto root = [&](int x) {
            while (parent[x] != x) x = parent[x];
            return x;
          };
          for (int k = start[v]; k < start[v + 1]; ++k) {
            const Eigen::Vector3i& t = triangles[incident[k]];
            int others[2], m = 0;
            for (int c = 0; c < 3; ++c)
              if (t[c] != v) others[m++] = t[c];
            const int a = id(others[0]), b = id(others[1]);
            parent[root(a)] = root(b);
          }
          int pieces = 0;
          for (std::size_t i = 0; i < parent.size(); ++i) pieces += root(int(i)) == int(i);
          count += pieces > 1;
        }
        return count;
      },
      std::plus<int>());
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

  const std::vector<std::pair<std::uint64_t, int>> edges = countEdges(n, triangles);
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

  d.nonManifoldVertices = countNonManifoldVertices(n, triangles);

  // Per-component figures; a component is numbered by its first vertex.
  std::vector<int> componentOfRoot(n, -1);
  for (int v = 0; v < n; ++v)
    if (used[v] && componentOfRoot[components.find(v)] < 0)
      componentOfRoot[components.find(v)] = d.components++;
  auto componentOf = [&](int v) { return componentOfRoot[components.find(v)]; };
  std::vector<ComponentInfo> info(d.components);
  std::vector<Eigen::AlignedBox3d> boxes(d.components);
  for (int v = 0; v < n; ++v)
    if (used[v]) {
      const int c = componentOf(v);
      ++info[c].vertices;
      boxes[c].extend(positions[v]);
    }
  for (const auto& t : triangles) ++info[componentOf(t[0])].triangles;
  std::vector<int> componentEdges(d.components, 0);
  for (const auto& [key, count] : edges) {
    const int c = componentOf(int(key >> 32));
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

#include "embed/sphere_graph.h"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <queue>

namespace rw {
namespace {

/// From a cell towards the outside cell nearest it, in cells.
Eigen::Vector3d toSurface(const VolumeGrid& grid, int cell) {
  return (grid.cellOf(grid.nearestOutside[cell]) - grid.cellOf(cell)).cast<double>();
}

/// True when the segment keeps at least `clearance` from the outside along its whole length
/// (sampled every half cell).
bool staysInside(const VolumeGrid& grid, const Eigen::Vector3d& a, const Eigen::Vector3d& b,
                 double clearance) {
  const double length = (b - a).norm();
  const int steps = std::max(1, int(std::ceil(length / (0.5 * grid.cell))));
  for (int s = 0; s <= steps; ++s)
    if (grid.distanceAt(a + (b - a) * (double(s) / steps)) < clearance) return false;
  return true;
}

/// True when no centre but i and j lies strictly inside the ball on segment ij as a diameter.
bool gabriel(const SphereGraph& g, int i, int j) {
  const Eigen::Vector3d middle = 0.5 * (g.centres[i] + g.centres[j]);
  const double r2 = 0.25 * (g.centres[i] - g.centres[j]).squaredNorm();
  for (int k = 0; k < g.size(); ++k)
    if (k != i && k != j && (g.centres[k] - middle).squaredNorm() < r2) return false;
  return true;
}

/// Dijkstra from every centre.
void shortestPaths(SphereGraph& g) {
  const int n = g.size();
  g.distances.assign(n, std::vector<double>(n, std::numeric_limits<double>::infinity()));
  g.previous.assign(n, std::vector<int>(n, -1));
  tbb::parallel_for(0, n, [&](int source) {
    std::vector<double>& d = g.distances[source];
    std::vector<int>& before = g.previous[source];
    using Item = std::pair<double, int>;
    std::priority_queue<Item, std::vector<Item>, std::greater<Item>> queue;
    d[source] = 0.0;
    queue.push({0.0, source});
    while (!queue.empty()) {
      const auto [du, u] = queue.top();
      queue.pop();
      if (du > d[u]) continue;
      for (int v : g.neighbours[u]) {
        const double dv = du + (g.centres[u] - g.centres[v]).norm();
        if (dv < d[v]) {
          d[v] = dv;
          before[v] = u;
          queue.push({dv, v});
        }
      }
    }
  });
}

}  // namespace

std::vector<int> SphereGraph::path(int from, int to) const {
  if (from < 0 || to < 0 || from >= size() || to >= size() || !std::isfinite(distances[from][to]))
    return {};
  std::vector<int> out{to};
  for (int at = to; at != from; at = previous[from][at]) out.push_back(previous[from][at]);
  std::reverse(out.begin(), out.end());
  return out;
}

std::vector<int> SphereGraph::components() const {
  std::vector<int> component(size(), -1);
  int next = 0;
  for (int s = 0; s < size(); ++s) {
    if (component[s] >= 0) continue;
    std::vector<int> stack{s};
    component[s] = next;
    while (!stack.empty()) {
      const int u = stack.back();
      stack.pop_back();
      for (int v : neighbours[u])
        if (component[v] < 0) {
          component[v] = next;
          stack.push_back(v);
        }
    }
    ++next;
  }
  return component;
}

std::vector<int> medialCells(const VolumeGrid& grid, const SphereGraphParams& params) {
  const double cosLimit = std::cos(params.medialAngleDegrees * M_PI / 180.0);
  const double minDepth = params.minRadiusCells * grid.cell;
  const int total = grid.dims.prod();
  std::vector<char> medial(total, 0);
  const int step[3] = {1, grid.dims.x(), grid.dims.x() * grid.dims.y()};
  tbb::parallel_for(0, total, [&](int c) {
    if (!grid.inside[c] || grid.distance[c] < minDepth) return;
    const Eigen::Vector3i at = grid.cellOf(c);
    const Eigen::Vector3d mine = toSurface(grid, c);
    for (int a = 0; a < 3 && !medial[c]; ++a)
      for (int side : {-1, 1}) {
        const int along = at[a] + side;
        if (along < 0 || along >= grid.dims[a]) continue;
        const int n = c + side * step[a];
        if (!grid.inside[n]) continue;
        const Eigen::Vector3d theirs = toSurface(grid, n);
        if (mine.dot(theirs) <= cosLimit * mine.norm() * theirs.norm()) {
          medial[c] = 1;
          break;
        }
      }
  });
  std::vector<int> out;
  for (int c = 0; c < total; ++c)
    if (medial[c]) out.push_back(c);
  std::stable_sort(out.begin(), out.end(),
                   [&](int a, int b) { return grid.distance[a] > grid.distance[b]; });
  return out;
}

void packSpheres(const VolumeGrid& grid, const std::vector<int>& medial, SphereGraph& graph) {
  for (int c : medial) {
    const Eigen::Vector3d p = grid.centre(c);
    bool held = false;
    for (int s = 0; s < graph.size() && !held; ++s)
      held = (p - graph.centres[s]).squaredNorm() < graph.radii[s] * graph.radii[s];
    if (held) continue;
    graph.centres.push_back(p);
    graph.radii.push_back(double(grid.distance[c]));
  }
}

void connectSpheres(const VolumeGrid& grid, const SphereGraphParams& params, SphereGraph& g) {
  const int n = g.size();
  g.neighbours.assign(n, {});
  std::vector<std::vector<int>> found(n);
  tbb::parallel_for(0, n, [&](int i) {
    for (int j = i + 1; j < n; ++j) {
      const double d = (g.centres[i] - g.centres[j]).norm();
      const bool touching = d < g.radii[i] + g.radii[j];
      if (touching || (gabriel(g, i, j) &&
                       staysInside(grid, g.centres[i], g.centres[j],
                                   params.gabrielClearance * std::min(g.radii[i], g.radii[j]))))
        found[i].push_back(j);
    }
  });
  for (int i = 0; i < n; ++i)
    for (int j : found[i]) {
      g.neighbours[i].push_back(j);
      g.neighbours[j].push_back(i);
    }
  shortestPaths(g);
}

SphereGraph buildSphereGraph(const VolumeGrid& grid, const SphereGraphParams& params) {
  SphereGraph graph;
  if (grid.inside.empty()) return graph;
  packSpheres(grid, medialCells(grid, params), graph);
  connectSpheres(grid, params, graph);
  return graph;
}

}  // namespace rw

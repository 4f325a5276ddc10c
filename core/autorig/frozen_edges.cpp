#include "autorig/frozen_edges.h"

#include <algorithm>
#include <functional>

namespace rw {

Eigen::Vector3d frozenEdgeEnd(const TopologyGraph& graph, int arc, int node) {
  const std::vector<Eigen::Vector3d>& line = graph.arcs[arc].polyline;
  if (line.size() < 3) return line.empty() ? graph.nodes[node].position : line[line.size() / 2];
  return graph.arcs[arc].from == node ? line[1] : line[line.size() - 2];
}

EmbeddedPath limbPath(const TopologyGraph& graph, int arc, int node, std::vector<int>* arcsOut) {
  // Reach below each arc walked away from `node` (memoized depth-first: the graph is a tree).
  std::function<double(int, int)> reach = [&](int a, int from) {
    const int far = graph.other(a, from);
    double best = 0.0;
    for (int b : graph.nodes[far].arcs)
      if (b != a) best = std::max(best, reach(b, far));
    return graph.arcs[a].length + best;
  };
  std::vector<int> arcs{arc};
  int at = graph.other(arc, node);
  while (true) {
    int next = -1;
    double best = -1.0;
    for (int b : graph.nodes[at].arcs) {
      if (b == arcs.back()) continue;
      const double r = reach(b, at);
      if (r > best) best = r, next = b;
    }
    if (next < 0) break;
    arcs.push_back(next);
    at = graph.other(next, at);
  }
  EmbeddedPath path = EmbeddedPath::alongArcs(graph, node, arcs);
  if (arcsOut) *arcsOut = arcs;
  // Start at n′, not at the branching node inside the trunk.
  std::vector<Eigen::Vector3d> points = path.points();
  if (points.size() >= 3) points.erase(points.begin());
  return EmbeddedPath(std::move(points));
}

std::pair<EmbeddedPath, EmbeddedPath> limbPair(const TopologyGraph& graph, int arcA, int nodeA,
                                               int arcB, int nodeB) {
  EmbeddedPath a = limbPath(graph, arcA, nodeA), b = limbPath(graph, arcB, nodeB);
  const double common = std::min(a.length(), b.length());
  auto cut = [&](const EmbeddedPath& p) {
    return p.length() > common ? p.slice(1.0 - common / p.length(), 1.0) : p;
  };
  return {cut(a), cut(b)};
}

}  // namespace rw

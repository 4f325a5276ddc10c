#include "graph/topology_graph.h"
#include "util/union_find.h"

#include <numeric>

namespace rw {

double polylineLength(const std::vector<Eigen::Vector3d>& polyline) {
  double length = 0.0;
  for (std::size_t i = 1; i < polyline.size(); ++i)
    length += (polyline[i] - polyline[i - 1]).norm();
  return length;
}

std::vector<int> TopologyGraph::leaves() const {
  std::vector<int> result;
  for (int n = 0; n < nodeCount(); ++n)
    if (n != root && degree(n) == 1) result.push_back(n);
  return result;
}

double TopologyGraph::totalLength() const {
  double total = 0.0;
  for (const GraphArc& a : arcs) total += a.length;
  return total;
}

int TopologyGraph::addArc(int from, int to, std::vector<Eigen::Vector3d> polyline,
                          std::vector<int> members) {
  GraphArc arc;
  arc.from = from;
  arc.to = to;
  if (polyline.size() < 2) polyline = {nodes[from].position, nodes[to].position};
  arc.polyline = std::move(polyline);
  arc.length = polylineLength(arc.polyline);
  arc.members = std::move(members);
  arcs.push_back(std::move(arc));
  const int index = arcCount() - 1;
  nodes[from].arcs.push_back(index);
  nodes[to].arcs.push_back(index);
  return index;
}

void TopologyGraph::updateLengths() {
  for (GraphArc& a : arcs) a.length = polylineLength(a.polyline);
}

void TopologyGraph::rebuildIncidence() {
  for (GraphNode& n : nodes) n.arcs.clear();
  for (int a = 0; a < arcCount(); ++a) {
    nodes[arcs[a].from].arcs.push_back(a);
    nodes[arcs[a].to].arcs.push_back(a);
  }
}

bool TopologyGraph::isTree() const {
  if (nodes.empty()) return true;
  UnionFind joined(nodeCount());
  for (const GraphArc& a : arcs)
    if (!joined.attach(a.from, a.to)) return false;
  return arcCount() == nodeCount() - 1;
}

}  // namespace rw

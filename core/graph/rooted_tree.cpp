#include "graph/rooted_tree.h"

#include <algorithm>
#include <deque>

namespace rw {

RootedTree rootTree(const TopologyGraph& graph) {
  RootedTree tree;
  const int n = graph.nodeCount();
  tree.parentArc.assign(n, -1);
  tree.childArcs.assign(n, {});
  tree.childNode.assign(graph.arcCount(), -1);
  tree.distance.assign(n, -1.0);
  tree.height.assign(n, 0.0);
  if (graph.root < 0 || graph.root >= n) return tree;

  std::vector<bool> arcSeen(graph.arcCount(), false);
  bool cycle = false;
  std::deque<int> queue{graph.root};
  tree.distance[graph.root] = 0.0;
  while (!queue.empty()) {
    const int node = queue.front();
    queue.pop_front();
    tree.order.push_back(node);
    for (int arc : graph.nodes[node].arcs) {
      if (arcSeen[arc]) continue;
      arcSeen[arc] = true;
      const int next = graph.other(arc, node);
      if (tree.distance[next] >= 0.0) {  // already reached: this arc closes a cycle
        cycle = true;
        continue;
      }
      tree.parentArc[next] = arc;
      tree.childArcs[node].push_back(arc);
      tree.childNode[arc] = next;
      tree.distance[next] = tree.distance[node] + graph.arcs[arc].length;
      queue.push_back(next);
    }
  }
  for (auto it = tree.order.rbegin(); it != tree.order.rend(); ++it)
    for (int arc : tree.childArcs[*it])
      tree.height[*it] =
          std::max(tree.height[*it], graph.arcs[arc].length + tree.height[tree.childNode[arc]]);
  tree.isTree = !cycle && static_cast<int>(tree.order.size()) == n;
  return tree;
}

TopologyGraph orientedFromRoot(const TopologyGraph& graph) {
  TopologyGraph result = graph;
  const RootedTree tree = rootTree(graph);
  for (int a = 0; a < result.arcCount(); ++a) {
    GraphArc& arc = result.arcs[a];
    if (tree.childNode[a] < 0 || tree.childNode[a] == arc.to) continue;
    std::swap(arc.from, arc.to);
    std::reverse(arc.polyline.begin(), arc.polyline.end());
    std::reverse(arc.members.begin(), arc.members.end());
  }
  return result;
}

}  // namespace rw

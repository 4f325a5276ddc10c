#include "multires/build_multiresolution.h"

#include <algorithm>

#include "graph/rooted_tree.h"
#include "multires/filter_graph.h"

namespace rw {

double graphLength(const TopologyGraph& graph) {
  const RootedTree tree = rootTree(graph);
  if (tree.order.empty()) return 0.0;
  return tree.height[graph.root];
}

double graphSpan(const TopologyGraph& graph) {
  TopologyGraph straight = graph;
  for (GraphArc& arc : straight.arcs)
    arc.length = arc.polyline.empty() ? 0.0 : (arc.polyline.back() - arc.polyline.front()).norm();
  return graphLength(straight);
}

MultiresGraph buildMultiresolution(const TopologyGraph& base, const MultiresParams& params) {
  MultiresGraph result;
  result.graphLength = graphSpan(base);
  const bool filterable = rootTree(base).isTree;
  const int count = filterable ? std::max(1, params.levels) : 1;
  result.levels.resize(count);

  MultiresLevel& finest = result.levels.back();
  finest.graph = filterable ? orientedFromRoot(base) : base;
  finest.threshold = 0.0;
  finest.nodeFiner.assign(finest.graph.nodeCount(), -1);
  finest.arcFiner.assign(finest.graph.arcCount(), {});

  for (int i = count - 2; i >= 0; --i) {
    MultiresLevel& finer = result.levels[i + 1];
    MultiresLevel& level = result.levels[i];
    level.threshold = params.filterFraction * result.graphLength * (count - 1 - i) / (count - 1);
    FilteredGraph filtered = filterGraph(finer.graph, level.threshold);
    level.graph = std::move(filtered.graph);
    level.nodeFiner = std::move(filtered.links.nodeFiner);
    level.arcFiner = std::move(filtered.links.arcFiner);
    finer.nodeCoarser = std::move(filtered.links.nodeCoarser);
    finer.arcCoarser = std::move(filtered.links.arcCoarser);
    finer.arcCollapsedInto = std::move(filtered.links.arcCollapsedInto);
  }

  MultiresLevel& coarsest = result.levels.front();
  coarsest.nodeCoarser.assign(coarsest.graph.nodeCount(), -1);
  coarsest.arcCoarser.assign(coarsest.graph.arcCount(), -1);
  coarsest.arcCollapsedInto.assign(coarsest.graph.arcCount(), -1);
  return result;
}

}  // namespace rw

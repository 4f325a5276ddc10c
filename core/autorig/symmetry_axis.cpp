#include "autorig/symmetry_axis.h"

#include <algorithm>
#include <map>

namespace rw {

SymmetryAxis findSymmetryAxis(const TopologyGraph& graph, const GraphSymmetry& symmetry,
                              double flatBranchFraction) {
  SymmetryAxis axis;
  if (graph.root < 0) return axis;
  axis.nodes.push_back(graph.root);
  for (int a : symmetry.primaryAxis) {
    const int next = graph.other(a, axis.nodes.back());
    if (graph.arcs[a].from != axis.nodes.back() && graph.arcs[a].to != axis.nodes.back()) break;
    axis.arcs.push_back(a);
    axis.nodes.push_back(next);
  }
  double fMin = graph.nodes[graph.root].f, fMax = fMin;
  for (const GraphNode& n : graph.nodes) fMin = std::min(fMin, n.f), fMax = std::max(fMax, n.f);
  const double flat = flatBranchFraction * (fMax - fMin);

  // Side arcs of each axis node: incident arcs other than the axis arcs around it.
  const int count = int(axis.nodes.size());
  for (int i = 0; i < count; ++i) {
    const int node = axis.nodes[i];
    std::vector<int> side;
    for (int a : graph.nodes[node].arcs) {
      const bool onAxis = (i > 0 && a == axis.arcs[i - 1]) || (i + 1 < count && a == axis.arcs[i]);
      if (!onAxis) side.push_back(a);
    }
    if (side.empty()) continue;
    const bool joinPrevious =
        !axis.branchings.empty() && axis.branchings.back().lastAxisIndex >= 0 &&
        std::abs(graph.nodes[node].f -
                 graph.nodes[axis.nodes[axis.branchings.back().lastAxisIndex]].f) <= flat;
    if (!joinPrevious) {
      AxisBranching b;
      b.firstAxisIndex = i;
      axis.branchings.push_back(b);
    }
    AxisBranching& b = axis.branchings.back();
    for (int k = b.lastAxisIndex + 1; k <= i && joinPrevious; ++k) b.nodes.push_back(axis.nodes[k]);
    if (!joinPrevious) b.nodes.push_back(node);
    b.lastAxisIndex = i;
    b.sideArcs.insert(b.sideArcs.end(), side.begin(), side.end());
  }
  for (AxisBranching& b : axis.branchings) {
    std::map<int, std::vector<int>> byGroup;
    for (int a : b.sideArcs) {
      const ArcSymmetry& s = symmetry.arcs[a];
      if (s.tag == SymmetryTag::Axial || s.tag == SymmetryTag::Radial)
        byGroup[s.group].push_back(a);
    }
    for (auto& [group, arcs] : byGroup)
      if (arcs.size() >= 2) b.symmetricGroups.push_back(arcs);
  }
  return axis;
}

}  // namespace rw

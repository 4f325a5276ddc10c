#include "symmetry/detect_symmetry.h"

#include "symmetry/geometric_pairing.h"

#include <algorithm>
#include <cmath>

#include "graph/rooted_tree.h"
#include "symmetry/axial_side.h"
#include "symmetry/sibling_grouping.h"

namespace rw {

namespace {

/// Numbers a radial group 1..n by increasing arc length.
void numberRadial(const TopologyGraph& graph, std::vector<int> arcs, GraphSymmetry& result) {
  std::sort(arcs.begin(), arcs.end(), [&](int a, int b) {
    const double la = graph.arcs[a].length, lb = graph.arcs[b].length;
    return la != lb ? la < lb : a < b;
  });
  for (std::size_t i = 0; i < arcs.size(); ++i)
    result.arcs[arcs[i]].radialIndex = static_cast<int>(i) + 1;
}

}  // namespace

GraphSymmetry detectSymmetry(const TopologyGraph& graph, const SymmetryParams& params) {
  GraphSymmetry result;
  const RootedTree tree = rootTree(graph);
  result.arcs.resize(graph.arcCount());
  result.nodeDescriptors = nodeDescriptors(graph, tree);
  result.arcDescriptors = arcDescriptors(tree, result.nodeDescriptors);
  if (tree.order.empty()) return result;
  const std::vector<Eigen::Vector3d> centroids = limbCentroids(graph, tree);

  // Per node: on the primary axis, and the level of the arc reaching it.
  std::vector<bool> onPrimary(graph.nodeCount(), false);
  std::vector<int> nodeLevel(graph.nodeCount(), 1);
  onPrimary[graph.root] = true;

  // Flat internal arcs: the f span between their ends is negligible, so their far node is the
  // same branching as their near one (see SymmetryParams::flatBranchFraction).
  double fMin = 0.0, fMax = 0.0;
  for (const GraphNode& n : graph.nodes) fMin = std::min(fMin, n.f), fMax = std::max(fMax, n.f);
  const double flat = params.flatBranchFraction * (fMax - fMin);
  auto isFlat = [&](int arc) {
    const int child = tree.childNode[arc];
    return flat > 0 && !tree.childArcs[child].empty() &&
           std::abs(graph.nodes[child].f - graph.nodes[graph.other(arc, child)].f) <= flat;
  };
  std::vector<char> absorbed(graph.nodeCount(), 0);  // nodes whose children a parent grouped

  for (int node : tree.order) {
    if (absorbed[node]) continue;
    // Siblings: the node's child arcs, through flat arcs into the nodes they reach.
    std::vector<int> siblings, connectors, frontier = {node};
    while (!frontier.empty()) {
      const int n = frontier.back();
      frontier.pop_back();
      for (int arc : tree.childArcs[n]) {
        if (isFlat(arc)) {
          connectors.push_back(arc);
          absorbed[tree.childNode[arc]] = 1;
          frontier.push_back(tree.childNode[arc]);
        } else {
          siblings.push_back(arc);
        }
      }
    }
    for (int arc : connectors) {  // the connectors belong to the branching: same tag as its way in
      SymmetryGroup group;
      group.node = graph.other(arc, tree.childNode[arc]);
      group.arcs = {arc};
      group.tag = onPrimary[node] ? SymmetryTag::Primary : SymmetryTag::None;
      result.arcs[arc].tag = group.tag;
      result.arcs[arc].group = static_cast<int>(result.groups.size());
      result.groups.push_back(std::move(group));
      if (onPrimary[node]) result.primaryAxis.push_back(arc);
      result.arcs[arc].level = nodeLevel[node];
      nodeLevel[tree.childNode[arc]] = nodeLevel[node];
      onPrimary[tree.childNode[arc]] = onPrimary[node];
    }
    std::vector<std::vector<int>> groups = groupSiblings(
        graph, siblings, result.arcDescriptors, params.lengthThreshold, params.measureAlongArcs);
    // Three equal limbs where two mirror each other and one sits on the mirror plane (hind
    // legs and a tail of the same length): a pair and a lone limb, not a radial group.
    for (std::size_t g = 0; g < groups.size(); ++g)
      if (auto split = splitMirrorPair(groups[g], centroids)) {
        groups[g] = split->pair;
        groups.push_back({split->alone});
      }

    // The lone arc that continues the primary axis, if this node is on it.
    int primary = -1;
    double primaryReach = -1.0;
    if (onPrimary[node])
      for (const std::vector<int>& group : groups) {
        if (group.size() != 1) continue;
        const int arc = group.front();
        const double reach = graph.arcs[arc].length + tree.height[tree.childNode[arc]];
        if (reach > primaryReach || (reach == primaryReach && arc < primary)) {
          primary = arc;
          primaryReach = reach;
        }
      }

    for (const std::vector<int>& members : groups) {
      SymmetryGroup group;
      group.node = node;
      group.arcs = members;
      const int id = static_cast<int>(result.groups.size());
      int level = nodeLevel[node] + 1;
      if (members.size() == 2) {
        group.tag = SymmetryTag::Axial;
        const AxialSides sides = axialSides(members[0], members[1], centroids);
        group.axis = sides.axis;
        result.arcs[sides.left].side = SymmetrySide::Left;
        result.arcs[sides.right].side = SymmetrySide::Right;
      } else if (members.size() > 2) {
        group.tag = SymmetryTag::Radial;
        numberRadial(graph, members, result);
      } else if (members.front() == primary) {
        group.tag = SymmetryTag::Primary;
        level = nodeLevel[node];
        onPrimary[tree.childNode[primary]] = true;
        result.primaryAxis.push_back(primary);
      } else {
        group.tag = SymmetryTag::None;
        if (!onPrimary[node]) level = nodeLevel[node];  // still within the same limb
      }
      for (int arc : members) {
        result.arcs[arc].tag = group.tag;
        result.arcs[arc].level = level;
        result.arcs[arc].group = id;
        nodeLevel[tree.childNode[arc]] = level;
      }
      result.groups.push_back(std::move(group));
    }
  }
  return result;
}

std::vector<GraphSymmetry> detectSymmetry(const MultiresGraph& multires,
                                          const SymmetryParams& params) {
  std::vector<GraphSymmetry> result;
  result.reserve(multires.levels.size());
  for (const MultiresLevel& level : multires.levels)
    result.push_back(detectSymmetry(level.graph, params));
  return result;
}

}  // namespace rw

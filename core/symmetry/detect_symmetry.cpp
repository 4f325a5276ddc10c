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

/// What the walk from the root knows of each node: on the primary axis, and the level of the
/// arc reaching it.
struct WalkState {
  std::vector<bool> onPrimary;
  std::vector<int> nodeLevel;
  std::vector<char> absorbed;  ///< nodes whose children a parent grouped (through flat arcs)
};

/// Flat internal arcs: the f span between their ends is negligible, so their far node is the
/// same branching as their near one (see SymmetryParams::flatBranchFraction).
struct FlatArcs {
  const TopologyGraph& graph;
  const RootedTree& tree;
  double flat = 0.0;
  bool operator()(int arc) const {
    const int child = tree.childNode[arc];
    return flat > 0 && !tree.childArcs[child].empty() &&
           std::abs(graph.nodes[child].f - graph.nodes[graph.other(arc, child)].f) <= flat;
  }
};

/// A node's sibling arcs, through flat arcs into the nodes they reach (the connectors).
void siblingsOf(int node, const RootedTree& tree, const FlatArcs& isFlat, WalkState& state,
                std::vector<int>& siblings, std::vector<int>& connectors) {
  std::vector<int> frontier = {node};
  while (!frontier.empty()) {
    const int n = frontier.back();
    frontier.pop_back();
    for (int arc : tree.childArcs[n]) {
      if (isFlat(arc)) {
        connectors.push_back(arc);
        state.absorbed[tree.childNode[arc]] = 1;
        frontier.push_back(tree.childNode[arc]);
      } else {
        siblings.push_back(arc);
      }
    }
  }
}

/// The connectors belong to the branching: the same tag as its way in.
void tagConnectors(int node, const std::vector<int>& connectors, const TopologyGraph& graph,
                   const RootedTree& tree, WalkState& state, GraphSymmetry& result) {
  for (int arc : connectors) {
    SymmetryGroup group;
    group.node = graph.other(arc, tree.childNode[arc]);
    group.arcs = {arc};
    group.tag = state.onPrimary[node] ? SymmetryTag::Primary : SymmetryTag::None;
    result.arcs[arc].tag = group.tag;
    result.arcs[arc].group = static_cast<int>(result.groups.size());
    result.groups.push_back(std::move(group));
    if (state.onPrimary[node]) result.primaryAxis.push_back(arc);
    result.arcs[arc].level = state.nodeLevel[node];
    state.nodeLevel[tree.childNode[arc]] = state.nodeLevel[node];
    state.onPrimary[tree.childNode[arc]] = state.onPrimary[node];
  }
}

/// The lone arc that continues the primary axis from a node on it: the one reaching furthest.
int primaryContinuation(const std::vector<std::vector<int>>& groups, const TopologyGraph& graph,
                        const RootedTree& tree) {
  int primary = -1;
  double primaryReach = -1.0;
  for (const std::vector<int>& group : groups) {
    if (group.size() != 1) continue;
    const int arc = group.front();
    const double reach = graph.arcs[arc].length + tree.height[tree.childNode[arc]];
    if (reach > primaryReach || (reach == primaryReach && arc < primary)) {
      primary = arc;
      primaryReach = reach;
    }
  }
  return primary;
}

/// Tags one node's sibling groups: pairs axial (with sides), larger groups radial, the primary
/// continuation primary, the rest none; levels go up by one at each branching off the axis.
void tagGroups(int node, const std::vector<std::vector<int>>& groups, int primary,
               const TopologyGraph& graph, const RootedTree& tree,
               const std::vector<Eigen::Vector3d>& centroids, WalkState& state,
               GraphSymmetry& result) {
  for (const std::vector<int>& members : groups) {
    SymmetryGroup group;
    group.node = node;
    group.arcs = members;
    const int id = static_cast<int>(result.groups.size());
    int level = state.nodeLevel[node] + 1;
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
      level = state.nodeLevel[node];
      state.onPrimary[tree.childNode[primary]] = true;
      result.primaryAxis.push_back(primary);
    } else {
      group.tag = SymmetryTag::None;
      if (!state.onPrimary[node]) level = state.nodeLevel[node];  // still within the same limb
    }
    for (int arc : members) {
      result.arcs[arc].tag = group.tag;
      result.arcs[arc].level = level;
      result.arcs[arc].group = id;
      state.nodeLevel[tree.childNode[arc]] = level;
    }
    result.groups.push_back(std::move(group));
  }
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

  WalkState state{std::vector<bool>(graph.nodeCount(), false),
                  std::vector<int>(graph.nodeCount(), 1), std::vector<char>(graph.nodeCount(), 0)};
  state.onPrimary[graph.root] = true;
  double fMin = 0.0, fMax = 0.0;
  for (const GraphNode& n : graph.nodes) fMin = std::min(fMin, n.f), fMax = std::max(fMax, n.f);
  const FlatArcs isFlat{graph, tree, params.flatBranchFraction * (fMax - fMin)};
  std::vector<Eigen::Vector3d> farEnds;
  for (const GraphArc& arc : graph.arcs)
    farEnds.push_back(arc.polyline.empty() ? Eigen::Vector3d::Zero() : arc.polyline.back());

  for (int node : tree.order) {
    if (state.absorbed[node]) continue;
    std::vector<int> siblings, connectors;
    siblingsOf(node, tree, isFlat, state, siblings, connectors);
    tagConnectors(node, connectors, graph, tree, state, result);
    std::vector<std::vector<int>> groups = groupSiblings(
        graph, siblings, result.arcDescriptors, params.lengthThreshold, params.measureAlongArcs);
    pairMirroredLoners(groups, farEnds, result.arcDescriptors, graph.nodes[graph.root].position,
                       params.mirrorPairTolerance);
    // Three equal limbs where two mirror each other and one sits on the mirror plane (hind
    // legs and a tail of the same length): a pair and a lone limb, not a radial group.
    for (std::size_t g = 0; g < groups.size(); ++g)
      if (auto split = splitMirrorPair(groups[g], centroids)) {
        groups[g] = split->pair;
        groups.push_back({split->alone});
      }
    const int primary = state.onPrimary[node] ? primaryContinuation(groups, graph, tree) : -1;
    tagGroups(node, groups, primary, graph, tree, centroids, state, result);
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

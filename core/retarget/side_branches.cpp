#include "retarget/side_branches.h"

#include <algorithm>

namespace rw {

namespace {

/// The primary axis from the root outwards: at each node the primary arc leading on (the one
/// whose far node lies farthest from the head, when several do).
std::vector<int> axisNodes(const TopologyGraph& g, const GraphSymmetry& symmetry) {
  std::vector<int> nodes{g.root};
  std::vector<char> seen(g.nodes.size(), 0);
  seen[g.root] = 1;
  for (;;) {
    int next = -1;
    for (std::size_t a = 0; a < g.arcs.size(); ++a) {
      const GraphArc& arc = g.arcs[a];
      if (arc.from != nodes.back() || symmetry.arcs[a].tag != SymmetryTag::Primary || seen[arc.to])
        continue;
      if (next < 0 || g.nodes[arc.to].f > g.nodes[next].f) next = arc.to;
    }
    if (next < 0) return nodes;
    seen[next] = 1;
    nodes.push_back(next);
  }
}

/// How far below `node` the graph reaches: the largest f in its subtree, less its own.
double reachBelow(const TopologyGraph& g, int node) {
  double farthest = g.nodes[node].f;
  std::vector<int> stack{node};
  while (!stack.empty()) {
    const int n = stack.back();
    stack.pop_back();
    farthest = std::max(farthest, g.nodes[n].f);
    for (const GraphArc& arc : g.arcs)
      if (arc.from == n) stack.push_back(arc.to);
  }
  return farthest - g.nodes[node].f;
}

/// The side limbs leaving an axis node (Axial or Radial arcs), and how far they reach.
struct AxisPair {
  std::vector<int> arcs;
  bool helperShaped = true;  ///< every one a leaf chain of at most maxPairJoints joints
  double reach = 0.0;        ///< the farthest of them, from the node
};

AxisPair pairAt(const TopologyGraph& g, const GraphSymmetry& symmetry,
                const std::vector<int>& degree, int node, const SideBranchParams& params) {
  AxisPair pair;
  for (std::size_t a = 0; a < g.arcs.size(); ++a) {
    const GraphArc& arc = g.arcs[a];
    if (arc.from != node || !isSideLimb(symmetry.arcs[a].tag)) continue;
    pair.arcs.push_back(int(a));
    // members: the axis joint, then the chain's own joints.
    const int joints = int(arc.members.size()) - 1;
    pair.helperShaped = pair.helperShaped && degree[arc.to] == 1 && joints <= params.maxPairJoints;
    pair.reach = std::max(pair.reach, g.nodes[arc.to].f - g.nodes[node].f + reachBelow(g, arc.to));
  }
  return pair;
}

/// The joints of the helper pairs: mirrored leaf pairs between two limb pairs along the axis,
/// reaching at most maxPairReachOfNextPair of the next pair (SideBranchParams).
std::vector<int> helperPairJoints(const TopologyGraph& g, const GraphSymmetry& symmetry,
                                  const std::vector<int>& degree, double height,
                                  const SideBranchParams& params) {
  const std::vector<int> axis = axisNodes(g, symmetry);
  std::vector<AxisPair> pairs;
  for (int node : axis) pairs.push_back(pairAt(g, symmetry, degree, node, params));
  std::vector<int> joints;
  bool limbsBefore = false;
  for (std::size_t i = 0; i + 1 < axis.size(); ++i) {
    const AxisPair& here = pairs[i];
    if (here.arcs.size() < 2) continue;
    const AxisPair* next = nullptr;
    for (std::size_t k = i + 1; k < axis.size() && !next; ++k)
      if (pairs[k].arcs.size() >= 2) next = &pairs[k];
    const bool helpers = limbsBefore && next && here.helperShaped &&
                         here.reach <= params.maxReach * height &&
                         here.reach <= params.maxPairReachOfNextPair * next->reach;
    if (!helpers) {
      limbsBefore = true;
      continue;
    }
    for (int a : here.arcs)  // members[0] is the axis joint the pair hangs from; it stays
      joints.insert(joints.end(), g.arcs[a].members.begin() + 1, g.arcs[a].members.end());
  }
  return joints;
}

}  // namespace

std::vector<int> sideBranchJoints(const SkeletonGraph& graph, const GraphSymmetry& symmetry,
                                  const SideBranchParams& params) {
  const TopologyGraph& g = graph.graph;
  if (g.root < 0 || symmetry.arcs.size() != g.arcs.size()) return {};
  double height = 0.0;
  for (const GraphNode& node : g.nodes) height = std::max(height, node.f);
  if (!(height > 0.0)) return {};

  // Nodes on the primary axis, and whether the axis goes on past them.
  std::vector<char> onAxis(g.nodes.size(), 0), axisGoesOn(g.nodes.size(), 0);
  onAxis[g.root] = 1;
  for (std::size_t a = 0; a < g.arcs.size(); ++a)
    if (symmetry.arcs[a].tag == SymmetryTag::Primary) {
      onAxis[g.arcs[a].from] = onAxis[g.arcs[a].to] = 1;
      axisGoesOn[g.arcs[a].from] = 1;
    }
  std::vector<int> degree(g.nodes.size(), 0);
  for (const GraphArc& arc : g.arcs) ++degree[arc.from], ++degree[arc.to];

  std::vector<int> joints;
  for (std::size_t a = 0; a < g.arcs.size(); ++a) {
    const GraphArc& arc = g.arcs[a];
    const bool leaf = degree[arc.to] == 1;
    if (!leaf || symmetry.arcs[a].tag != SymmetryTag::None) continue;
    if (!onAxis[arc.from] || !axisGoesOn[arc.from]) continue;
    if (g.nodes[arc.to].f - g.nodes[arc.from].f > params.maxReach * height) continue;
    // members[0] is the joint the branch hangs from; it stays.
    joints.insert(joints.end(), arc.members.begin() + 1, arc.members.end());
  }
  const std::vector<int> helpers = helperPairJoints(g, symmetry, degree, height, params);
  joints.insert(joints.end(), helpers.begin(), helpers.end());
  std::sort(joints.begin(), joints.end());
  joints.erase(std::unique(joints.begin(), joints.end()), joints.end());
  return joints;
}

SymmetryParams skeletonSymmetryParams(SymmetryParams p) {
  p.flatBranchFraction = 0.0;
  p.measureAlongArcs = true;
  return p;
}

Expected<SkeletonGraph> matchableSkeletonGraph(const Skeleton& skeleton, int headJoint,
                                               const SymmetryParams& symmetry,
                                               const SideBranchParams& params) {
  Expected<SkeletonGraph> graph = buildSkeletonGraph(skeleton, headJoint);
  if (!graph) return graph;
  const GraphSymmetry tags = detectSymmetry(graph->graph, skeletonSymmetryParams(symmetry));
  const std::vector<int> side = sideBranchJoints(*graph, tags, params);
  if (side.empty()) return graph;
  return buildSkeletonGraph(skeleton, headJoint, side);
}

}  // namespace rw

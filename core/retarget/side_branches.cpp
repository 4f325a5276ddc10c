#include "retarget/side_branches.h"

#include <algorithm>

namespace rw {

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
  std::sort(joints.begin(), joints.end());
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

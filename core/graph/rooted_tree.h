#pragma once
// A TopologyGraph seen as a tree hanging from its head node (`root`): parent and children of
// every node, found by walking the arcs from the root. Multiresolution filtering (Poirier §4.2)
// and symmetry detection (Poirier §5, assumption (a): "all arcs are oriented away from the head
// node") both need this orientation; they take it from here rather than trusting each arc's
// from/to.
#include <vector>

#include "graph/topology_graph.h"

namespace rw {

struct RootedTree {
  /// Per node: the arc to its parent; -1 for the root and for nodes not reached from it.
  std::vector<int> parentArc;
  /// Per node: the arcs to its children, in the node's incidence order.
  std::vector<std::vector<int>> childArcs;
  /// Per arc: its end farther from the root; -1 for an arc closing a cycle or not reached.
  std::vector<int> childNode;
  /// Nodes reached from the root, breadth first (every parent before its children).
  std::vector<int> order;
  /// Per node: distance from the root along the arcs (sum of arc lengths, model units);
  /// -1 when not reached.
  std::vector<double> distance;
  /// Per node: the longest distance from the node down to a leaf of its subtree (0 at a leaf).
  std::vector<double> height;
  /// True when every node was reached and no arc closes a cycle (the graph is a tree).
  bool isTree = false;
};

/// Roots `graph` at `graph.root` by a breadth-first walk.
///
/// Inputs: graph (any; arcs closing a cycle and unreachable parts are reported, not followed).
/// Output: the rooted tree; empty lists and isTree = false when the root index is invalid.
RootedTree rootTree(const TopologyGraph& graph);

/// Copy of `graph` whose every tree arc has `from` = its end nearer the root (polyline and
/// members reversed where an arc pointed the other way). Arcs that already point away from the
/// root, and arcs outside the tree, are copied unchanged.
TopologyGraph orientedFromRoot(const TopologyGraph& graph);

}  // namespace rw

#pragma once
// The symmetry axis of the harmonic graph (Aujay 2007 §3.1) and the branchings along it.
//
// Aujay walks from the source (head) node and keeps the one subtree that is isomorphic to no
// sibling; the shared symmetry code (symmetry/detect_symmetry.h, Poirier §5) already does that
// walk with better isomorphism tests (shape descriptors and a length threshold) and tags the
// arcs it keeps Primary, so the axis here is its primary arcs from the head down. Where the
// symmetry code joins a chain of branchings flat in f into one (limbs leaving the body a hair
// apart in f at separate saddles), so does the axis: such a chain is one AxisBranching.
#include <vector>

#include "graph/topology_graph.h"
#include "symmetry/graph_symmetry.h"

namespace rw {

/// A place where arcs leave the axis: one axis node, or a chain of them flat in f.
struct AxisBranching {
  std::vector<int> nodes;     ///< axis nodes, head side first
  std::vector<int> sideArcs;  ///< arcs leaving the axis there (away from the head)
  int firstAxisIndex = 0;     ///< index in SymmetryAxis::nodes of nodes.front()
  int lastAxisIndex = 0;      ///< … and of nodes.back()
  /// Side arcs grouped as symmetric (Axial pairs, Radial groups), each group's arcs together.
  std::vector<std::vector<int>> symmetricGroups;
  bool hasSymmetricGroup() const { return !symmetricGroups.empty(); }
};

struct SymmetryAxis {
  std::vector<int> nodes;                 ///< the head node first, then down the primary arcs
  std::vector<int> arcs;                  ///< arcs[i] joins nodes[i] and nodes[i + 1]
  std::vector<AxisBranching> branchings;  ///< head side first
};

/// Inputs: graph (arcs pointing away from graph.root, the head), its symmetry tags, and the
/// fraction of the graph's f range under which consecutive branchings are one (the symmetry
/// code's flatBranchFraction).
SymmetryAxis findSymmetryAxis(const TopologyGraph& graph, const GraphSymmetry& symmetry,
                              double flatBranchFraction);

}  // namespace rw

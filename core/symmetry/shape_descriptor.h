#pragma once
// Subtree shape descriptors (Poirier §5.1).
#include <vector>

#include "graph/rooted_tree.h"
#include "graph/topology_graph.h"

namespace rw {

/// Number of nodes on each depth level of a subtree, from its top node down: a node with two
/// leaf children is {1, 2}; if those children had two and three children, {1, 2, 5}
/// (Poirier Figure 4).
using ShapeDescriptor = std::vector<int>;

/// Descriptor of every node's subtree, the tree directed away from graph.root (Poirier §5.1).
///
/// Inputs: graph and its rooted tree (rootTree(graph)).
/// Output: one descriptor per node; empty for nodes not reached from the root.
std::vector<ShapeDescriptor> nodeDescriptors(const TopologyGraph& graph, const RootedTree& tree);

/// Descriptor of every arc: that of its node farther from the root ("the descriptor of its
/// first node going towards the leaves", Poirier §5.1); empty for arcs outside the tree.
std::vector<ShapeDescriptor> arcDescriptors(const RootedTree& tree,
                                            const std::vector<ShapeDescriptor>& nodeDescriptors);

/// The first two numbers of a descriptor: Poirier §6.1's local shape (LShape) used in matching.
ShapeDescriptor localShape(const ShapeDescriptor& descriptor);

}  // namespace rw

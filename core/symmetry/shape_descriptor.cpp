#include "symmetry/shape_descriptor.h"

#include <algorithm>

namespace rw {

std::vector<ShapeDescriptor> nodeDescriptors(const TopologyGraph& graph, const RootedTree& tree) {
  std::vector<ShapeDescriptor> result(graph.nodeCount());
  // Children before parents: a node's level d+1 is the sum of its children's level d.
  for (auto it = tree.order.rbegin(); it != tree.order.rend(); ++it) {
    ShapeDescriptor& descriptor = result[*it];
    descriptor = {1};
    for (int arc : tree.childArcs[*it]) {
      const ShapeDescriptor& child = result[tree.childNode[arc]];
      if (descriptor.size() < child.size() + 1) descriptor.resize(child.size() + 1, 0);
      for (std::size_t d = 0; d < child.size(); ++d) descriptor[d + 1] += child[d];
    }
  }
  return result;
}

std::vector<ShapeDescriptor> arcDescriptors(const RootedTree& tree,
                                            const std::vector<ShapeDescriptor>& nodeDescriptors) {
  std::vector<ShapeDescriptor> result(tree.childNode.size());
  for (std::size_t a = 0; a < result.size(); ++a)
    if (tree.childNode[a] >= 0) result[a] = nodeDescriptors[tree.childNode[a]];
  return result;
}

ShapeDescriptor localShape(const ShapeDescriptor& descriptor) {
  return ShapeDescriptor(descriptor.begin(),
                         descriptor.begin() + std::min<std::size_t>(2, descriptor.size()));
}

}  // namespace rw

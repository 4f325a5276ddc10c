#pragma once
// Grouping of sibling arcs into symmetry groups (Poirier §5.2).
#include <vector>

#include "graph/topology_graph.h"
#include "symmetry/shape_descriptor.h"

namespace rw {

/// Splits arcs of equal shape by length (Poirier §5.2: "Subgroups are created when the
/// difference between the length of the longest and shortest arcs is greater than C").
/// With C = lengthThreshold × (the group's longest length), a group whose spread exceeds C is
/// cut at its largest gap between consecutive sorted lengths, and each part is checked again
/// (so the cut never separates two arcs closer to each other than the rest of their group).
///
/// Inputs: arcs (indices into lengths), lengths per arc (model units), lengthThreshold (≥ 0).
/// Output: subgroups, each sorted by increasing length (ties: lower index first); subgroups in
///         order of increasing length.
std::vector<std::vector<int>> splitByLength(const std::vector<int>& arcs,
                                            const std::vector<double>& lengths,
                                            double lengthThreshold);

/// Symmetry groups among the child arcs of one node: arcs with equal descriptors, split by
/// length (splitByLength), each arc measured by its span (the straight distance between its
/// ends). Why not the polyline length: level-set centroid polylines zigzag unequally on the two
/// sides of a mesh when the head vertex is a little off the mirror plane (a pair of
/// front legs measured 0.90 and 1.24 along their polylines, 0.69 and 0.69 end to end). Every
/// sibling is in exactly one group (a lone arc is a group of 1). `alongArcs`: measure along the
/// polylines instead (skeleton graphs, whose polylines are the bones).
///
/// Inputs: graph, siblings (arc indices), arcDescriptors (per arc of graph), lengthThreshold.
/// Output: groups, each in the siblings' order; groups ordered by their first sibling.
std::vector<std::vector<int>> groupSiblings(const TopologyGraph& graph,
                                            const std::vector<int>& siblings,
                                            const std::vector<ShapeDescriptor>& arcDescriptors,
                                            double lengthThreshold, bool alongArcs = false);

}  // namespace rw

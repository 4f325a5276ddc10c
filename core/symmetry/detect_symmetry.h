#pragma once
// Symmetry detection and tagging (Poirier §5), for the skeleton graph and for every level of
// the multiresolution mesh graph alike.
#include <vector>

#include "graph/topology_graph.h"
#include "multires/multires_graph.h"
#include "symmetry/graph_symmetry.h"
#include "symmetry/symmetry_params.h"

namespace rw {

/// Detects and tags symmetries of a graph hanging from its head node (graph.root).
///
/// Starting at the root and going down (Poirier §5), the child arcs of each node are grouped
/// by equal subtree shape descriptor (§5.1) and the groups split by length (§5.2,
/// params.lengthThreshold; see groupSiblings). Tags (§5.3):
///  * group of 2: Axial, sides Left / Right (axialSides, on limbCentroids);
///  * group of 3 or more: Radial, numbered 1..n by increasing arc length;
///  * lone arc hanging from a node of the primary axis (the root, or the far end of a primary
///    arc): the lone arc with the longest reach (arc length + longest path below it; ties:
///    lower arc index) is Primary and continues the axis; the other lone arcs there are None;
///    the axis ends at a node with no lone child arc;
///  * any other lone arc: None.
/// A chain of branchings whose f values differ by at most params.flatBranchFraction of the
/// graph's f range is one branching: the arcs hanging from all of them are grouped together as
/// siblings, and the short connectors between them take the tag of the way in (primary on the
/// axis, none elsewhere).
/// Levels: the root's arcs start from 1; an arc in a group of 2+ or a lone arc leaving the
/// primary axis gets its parent arc's level + 1; other arcs keep their parent arc's level.
///
/// Inputs: graph (a tree; on other graphs only the breadth-first spanning tree from the root
///         is tagged, the other arcs keep tag None, level 0, group -1), params.
/// Output: per-arc tags, groups, per-node and per-arc descriptors, the primary axis.
GraphSymmetry detectSymmetry(const TopologyGraph& graph, const SymmetryParams& params = {});

/// detectSymmetry on each level of a multiresolution graph (Poirier §5: "For the mesh graph, it
/// is computed independently at each resolution level"); same order as multires.levels.
std::vector<GraphSymmetry> detectSymmetry(const MultiresGraph& multires,
                                          const SymmetryParams& params = {});

}  // namespace rw

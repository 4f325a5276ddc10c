#pragma once
// One filtering pass of a topology graph by arc length (Poirier §4.1 and the prune/merge rules
// of §4.2, Figure 3).
#include "graph/topology_graph.h"
#include "multires/level_links.h"

namespace rw {

struct FilteredGraph {
  TopologyGraph graph;  ///< the coarser graph; its arcs point away from the root
  LevelLinks links;     ///< correspondence with the input graph
};

/// Removes every arc shorter than `threshold`, shortest first (Poirier §4.1: "it is important
/// to remove smaller arcs first in order to keep relevant details"):
///  * an external arc (its far end is a leaf other than the root) is pruned with its leaf, and
///    so are its leaf siblings at most 4/3 as long (symmetric twins go together);
///  * an internal arc is merged into its end nearer the head: the far node's child arcs are
///    reattached to the near node, each with the straight hop between the two nodes prepended
///    to its polyline and the merged arc's members prepended to its members;
///  * after every change, and once before the first, every non-root node of degree 2 is removed
///    and its two arcs become one (polylines and members concatenated), so the graph extent
///    does not shrink.
/// "Length" is the embedding length (Poirier §4.1) for internal arcs and the span for external
/// ones: the straight distance from the node they branch at to their leaf, how far the
/// extremity stands out. Why: level-set centroids zigzag wherever a level set takes in a flat
/// appendage (a dewlap, a zero-thickness fin under a neck, can double the length of the chest
/// arcs), and every merge below hands an external arc more of that path: a chin then measures
/// as long as the front legs though it stands out little more than half as far. Internal arcs keep
/// the embedding length so that a trunk is never collapsed for curving. Node positions are never
/// recomputed: surviving nodes are exact copies. Ties in length go to the lower arc index. The last
/// remaining arc is never removed.
///
/// Inputs:
///   graph      tree rooted at graph.root (arcs may point either way; they are oriented from
///              the root by the walk)
///   threshold  arc length in model units; <= 0 returns the graph unchanged
/// Output: the filtered graph and the links between both. A graph that is not a tree (or has
/// no valid root) is returned unchanged, with identity links.
FilteredGraph filterGraph(const TopologyGraph& graph, double threshold);

}  // namespace rw

#pragma once
// Multiresolution filtering of the mesh graph (Poirier §4.2).
#include "graph/topology_graph.h"
#include "multires/multires_graph.h"
#include "multires/multires_params.h"

namespace rw {

/// Length of a graph for filtering: the longest path from the root to a leaf along the arcs
/// (sum of arc lengths, model units), i.e. how far the graph reaches from the head.
///
/// Why not the total arc length: the total grows with every noise branch and with the number
/// of limbs, so the same character would be filtered differently depending on how noisy its
/// Reeb graph is, and a many-limbed character would lose real parts (a humanoid's arcs add up
/// to ≈ 2.4 × its height, so 10% of that ≈ 24% of the height, more than the head-to-shoulders
/// arc). The head-to-farthest-extremity path only depends on the overall size of the
/// character, and filtering's degree-2 merges and internal merges keep path lengths.
/// Returns 0 for a graph without a valid root; on a non-tree, the longest path of the
/// breadth-first spanning tree.
double graphLength(const TopologyGraph& graph);

/// Span of a graph: graphLength with every arc counted by the straight distance between its
/// end nodes, how far the graph reaches from the head whatever its polylines do. It scales the
/// filter thresholds, which filterGraph compares with external arcs' spans: on a noisy mesh the
/// level-set centroid polylines zigzag (on a noisy creature the graph length has measured
/// half again its span), and a threshold taken from the zigzag length would prune real legs by
/// span. Equal to graphLength on a graph of straight arcs. Filtering can only shorten it (a merged
/// chain counts its chord), so it is measured on the base graph.
double graphSpan(const TopologyGraph& graph);

/// Builds params.levels resolution levels of `base` (Poirier §4.2). Level i (0 = coarsest) is
/// filtered with threshold t_i = filterFraction · graphSpan(base) · (L−1−i)/(L−1), L the
/// level count: zero on the finest level (the base, unfiltered), filterFraction · length on the
/// coarsest. Each level is filtered from the next finer one (filterGraph), so every node of a
/// coarse level exists, at the identical position, on all finer levels, and every coarse arc is
/// made of finer arcs; the levels are linked both ways.
///
/// Inputs: base, a tree rooted at its head node (`root`); arcs that point towards the root are
///         reversed on every level, including the finest.
/// Output: the levels, levels[0] coarsest. When `base` is not a tree or has no valid root,
///         nothing can be filtered: a single level holding `base`.
MultiresGraph buildMultiresolution(const TopologyGraph& base, const MultiresParams& params = {});

}  // namespace rw

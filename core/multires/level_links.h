#pragma once
// How the nodes and arcs of a filtered (coarser) graph correspond to those of the graph it was
// filtered from (finer). Poirier §4.2: "Nodes and arcs are linked to their corresponding
// counterpart at preceding and subsequent resolutions to facilitate navigation between levels."
#include <vector>

namespace rw {

struct LevelLinks {
  // Coarse → fine.
  /// Per coarse node: the same node (same position, f, source) in the finer graph. Always valid:
  /// filtering only removes nodes.
  std::vector<int> nodeFiner;
  /// Per coarse arc: the finer arcs whose polylines it is made of, in order from its `from` to
  /// its `to`. Degree-2 merges concatenate arcs; an internal arc merged into its node nearer the
  /// head is prepended to each arc reattached to that node (so it can appear in several lists).
  std::vector<std::vector<int>> arcFiner;

  // Fine → coarse.
  /// Per finer node: the same node in the coarse graph, or -1 when it was removed (pruned leaf,
  /// far end of a merged internal arc, or a merged degree-2 node).
  std::vector<int> nodeCoarser;
  /// Per finer arc: the one coarse arc that contains it, or -1 when it was pruned or collapsed.
  std::vector<int> arcCoarser;
  /// Per finer arc: for an internal arc merged into its node nearer the head whose geometry now
  /// starts several coarse arcs, that coarse node (the shared `from` of those arcs); else -1.
  /// An arc with arcCoarser == -1 and arcCollapsedInto == -1 was pruned.
  std::vector<int> arcCollapsedInto;
};

}  // namespace rw

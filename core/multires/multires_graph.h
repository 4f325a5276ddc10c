#pragma once
// The multiresolution mesh graph (Poirier §4.2): the base graph copied and filtered with a
// threshold on arc length rising linearly from zero, nodes and arcs linked between neighbouring
// levels.
#include <vector>

#include "graph/topology_graph.h"

namespace rw {

/// One resolution level. Level order: levels[0] is the coarsest, levels.back() the finest (the
/// base graph). "Finer" means index + 1, "coarser" index − 1.
struct MultiresLevel {
  TopologyGraph graph;  ///< arcs point away from the root (from = end nearer the head)
  /// Arcs shorter than this were removed (model units); 0 on the finest level.
  double threshold = 0.0;

  // Links to the next finer level; on the finest level nodeFiner is all -1, arcFiner all empty.
  std::vector<int> nodeFiner;              ///< per node: the same node on the finer level
  std::vector<std::vector<int>> arcFiner;  ///< per arc: finer arcs it is made of, from → to

  // Links to the next coarser level; on the coarsest level all -1.
  std::vector<int> nodeCoarser;       ///< per node: the same node on the coarser level, or -1
  std::vector<int> arcCoarser;        ///< per arc: the coarser arc containing it, or -1
  std::vector<int> arcCollapsedInto;  ///< per arc: coarser node it was merged into, or -1
  // See LevelLinks for the exact meaning of each link.
};

struct MultiresGraph {
  std::vector<MultiresLevel> levels;  ///< [0] coarsest … back() finest (= base)
  /// Graph length used to scale the thresholds: the longest root-to-leaf path of the base graph,
  /// each arc counted by the straight distance between its ends (graphSpan; model units).
  double graphLength = 0.0;

  int levelCount() const { return static_cast<int>(levels.size()); }
  const TopologyGraph& coarsest() const { return levels.front().graph; }
  const TopologyGraph& finest() const { return levels.back().graph; }
};

}  // namespace rw

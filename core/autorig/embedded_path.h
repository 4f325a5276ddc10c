#pragma once
// A path through the embedded harmonic graph: the level-set centroids (Aujay eq. 3) of one or
// more consecutive arcs, as one polyline. Joints inserted on an edge are embedded on it (Aujay
// §3.2: a regular node sits on the centre of its level-set component), placed by a fraction of
// its length.
#include <Eigen/Core>
#include <vector>

#include "graph/topology_graph.h"

namespace rw {

class EmbeddedPath {
 public:
  EmbeddedPath() = default;
  explicit EmbeddedPath(std::vector<Eigen::Vector3d> points);

  /// The arcs' polylines joined end to end, each walked from `fromNode` outward: arcs[0] must be
  /// incident to fromNode and each next arc to the previous arc's far end.
  static EmbeddedPath alongArcs(const TopologyGraph& graph, int fromNode,
                                const std::vector<int>& arcs);

  const std::vector<Eigen::Vector3d>& points() const { return points_; }
  bool empty() const { return points_.empty(); }
  double length() const { return cumulative_.empty() ? 0.0 : cumulative_.back(); }
  const Eigen::Vector3d& front() const { return points_.front(); }
  const Eigen::Vector3d& back() const { return points_.back(); }

  /// The point at `fraction` (0 = front, 1 = back) of the length.
  Eigen::Vector3d at(double fraction) const;
  /// The same path walked from back to front.
  EmbeddedPath reversed() const;
  /// The part between two fractions.
  EmbeddedPath slice(double from, double to) const;
  /// This path with `other` appended (its first point dropped when it repeats our last one).
  EmbeddedPath then(const EmbeddedPath& other) const;

 private:
  std::vector<Eigen::Vector3d> points_;
  std::vector<double> cumulative_;  ///< length from the front to each point
};

}  // namespace rw

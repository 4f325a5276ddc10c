#pragma once
// Procedural topology graphs for the multiresolution and symmetry tests (Y up, the head on
// top, a character's +X side tagged left).
#include <Eigen/Core>
#include <utility>
#include <vector>

#include "graph/topology_graph.h"

namespace rw::test {

/// Grows a tree from the head node. Node f = distance from the head along the arcs; node
/// source = node index; arc members = {parent index, child index}.
class GraphBuilder {
 public:
  explicit GraphBuilder(const Eigen::Vector3d& head);
  /// Continues growing an existing graph.
  explicit GraphBuilder(TopologyGraph graph) : graph_(std::move(graph)) {}
  int root() const { return graph_.root; }
  /// Adds a node at `tip` and a straight arc parent → tip. Returns the new node.
  int limb(int parent, const Eigen::Vector3d& tip);
  /// Adds a node at `tip` and an arc parent → via… → tip (a bent polyline).
  int limb(int parent, const std::vector<Eigen::Vector3d>& via, const Eigen::Vector3d& tip);
  /// The arc that reaches `node` (its last added arc ending there), -1 for the root.
  int arcTo(int node) const;
  const Eigen::Vector3d& position(int node) const { return graph_.nodes[node].position; }
  const TopologyGraph& graph() const { return graph_; }

 private:
  TopologyGraph graph_;
};

struct HumanoidShape {
  double leftArm = 0.75;   ///< straight-line reach of the +X arm, neck to hand
  double rightArm = 0.68;  ///< −X arm: 10% shorter (posing noise)
  double leftLeg = 0.95;   ///< +X leg, pelvis to foot
  double rightLeg = 0.82;  ///< −X leg: bent knee, 14% shorter
  /// Finger lengths on each hand (empty: no fingers); fanned out in the hand's plane.
  std::vector<double> fingers;
};

struct HumanoidGraph {
  TopologyGraph graph;
  int head = -1, neck = -1, pelvis = -1, handL = -1, handR = -1, footL = -1, footR = -1;
  int neckArc = -1, spineArc = -1, armL = -1, armR = -1, legL = -1, legR = -1;
  std::vector<int> fingersL, fingersR;  ///< finger arcs, in HumanoidShape::fingers order
};

/// Head on top (root, 1.7 up), neck/shoulder node with two bent arms along ±X and the spine
/// down to the pelvis node, two bent legs along ±X from there (feet at height ≈ 0).
HumanoidGraph humanoidGraph(const HumanoidShape& shape = {});

}  // namespace rw::test

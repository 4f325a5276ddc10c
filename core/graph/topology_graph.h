#pragma once
// The 1D topology graph shared by the mesh (Reeb graph of the harmonic field, Poirier §4) and the
// skeleton (Poirier §4, "graph from skeleton"): nodes at branchings and ends, arcs embedded as
// 3D polylines. Multiresolution filtering and symmetry work on this one type, so both graphs go
// through the same code (Poirier §5: "Symmetry detection applies to the mesh and skeleton graphs").
#include <Eigen/Core>
#include <vector>

namespace rw {

struct GraphNode {
  Eigen::Vector3d position = Eigen::Vector3d::Zero();
  double f = 0.0;   ///< field value (mesh) or distance from the head along the bones (skeleton)
  int source = -1;  ///< mesh: welded vertex of the critical point; skeleton: joint index
  std::vector<int> arcs;  ///< incident arcs
};

struct GraphArc {
  int from = -1;  ///< end nearer the head (lower f)
  int to = -1;    ///< end farther from the head
  /// Embedding from `from` to `to`, both end positions included (at least 2 points).
  std::vector<Eigen::Vector3d> polyline;
  double length = 0.0;  ///< length of the polyline
  /// Mesh: welded vertices whose region this arc covers; skeleton: joints along the chain
  /// (from the joint at `from` to the joint at `to`).
  std::vector<int> members;
};

class TopologyGraph {
 public:
  std::vector<GraphNode> nodes;
  std::vector<GraphArc> arcs;
  int root = -1;  ///< the head node

  int nodeCount() const { return static_cast<int>(nodes.size()); }
  int arcCount() const { return static_cast<int>(arcs.size()); }
  int degree(int node) const { return static_cast<int>(nodes[node].arcs.size()); }
  int other(int arc, int node) const {
    return arcs[arc].from == node ? arcs[arc].to : arcs[arc].from;
  }
  /// Leaves other than the root.
  std::vector<int> leaves() const;
  /// Sum of arc lengths.
  double totalLength() const;

  /// Adds an arc (updates both nodes' incidence lists) and returns its index.
  int addArc(int from, int to, std::vector<Eigen::Vector3d> polyline,
             std::vector<int> members = {});
  /// Recomputes `length` of every arc from its polyline.
  void updateLengths();
  /// Rebuilds nodes[i].arcs from the arcs.
  void rebuildIncidence();
  /// True when the graph (undirected) has no cycle and is connected.
  bool isTree() const;
};

double polylineLength(const std::vector<Eigen::Vector3d>& polyline);

}  // namespace rw

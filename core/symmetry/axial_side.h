#pragma once
// Left/right tags of an axial symmetry pair (Poirier §5.3).
#include <Eigen/Core>
#include <vector>

#include "graph/rooted_tree.h"
#include "graph/topology_graph.h"

namespace rw {

/// Where each limb is: per arc, the length-weighted centroid of its polyline together with the
/// polylines of every arc below it (the whole limb hanging from the arc). The mean of the arc's
/// polyline points when the limb has zero length; zero for arcs outside the tree.
/// Model units, graph space.
std::vector<Eigen::Vector3d> limbCentroids(const TopologyGraph& graph, const RootedTree& tree);

struct AxialSides {
  int axis = 0;    ///< principal axis (0 = X, 1 = Y, 2 = Z) nearest to the vector between limbs
  int left = -1;   ///< the arc whose limb is on the positive side of that axis
  int right = -1;  ///< the other arc
};

/// Poirier §5.3: "The left and right tags are computed based on the principal axis (X, Y or Z)
/// closest to the vector from one limb to the other. The limb to the positive side of the axis
/// is labeled as left while the limb on the negative side is labeled as right." The vector is
/// centroids[b] − centroids[a] (limbCentroids); the axis is its largest absolute component
/// (ties: X before Y before Z). Coincident centroids: axis X, `a` left.
AxialSides axialSides(int a, int b, const std::vector<Eigen::Vector3d>& centroids);

}  // namespace rw

#pragma once
// How far the mesh's surface reaches beyond the skeleton at the head end of the root arc.
#include <Eigen/Core>
#include <vector>

#include "graph/topology_graph.h"

namespace rw {

/// The head's radius: the largest mean distance from the vertices of the root mesh arc to the
/// centroid polyline `path` they lie nearest to, over the first `span` fraction of the path's
/// length. The user clicks the top of the head, but a skeleton's highest joint (a brow, the
/// head bone's tip at the skull base) lies about that deep inside: the skull above it has no
/// bones. `members` are indices into `positions` (the arc's welded vertices). 0 when empty.
double headSkinDepth(const std::vector<Eigen::Vector3d>& positions, const std::vector<int>& members,
                     const std::vector<Eigen::Vector3d>& path, double span = 0.35);

}  // namespace rw

#pragma once
// How far the mesh's surface reaches beyond the skeleton at the head end of the root arc.
#include <Eigen/Core>
#include <optional>
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

/// The top of the loose parts sitting on the head: a head shell, hair or a helmet modelled
/// apart and joined to the body by one bridge (surface_domain.h) hangs off the graph as a leaf,
/// and the head arc starts at the top of the neck it sits on (head_on_body.h), while the
/// skeleton's head bone runs up into it. Returns the farthest point, beyond the start of the
/// head arc's `path` along its direction, of the vertices of parts other than `headPart` (per
/// vertex part ids `partOf`) within `lateral` of the path's axis; nothing when none reaches
/// `minReach` beyond the start.
std::optional<Eigen::Vector3d> looseHeadTop(const std::vector<Eigen::Vector3d>& positions,
                                            const std::vector<int>& partOf, int headPart,
                                            const std::vector<Eigen::Vector3d>& path,
                                            double lateral, double minReach);

}  // namespace rw

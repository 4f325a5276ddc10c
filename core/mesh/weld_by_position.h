#pragma once
// Welding the file's vertices by position: the topology stages see one vertex where the file
// has several corners at one point (UV and normal seams, pitfall 1 of docs/data.md).
#include <Eigen/Core>
#include <vector>

namespace rw {

/// Welds positions closer than `tolerance`, keeping the first of each cluster in source order
/// (so the result is deterministic): a point joins the lowest-numbered welded point within the
/// tolerance, else starts a new one, appended to `welded`. Returns each point's welded index.
/// A non-finite point is a vertex of its own.
std::vector<int> weldByPosition(const std::vector<Eigen::Vector3d>& points, double tolerance,
                                std::vector<Eigen::Vector3d>& welded);

}  // namespace rw

#pragma once
// Welding the file's vertices by position: the topology stages see one vertex where the file
// has several corners at one point (UV and normal seams, pitfall 1 of docs/data.md).
#include <Eigen/Core>
#include <cstddef>
#include <optional>
#include <vector>

namespace rw {

/// Welds positions closer than `tolerance`, keeping the first of each cluster in source order
/// (so the result is deterministic): a point joins the lowest-numbered welded point within the
/// tolerance, else starts a new one, appended to `welded`. Returns each point's welded index.
/// A non-finite point is a vertex of its own.
/// It sorts the points along one direction (weldBySortedProjection), unless too many lie close
/// along it; then the grid (weldByGrid).
std::vector<int> weldByPosition(const std::vector<Eigen::Vector3d>& points, double tolerance,
                                std::vector<Eigen::Vector3d>& welded);

/// The same weld from the points sorted along one direction: each point's neighbours are in a
/// short run of the order, found side by side (0.03 s at 274K points, where the grid takes
/// 0.14). A surface lying across that direction would put many points in one run: past
/// `maxComparisons` distance tests it gives up (nullopt, `welded` untouched).
std::optional<std::vector<int>> weldBySortedProjection(const std::vector<Eigen::Vector3d>& points,
                                                       double tolerance,
                                                       std::vector<Eigen::Vector3d>& welded,
                                                       std::size_t maxComparisons);

/// The direction weldBySortedProjection sorts along (unit length).
Eigen::Vector3d weldSortDirection();

/// The same weld through a hash grid of cells twice the tolerance wide (the 8 cells nearest a
/// point hold every point within the tolerance): linear whatever the points' layout.
std::vector<int> weldByGrid(const std::vector<Eigen::Vector3d>& points, double tolerance,
                            std::vector<Eigen::Vector3d>& welded);

}  // namespace rw

#pragma once
// Points in a hash grid of cells twice the tolerance wide: the nearest point to a query within
// the tolerance, in constant time. Mirror pairing (skin weights, the mesh's mirror plane) asks it
// once per vertex.
#include <Eigen/Core>
#include <vector>

namespace rw {

class VertexGrid {
 public:
  /// Keeps a reference to `positions`: they must outlive the grid.
  VertexGrid(const std::vector<Eigen::Vector3d>& positions, double tolerance);

  /// The point nearest `q` within the tolerance, or -1.
  int nearest(const Eigen::Vector3d& q) const;

 private:
  /// A cell's points: members_[first, last).
  struct Cell {
    Eigen::Vector3i at;
    int first = 0, last = 0;
  };
  Eigen::Vector3i cellOf(const Eigen::Vector3d& p) const;
  std::size_t slotOf(const Eigen::Vector3i& c) const;

  const std::vector<Eigen::Vector3d>& positions_;
  double tolerance_;
  double cell_;  ///< twice the tolerance (VertexGrid::nearest probes 8 cells)
  /// The points cell by cell, and the cells in an open-addressed table (linear probing, at most
  /// half full, empty slots with last == 0): one allocation each, where a hash map of vectors
  /// made one per cell (15 ms of a 68K-vertex mirror plane search).
  std::vector<int> members_;
  std::vector<Cell> slots_;
};

}  // namespace rw

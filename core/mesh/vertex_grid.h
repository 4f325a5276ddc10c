#pragma once
// Points in a hash grid of tolerance-sized cells: the nearest point to a query within the
// tolerance, in constant time. Mirror pairing (skin weights, the mesh's mirror plane) asks it
// once per vertex.
#include <Eigen/Core>
#include <unordered_map>
#include <vector>

namespace rw {

class VertexGrid {
 public:
  /// Keeps a reference to `positions`: they must outlive the grid.
  VertexGrid(const std::vector<Eigen::Vector3d>& positions, double tolerance);

  /// The point nearest `q` within the tolerance, or -1.
  int nearest(const Eigen::Vector3d& q) const;

 private:
  struct CellHash {
    size_t operator()(const Eigen::Vector3i& c) const {
      return size_t(c.x()) * 73856093u ^ size_t(c.y()) * 19349663u ^ size_t(c.z()) * 83492791u;
    }
  };
  struct CellEqual {
    bool operator()(const Eigen::Vector3i& a, const Eigen::Vector3i& b) const { return a == b; }
  };
  Eigen::Vector3i cellOf(const Eigen::Vector3d& p) const;

  const std::vector<Eigen::Vector3d>& positions_;
  double tolerance_;
  double cell_;  ///< twice the tolerance (VertexGrid::nearest probes 8 cells)
  std::unordered_map<Eigen::Vector3i, std::vector<int>, CellHash, CellEqual> cells_;
};

}  // namespace rw

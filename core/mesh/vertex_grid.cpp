#include "mesh/vertex_grid.h"

#include <cmath>

namespace rw {

VertexGrid::VertexGrid(const std::vector<Eigen::Vector3d>& positions, double tolerance)
    : positions_(positions), tolerance_(tolerance), cell_(2.0 * tolerance) {
  for (size_t v = 0; v < positions.size(); ++v) cells_[cellOf(positions[v])].push_back(int(v));
}

int VertexGrid::nearest(const Eigen::Vector3d& q) const {
  // Cells twice the tolerance wide: the ball of the tolerance around q reaches, on each axis,
  // its own cell and the neighbour on the side of the cell's midline q is on: 8 cells.
  const Eigen::Vector3d scaled = q / cell_;
  const Eigen::Vector3i cell(int(std::floor(scaled.x())), int(std::floor(scaled.y())),
                             int(std::floor(scaled.z())));
  Eigen::Vector3i side;
  for (int a = 0; a < 3; ++a) side[a] = scaled[a] - double(cell[a]) < 0.5 ? -1 : 1;
  double best = tolerance_;
  int found = -1;
  for (int corner = 0; corner < 8; ++corner) {
    const Eigen::Vector3i at(cell.x() + (corner & 1 ? side.x() : 0),
                             cell.y() + (corner & 2 ? side.y() : 0),
                             cell.z() + (corner & 4 ? side.z() : 0));
    auto it = cells_.find(at);
    if (it == cells_.end()) continue;
    for (int u : it->second)
      // Equal distances (a seam's copies of one position) go to the last copy, as always.
      if (const double d = (positions_[u] - q).norm(); d < best || (d == best && u > found)) {
        best = d;
        found = u;
      }
  }
  return found;
}

Eigen::Vector3i VertexGrid::cellOf(const Eigen::Vector3d& p) const {
  return Eigen::Vector3i(int(std::floor(p.x() / cell_)), int(std::floor(p.y() / cell_)),
                         int(std::floor(p.z() / cell_)));
}

}  // namespace rw

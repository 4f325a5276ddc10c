#include "mesh/vertex_grid.h"

#include <cmath>

namespace rw {

VertexGrid::VertexGrid(const std::vector<Eigen::Vector3d>& positions, double tolerance)
    : positions_(positions), tolerance_(tolerance) {
  for (size_t v = 0; v < positions.size(); ++v) cells_[cellOf(positions[v])].push_back(int(v));
}

int VertexGrid::nearest(const Eigen::Vector3d& q) const {
  const Eigen::Vector3i cell = cellOf(q);
  double best = tolerance_;
  int found = -1;
  for (int dx = -1; dx <= 1; ++dx)
    for (int dy = -1; dy <= 1; ++dy)
      for (int dz = -1; dz <= 1; ++dz) {
        auto it = cells_.find(cell + Eigen::Vector3i(dx, dy, dz));
        if (it == cells_.end()) continue;
        for (int u : it->second)
          if (const double d = (positions_[u] - q).norm(); d <= best) {
            best = d;
            found = u;
          }
      }
  return found;
}

Eigen::Vector3i VertexGrid::cellOf(const Eigen::Vector3d& p) const {
  return Eigen::Vector3i(int(std::floor(p.x() / tolerance_)), int(std::floor(p.y() / tolerance_)),
                         int(std::floor(p.z() / tolerance_)));
}

}  // namespace rw

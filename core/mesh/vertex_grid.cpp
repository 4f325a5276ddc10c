#include "mesh/vertex_grid.h"

#include <bit>
#include <cmath>
#include <cstdint>

namespace rw {

VertexGrid::VertexGrid(const std::vector<Eigen::Vector3d>& positions, double tolerance)
    : positions_(positions), tolerance_(tolerance), cell_(2.0 * tolerance) {
  // A counting sort by cell: count each cell's points, then place them.
  const int n = int(positions.size());
  slots_.resize(std::bit_ceil(std::size_t(2) * std::size_t(n) + 2));
  std::vector<std::size_t> slotOfPoint(n);
  for (int v = 0; v < n; ++v) {
    const Eigen::Vector3i at = cellOf(positions[v]);
    const std::size_t s = slotOf(at);
    slots_[s].at = at;
    ++slots_[s].last;
    slotOfPoint[v] = s;
  }
  int next = 0;
  for (Cell& c : slots_)
    if (c.last > 0) c.first = next, next += c.last, c.last = c.first;
  members_.resize(n);
  for (int v = 0; v < n; ++v) members_[slots_[slotOfPoint[v]].last++] = v;
}

std::size_t VertexGrid::slotOf(const Eigen::Vector3i& c) const {
  std::uint64_t h = std::uint64_t(std::uint32_t(c.x())) * 0x9e3779b97f4a7c15ull ^
                    std::uint64_t(std::uint32_t(c.y())) * 0xc2b2ae3d27d4eb4full ^
                    std::uint64_t(std::uint32_t(c.z())) * 0x165667b19e3779f9ull;
  h ^= h >> 29;
  const std::size_t mask = slots_.size() - 1;
  std::size_t s = h & mask;
  while (slots_[s].last > 0 && slots_[s].at != c) s = (s + 1) & mask;
  return s;
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
    const Cell& c = slots_[slotOf(at)];
    for (int k = c.first; k < c.last; ++k) {
      const int u = members_[k];
      // Equal distances (a seam's copies of one position) go to the last copy, as always.
      if (const double d = (positions_[u] - q).norm(); d < best || (d == best && u > found)) {
        best = d;
        found = u;
      }
    }
  }
  return found;
}

Eigen::Vector3i VertexGrid::cellOf(const Eigen::Vector3d& p) const {
  return Eigen::Vector3i(int(std::floor(p.x() / cell_)), int(std::floor(p.y() / cell_)),
                         int(std::floor(p.z() / cell_)));
}

}  // namespace rw

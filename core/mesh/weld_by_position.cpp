#include "mesh/weld_by_position.h"

#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_sort.h>

#include <algorithm>
#include <cmath>
#include <utility>

namespace rw {
namespace {

/// Points are sorted along a direction no mesh is likely to lie across (no axis, no diagonal):
/// two points within the tolerance are within it along any unit direction, so each point's
/// neighbours lie in a short run of the sorted order, usually none. (A hash grid of cells
/// probed eight cells per point, each a cache miss: 0.14 s at 274K points against 0.03.)
Eigen::Vector3d sortDirection() {
  return Eigen::Vector3d(0.5773, 0.6181, 0.5334).normalized();
}

struct Neighbours {
  /// Per point: the first point (lowest index) at exactly its position; itself for most.
  std::vector<int> sameAs;
  /// (later point, earlier point) within the tolerance of each other, at different positions,
  /// both the first at theirs; sorted.
  std::vector<std::pair<int, int>> pairs;
};

/// Exact copies are found first and left out of the pairs: a file with thousands of vertices
/// at one point (unused ones at the origin) would otherwise pair each with each.
Neighbours closePoints(const std::vector<Eigen::Vector3d>& points, double tolerance) {
  const Eigen::Vector3d d = sortDirection();
  Neighbours out;
  out.sameAs.resize(points.size());
  std::vector<std::pair<double, int>> order;
  order.reserve(points.size());
  for (int i = 0; i < int(points.size()); ++i) {
    out.sameAs[i] = i;
    if (points[i].allFinite()) order.emplace_back(d.dot(points[i]), i);
  }
  tbb::parallel_sort(order.begin(), order.end());
  // Copies project alike; within a run of one projection, sorted by index, the first at each
  // position is the lowest.
  for (std::size_t k = 1, run = 0; k < order.size(); ++k) {
    if (order[k].first != order[run].first) {
      run = k;
      continue;
    }
    const int i = order[k].second;
    for (std::size_t l = run; l < k; ++l)
      if (out.sameAs[order[l].second] == order[l].second && points[order[l].second] == points[i]) {
        out.sameAs[i] = order[l].second;
        break;
      }
  }
  const double tolerance2 = tolerance * tolerance;
  tbb::enumerable_thread_specific<std::vector<std::pair<int, int>>> found;
  tbb::parallel_for(
      tbb::blocked_range<std::size_t>(0, order.size(), 4096),
      [&](const tbb::blocked_range<std::size_t>& r) {
        std::vector<std::pair<int, int>>& mine = found.local();
        for (std::size_t k = r.begin(); k != r.end(); ++k) {
          const auto [along, i] = order[k];
          if (out.sameAs[i] != i) continue;
          for (std::size_t l = k + 1; l < order.size() && order[l].first - along <= tolerance;
               ++l) {
            const int j = order[l].second;
            if (out.sameAs[j] == j && (points[i] - points[j]).squaredNorm() <= tolerance2)
              mine.emplace_back(std::max(i, j), std::min(i, j));
          }
        }
      });
  for (const auto& part : found) out.pairs.insert(out.pairs.end(), part.begin(), part.end());
  std::sort(out.pairs.begin(), out.pairs.end());
  return out;
}

}  // namespace

std::vector<int> weldByPosition(const std::vector<Eigen::Vector3d>& points, double tolerance,
                                std::vector<Eigen::Vector3d>& welded) {
  const Neighbours near = closePoints(points, tolerance);
  const std::vector<std::pair<int, int>>& pairs = near.pairs;
  // In source order: a point joins the earliest first-of-its-cluster point among its earlier
  // neighbours (pairs are sorted by later point, then earlier), else starts a cluster; a copy
  // goes where the first at its position went.
  std::vector<int> weldedOf(points.size(), -1);
  std::vector<char> first(points.size(), 0);
  std::size_t p = 0;
  for (int i = 0; i < int(points.size()); ++i) {
    if (near.sameAs[i] != i) {
      weldedOf[i] = weldedOf[near.sameAs[i]];
      continue;
    }
    for (; p < pairs.size() && pairs[p].first == i; ++p)
      if (weldedOf[i] < 0 && first[pairs[p].second]) weldedOf[i] = weldedOf[pairs[p].second];
    if (weldedOf[i] >= 0) continue;
    first[i] = 1;
    weldedOf[i] = int(welded.size());
    welded.push_back(points[i]);
  }
  return weldedOf;
}

}  // namespace rw

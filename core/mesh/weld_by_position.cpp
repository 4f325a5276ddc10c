#include "mesh/weld_by_position.h"

#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_sort.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <unordered_map>
#include <utility>

namespace rw {
namespace {

struct Neighbours {
  /// Per point: the first point (lowest index) at exactly its position; itself for most.
  std::vector<int> sameAs;
  /// (later point, earlier point) within the tolerance of each other, at different positions,
  /// both the first at theirs; sorted.
  std::vector<std::pair<int, int>> pairs;
};

/// Exact copies are found first and left out of the pairs: a file with thousands of vertices
/// at one point (unused ones at the origin) would otherwise pair each with each. Nothing when
/// the runs take more than `maxComparisons` distance tests.
std::optional<Neighbours> closePoints(const std::vector<Eigen::Vector3d>& points, double tolerance,
                                      std::size_t maxComparisons) {
  const Eigen::Vector3d d = weldSortDirection();
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
  std::size_t comparedCopies = 0;
  for (std::size_t k = 1, run = 0; k < order.size(); ++k) {
    if (order[k].first != order[run].first) {
      run = k;
      continue;
    }
    const int i = order[k].second;
    for (std::size_t l = run; l < k; ++l, ++comparedCopies)
      if (out.sameAs[order[l].second] == order[l].second && points[order[l].second] == points[i]) {
        out.sameAs[i] = order[l].second;
        break;
      }
    if (comparedCopies > maxComparisons) return std::nullopt;
  }
  const double tolerance2 = tolerance * tolerance;
  std::atomic<std::size_t> compared{comparedCopies};
  tbb::enumerable_thread_specific<std::vector<std::pair<int, int>>> found;
  tbb::parallel_for(
      tbb::blocked_range<std::size_t>(0, order.size(), 4096),
      [&](const tbb::blocked_range<std::size_t>& r) {
        std::vector<std::pair<int, int>>& mine = found.local();
        std::size_t tested = 0;
        for (std::size_t k = r.begin(); k != r.end() && compared.load() <= maxComparisons; ++k) {
          const auto [along, i] = order[k];
          if (out.sameAs[i] != i) continue;
          for (std::size_t l = k + 1;
               l < order.size() && order[l].first - along <= tolerance && tested <= maxComparisons;
               ++l, ++tested) {
            const int j = order[l].second;
            if (out.sameAs[j] == j && (points[i] - points[j]).squaredNorm() <= tolerance2)
              mine.emplace_back(std::max(i, j), std::min(i, j));
          }
          if (tested > 4096) compared += tested, tested = 0;  // others see a crowded run soon
        }
        compared += tested;
      });
  if (compared.load() > maxComparisons) return std::nullopt;
  for (const auto& part : found) out.pairs.insert(out.pairs.end(), part.begin(), part.end());
  std::sort(out.pairs.begin(), out.pairs.end());
  return out;
}

struct CellKey {
  std::int64_t x, y, z;
  bool operator==(const CellKey&) const = default;
};
struct CellHash {
  std::size_t operator()(const CellKey& k) const {
    return static_cast<std::size_t>(k.x * 73856093) ^ static_cast<std::size_t>(k.y * 19349663) ^
           static_cast<std::size_t>(k.z * 83492791);
  }
};

}  // namespace

/// A direction no mesh is likely to lie across (no axis, no diagonal): two points within the
/// tolerance are within it along any unit direction, so each point's neighbours lie in a short
/// run of the sorted order, usually none.
Eigen::Vector3d weldSortDirection() {
  return Eigen::Vector3d(0.5773, 0.6181, 0.5334).normalized();
}

std::vector<int> weldByPosition(const std::vector<Eigen::Vector3d>& points, double tolerance,
                                std::vector<Eigen::Vector3d>& welded) {
  // Real meshes test a point or two each; 32 per point on average means a crowded run.
  const std::size_t budget = 32 * points.size() + 1024;
  if (std::optional<std::vector<int>> sorted =
          weldBySortedProjection(points, tolerance, welded, budget))
    return std::move(*sorted);
  return weldByGrid(points, tolerance, welded);
}

std::optional<std::vector<int>> weldBySortedProjection(const std::vector<Eigen::Vector3d>& points,
                                                       double tolerance,
                                                       std::vector<Eigen::Vector3d>& welded,
                                                       std::size_t maxComparisons) {
  const std::optional<Neighbours> close = closePoints(points, tolerance, maxComparisons);
  if (!close) return std::nullopt;
  const Neighbours& near = *close;
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

std::vector<int> weldByGrid(const std::vector<Eigen::Vector3d>& points, double tolerance,
                            std::vector<Eigen::Vector3d>& welded) {
  const double cell = 2.0 * (tolerance > 0 ? tolerance : 1e-12);
  std::unordered_map<CellKey, int, CellHash> firstInCell;
  firstInCell.reserve(points.size());
  std::vector<int> nextInCell;  // per welded point: the next one in its cell, or -1
  std::vector<int> weldedOf(points.size());
  const double tolerance2 = tolerance * tolerance;
  for (std::size_t i = 0; i < points.size(); ++i) {
    const Eigen::Vector3d& p = points[i];
    if (!p.allFinite()) {  // a vertex of its own
      weldedOf[i] = int(welded.size());
      welded.push_back(p);
      nextInCell.push_back(-1);
      continue;
    }
    const Eigen::Vector3d scaled = p / cell;
    const CellKey k{static_cast<std::int64_t>(std::floor(scaled.x())),
                    static_cast<std::int64_t>(std::floor(scaled.y())),
                    static_cast<std::int64_t>(std::floor(scaled.z()))};
    // Towards the nearer neighbour in each axis: a point within the tolerance is there or here.
    const int sx = scaled.x() - double(k.x) < 0.5 ? -1 : 1;
    const int sy = scaled.y() - double(k.y) < 0.5 ? -1 : 1;
    const int sz = scaled.z() - double(k.z) < 0.5 ? -1 : 1;
    int found = -1;
    for (int dx : {0, sx})
      for (int dy : {0, sy})
        for (int dz : {0, sz}) {
          const auto it = firstInCell.find(CellKey{k.x + dx, k.y + dy, k.z + dz});
          if (it == firstInCell.end()) continue;
          for (int w = it->second; w >= 0; w = nextInCell[w])
            if ((found < 0 || w < found) && (welded[w] - p).squaredNorm() <= tolerance2) found = w;
        }
    if (found < 0) {
      found = static_cast<int>(welded.size());
      welded.push_back(p);
      nextInCell.push_back(-1);
      const auto [it, inserted] = firstInCell.emplace(k, found);
      if (!inserted) {  // append: the chain stays in source order
        int last = it->second;
        while (nextInCell[last] >= 0) last = nextInCell[last];
        nextInCell[last] = found;
      }
    }
    weldedOf[i] = found;
  }
  return weldedOf;
}

}  // namespace rw

#include "mesh/edge_counts.h"

#include <algorithm>
#include <numeric>

namespace rw {

std::vector<std::pair<std::uint64_t, int>> countEdges(
    int n, const std::vector<Eigen::Vector3i>& triangles) {
  std::vector<int> start(std::size_t(n) + 1, 0);
  for (const auto& t : triangles)
    for (int c = 0; c < 3; ++c) ++start[std::min(t[c], t[(c + 1) % 3]) + 1];
  std::partial_sum(start.begin(), start.end(), start.begin());
  std::vector<int> higher(std::size_t(start.back()));
  std::vector<int> fill(start.begin(), start.end() - 1);
  for (const auto& t : triangles)
    for (int c = 0; c < 3; ++c) {
      const int a = t[c], b = t[(c + 1) % 3];
      higher[fill[std::min(a, b)]++] = std::max(a, b);
    }
  std::vector<std::pair<std::uint64_t, int>> edges;
  edges.reserve(higher.size() / 2 + 1);
  for (int v = 0; v < n; ++v) {
    const auto first = higher.begin() + start[v], last = higher.begin() + start[v + 1];
    std::sort(first, last);
    for (auto i = first; i != last;) {
      auto j = i;
      while (j != last && *j == *i) ++j;
      edges.emplace_back(edgeKey(v, *i), int(j - i));
      i = j;
    }
  }
  return edges;
}

}  // namespace rw

#include "field/geodesic_distance.h"

#include <limits>
#include <queue>

namespace rw {

std::vector<double> geodesicDistance(const SurfaceDomain& d, int source) {
  std::vector<double> distance(d.vertexCount, std::numeric_limits<double>::infinity());
  using Entry = std::pair<double, int>;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> queue;
  distance[source] = 0.0;
  queue.emplace(0.0, source);
  while (!queue.empty()) {
    const auto [dist, v] = queue.top();
    queue.pop();
    if (dist > distance[v]) continue;
    for (int k = d.adjacencyStart[v]; k < d.adjacencyStart[v + 1]; ++k) {
      const int w = d.adjacency[k];
      const double candidate = dist + d.adjacencyLength[k];
      if (candidate < distance[w]) {
        distance[w] = candidate;
        queue.emplace(candidate, w);
      }
    }
  }
  return distance;
}

}  // namespace rw

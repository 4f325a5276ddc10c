#include "retarget/head_skin_depth.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace rw {

double headSkinDepth(const std::vector<Eigen::Vector3d>& positions, const std::vector<int>& members,
                     const std::vector<Eigen::Vector3d>& path, double span) {
  if (path.size() < 2 || members.empty()) return 0.0;
  std::vector<double> along(path.size(), 0.0);
  for (std::size_t k = 1; k < path.size(); ++k)
    along[k] = along[k - 1] + (path[k] - path[k - 1]).norm();
  const double limit = span * along.back();
  std::vector<double> sum(path.size(), 0.0);
  std::vector<int> count(path.size(), 0);
  for (int v : members) {
    if (v < 0 || v >= int(positions.size())) continue;
    std::size_t nearest = 0;
    double best = std::numeric_limits<double>::infinity();
    for (std::size_t k = 0; k < path.size(); ++k)
      if (const double d = (positions[v] - path[k]).squaredNorm(); d < best) best = d, nearest = k;
    sum[nearest] += std::sqrt(best);
    ++count[nearest];
  }
  double radius = 0.0;
  // Skip the first point (the clicked vertex itself: its nearest vertices are the scalp).
  for (std::size_t k = 1; k < path.size() && along[k] <= limit; ++k)
    if (count[k] >= 3) radius = std::max(radius, sum[k] / count[k]);
  return radius;
}

}  // namespace rw

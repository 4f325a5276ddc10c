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

std::optional<Eigen::Vector3d> looseHeadTop(const std::vector<Eigen::Vector3d>& positions,
                                            const std::vector<int>& partOf, int headPart,
                                            const std::vector<Eigen::Vector3d>& path,
                                            double lateral, double minReach) {
  if (path.size() < 2) return std::nullopt;
  // The direction the head arc starts in: from a point a little down the path to its start.
  std::size_t k = 1;
  double along = (path[1] - path[0]).norm();
  while (k + 1 < path.size() && along < 2.0 * lateral) along += (path[k + 1] - path[k]).norm(), ++k;
  const Eigen::Vector3d away = (path[0] - path[k]).normalized();
  if (!away.allFinite()) return std::nullopt;
  double reach = minReach;
  bool found = false;
  for (std::size_t v = 0; v < positions.size() && v < partOf.size(); ++v) {
    if (partOf[v] < 0 || partOf[v] == headPart) continue;
    const Eigen::Vector3d offset = positions[v] - path[0];
    const double t = offset.dot(away);
    if (t > reach && (offset - t * away).norm() <= lateral) reach = t, found = true;
  }
  if (!found) return std::nullopt;
  return path[0] + reach * away;
}

}  // namespace rw

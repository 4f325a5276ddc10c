#include "autorig/embedded_path.h"

#include <algorithm>

namespace rw {

EmbeddedPath::EmbeddedPath(std::vector<Eigen::Vector3d> points) : points_(std::move(points)) {
  cumulative_.reserve(points_.size());
  double sum = 0.0;
  for (std::size_t i = 0; i < points_.size(); ++i) {
    if (i > 0) sum += (points_[i] - points_[i - 1]).norm();
    cumulative_.push_back(sum);
  }
}

EmbeddedPath EmbeddedPath::alongArcs(const TopologyGraph& graph, int fromNode,
                                     const std::vector<int>& arcs) {
  std::vector<Eigen::Vector3d> points;
  int node = fromNode;
  for (int a : arcs) {
    const GraphArc& arc = graph.arcs[a];
    std::vector<Eigen::Vector3d> line = arc.polyline;
    if (arc.from != node) std::reverse(line.begin(), line.end());
    node = graph.other(a, node);
    for (const Eigen::Vector3d& p : line)
      if (points.empty() || (points.back() - p).squaredNorm() > 0) points.push_back(p);
  }
  if (points.empty() && fromNode >= 0) points.push_back(graph.nodes[fromNode].position);
  return EmbeddedPath(std::move(points));
}

Eigen::Vector3d EmbeddedPath::at(double fraction) const {
  if (points_.empty()) return Eigen::Vector3d::Zero();
  if (points_.size() == 1 || length() <= 0.0) return points_.front();
  const double s = std::clamp(fraction, 0.0, 1.0) * length();
  const auto it = std::upper_bound(cumulative_.begin(), cumulative_.end(), s);
  if (it == cumulative_.end()) return points_.back();
  const std::size_t i = std::size_t(it - cumulative_.begin());  // cumulative_[i] > s, i >= 1
  const double span = cumulative_[i] - cumulative_[i - 1];
  const double t = span > 0 ? (s - cumulative_[i - 1]) / span : 0.0;
  return points_[i - 1] + t * (points_[i] - points_[i - 1]);
}

EmbeddedPath EmbeddedPath::reversed() const {
  return EmbeddedPath(std::vector<Eigen::Vector3d>(points_.rbegin(), points_.rend()));
}

EmbeddedPath EmbeddedPath::slice(double from, double to) const {
  if (points_.empty()) return {};
  const double a = std::clamp(from, 0.0, 1.0) * length(), b = std::clamp(to, 0.0, 1.0) * length();
  std::vector<Eigen::Vector3d> out{at(from)};
  for (std::size_t i = 0; i < points_.size(); ++i)
    if (cumulative_[i] > a && cumulative_[i] < b) out.push_back(points_[i]);
  out.push_back(at(to));
  return EmbeddedPath(std::move(out));
}

EmbeddedPath EmbeddedPath::then(const EmbeddedPath& other) const {
  std::vector<Eigen::Vector3d> out = points_;
  for (const Eigen::Vector3d& p : other.points_)
    if (out.empty() || (out.back() - p).squaredNorm() > 0) out.push_back(p);
  return EmbeddedPath(std::move(out));
}

}  // namespace rw

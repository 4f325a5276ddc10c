#include "symmetry/axial_side.h"

namespace rw {

namespace {

/// Length-weighted sum of segment midpoints and the total length of a polyline.
void accumulate(const std::vector<Eigen::Vector3d>& polyline, Eigen::Vector3d& sum,
                double& weight) {
  for (std::size_t i = 1; i < polyline.size(); ++i) {
    const double length = (polyline[i] - polyline[i - 1]).norm();
    sum += 0.5 * length * (polyline[i] + polyline[i - 1]);
    weight += length;
  }
}

}  // namespace

std::vector<Eigen::Vector3d> limbCentroids(const TopologyGraph& graph, const RootedTree& tree) {
  std::vector<Eigen::Vector3d> nodeSum(graph.nodeCount(), Eigen::Vector3d::Zero());
  std::vector<double> nodeWeight(graph.nodeCount(), 0.0);
  std::vector<Eigen::Vector3d> arcSum(graph.arcCount(), Eigen::Vector3d::Zero());
  std::vector<double> arcWeight(graph.arcCount(), 0.0);
  for (auto it = tree.order.rbegin(); it != tree.order.rend(); ++it)
    for (int arc : tree.childArcs[*it]) {
      const int child = tree.childNode[arc];
      arcSum[arc] = nodeSum[child];
      arcWeight[arc] = nodeWeight[child];
      accumulate(graph.arcs[arc].polyline, arcSum[arc], arcWeight[arc]);
      nodeSum[*it] += arcSum[arc];
      nodeWeight[*it] += arcWeight[arc];
    }

  std::vector<Eigen::Vector3d> result(graph.arcCount(), Eigen::Vector3d::Zero());
  for (int a = 0; a < graph.arcCount(); ++a) {
    if (tree.childNode[a] < 0) continue;
    if (arcWeight[a] > 0.0) {
      result[a] = arcSum[a] / arcWeight[a];
    } else {
      const auto& polyline = graph.arcs[a].polyline;
      for (const Eigen::Vector3d& p : polyline) result[a] += p;
      if (!polyline.empty()) result[a] /= static_cast<double>(polyline.size());
    }
  }
  return result;
}

AxialSides axialSides(int a, int b, const std::vector<Eigen::Vector3d>& centroids) {
  const Eigen::Vector3d d = centroids[b] - centroids[a];
  AxialSides sides;
  d.cwiseAbs().maxCoeff(&sides.axis);
  const bool bPositive = d[sides.axis] > 0.0;
  sides.left = bPositive ? b : a;
  sides.right = bPositive ? a : b;
  return sides;
}

}  // namespace rw

#include "retarget/limb_geometry.h"

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>
#include <limits>

#include "graph/topology_graph.h"
#include "retarget/joint_placement.h"

namespace rw {

std::size_t firstDistinctJoint(const std::vector<Eigen::Vector3d>& chain) {
  const double tiny = 1e-9 * polylineLength(chain);
  std::size_t k = 1;
  while (k + 1 < chain.size() && (chain[k] - chain[0]).norm() <= tiny) ++k;
  return k;
}

LimbAxis limbAxis(const std::vector<Eigen::Vector3d>& limb, const PlacementHeuristics& h) {
  LimbAxis out;
  if (limb.size() < 2) return out;
  const double length = polylineLength(limb);
  std::vector<double> along(limb.size(), 0.0);
  for (std::size_t k = 1; k < limb.size(); ++k)
    along[k] = along[k - 1] + (limb[k] - limb[k - 1]).norm();
  out.first = 1;
  while (out.first + 1 < limb.size() && along[out.first] < h.limbAnchorFraction * length)
    ++out.first;
  out.first = std::min(out.first, limb.size() - 1);
  Eigen::Vector3d mean = Eigen::Vector3d::Zero();
  int count = 0;
  for (std::size_t k = out.first; k < limb.size() && along[k] <= h.limbAxisEndFraction * length;
       ++k, ++count)
    mean += limb[k];
  out.axis = (limb.back() - limb[out.first]).normalized();
  if (count >= 3) {
    mean /= count;
    Eigen::Matrix3d scatter = Eigen::Matrix3d::Zero();
    for (std::size_t k = out.first; k < limb.size() && along[k] <= h.limbAxisEndFraction * length;
         ++k)
      scatter += (limb[k] - mean) * (limb[k] - mean).transpose();
    const Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d> eigen(scatter);
    out.axis = eigen.eigenvectors().col(2);
    if (out.axis.dot(limb.back() - limb[out.first]) < 0.0) out.axis = -out.axis;  // outwards
  }
  return out;
}

std::vector<Eigen::Vector3d> bridgedLimbPath(const std::vector<Eigen::Vector3d>& limb,
                                             const Eigen::Vector3d& joint,
                                             const Eigen::Vector3d& down, double rise,
                                             const PlacementHeuristics& h) {
  const LimbAxis limbLine = limbAxis(limb, h);
  const Eigen::Vector3d& axis = limbLine.axis;
  std::vector<Eigen::Vector3d> path(limb.begin() + long(limbLine.first), limb.end());
  if (path.empty()) path.push_back(limb.back());
  const double drop = (path.front() - joint).dot(down) + rise;
  const double slope = axis.dot(down);
  if (axis.allFinite() && slope > h.bridgeMinSlope && drop > 0.0) {
    double back = std::min(drop / slope, (path.front() - joint).norm() + rise);
    // A splayed limb's axis, extended, must not cross over to the other side of the joint.
    const Eigen::Vector3d offset = path.front() - joint;
    const Eigen::Vector3d lateral = offset - offset.dot(down) * down;
    if (lateral.norm() > 0.0) {
      const double outwards = axis.dot(lateral.normalized());
      if (outwards > 0.0) back = std::min(back, h.bridgeMaxLateral * lateral.norm() / outwards);
    }
    path.insert(path.begin(), Eigen::Vector3d(path.front() - back * axis));
  }
  path.insert(path.begin(), joint);
  return path;
}

std::optional<Eigen::Vector3d> branchingFromLimbs(const std::vector<Eigen::Vector3d>& path,
                                                  const std::vector<LimbLine>& limbs,
                                                  const PlacementHeuristics& h) {
  if (path.size() < 2 || limbs.size() < 2) return std::nullopt;
  std::optional<Eigen::Vector3d> best;
  double bestMiss = std::numeric_limits<double>::infinity();
  for (const Eigen::Vector3d& p : resamplePath(path, h.branchingSamples)) {
    double miss = 0.0;
    for (const LimbLine& limb : limbs) {
      const Eigen::Vector3d gap = p + limb.offset - limb.point;
      miss += (gap - gap.dot(limb.axis) * limb.axis).squaredNorm();
    }
    if (miss < bestMiss) bestMiss = miss, best = p;
  }
  return best;
}

std::vector<Eigen::Vector3d> cutPathAt(const std::vector<Eigen::Vector3d>& path,
                                       const Eigen::Vector3d& end) {
  if (path.size() < 2) return path;
  std::size_t bestSegment = 0;
  double bestT = 0.0, bestDistance = std::numeric_limits<double>::infinity();
  for (std::size_t k = 0; k + 1 < path.size(); ++k) {
    const Eigen::Vector3d d = path[k + 1] - path[k];
    const double t = d.squaredNorm() > 0.0
                         ? std::clamp((end - path[k]).dot(d) / d.squaredNorm(), 0.0, 1.0)
                         : 0.0;
    const double distance = (path[k] + t * d - end).norm();
    if (distance < bestDistance) bestDistance = distance, bestSegment = k, bestT = t;
  }
  std::vector<Eigen::Vector3d> out(path.begin(), path.begin() + long(bestSegment) + 1);
  out.push_back(path[bestSegment] + bestT * (path[bestSegment + 1] - path[bestSegment]));
  if (out.size() >= 2 && (out.back() - out[out.size() - 2]).norm() <= 1e-12) out.pop_back();
  if (out.size() < 2) out.push_back(path[1]);
  return out;
}

std::vector<Eigen::Vector3d> pathPrefix(const std::vector<Eigen::Vector3d>& path, double length) {
  if (path.empty()) return path;
  std::vector<Eigen::Vector3d> out{path.front()};
  double along = 0.0;
  for (std::size_t k = 1; k < path.size(); ++k) {
    const double step = (path[k] - path[k - 1]).norm();
    if (along + step >= length) {
      const double t = step > 0.0 ? std::max(length - along, 0.0) / step : 0.0;
      out.push_back(path[k - 1] + t * (path[k] - path[k - 1]));
      return out;
    }
    along += step;
    out.push_back(path[k]);
  }
  return out;
}

std::vector<Eigen::Vector3d> pathFrom(const std::vector<Eigen::Vector3d>& path,
                                      const Eigen::Vector3d& start) {
  if (path.size() < 2) return path;
  std::vector<Eigen::Vector3d> reversed(path.rbegin(), path.rend());
  std::vector<Eigen::Vector3d> out = cutPathAt(reversed, start);
  std::reverse(out.begin(), out.end());
  return out;
}

std::size_t limbPivot(const std::vector<Eigen::Vector3d>& chain, const PlacementHeuristics& h) {
  const std::size_t first = firstDistinctJoint(chain);
  const double length =
      polylineLength(std::vector<Eigen::Vector3d>(chain.begin() + long(first), chain.end()));
  for (std::size_t k = first; k + 1 < chain.size(); ++k)
    if ((chain[k + 1] - chain[k]).norm() >= h.limbPivotBoneFraction * length) return k;
  return first;
}

std::vector<Eigen::Vector3d> predictedLimbPath(const std::vector<Eigen::Vector3d>& bridged,
                                               double split,
                                               const std::vector<Eigen::Vector3d>& chain,
                                               const Eigen::Vector3d& joint,
                                               const Eigen::Matrix3d& rotation, double scale,
                                               const Eigen::Vector3d& down,
                                               const PlacementHeuristics& h) {
  if (bridged.size() < 2 || chain.size() < 3) return {};
  const std::size_t first = firstDistinctJoint(chain);
  if (first + 1 >= chain.size()) return {};
  std::vector<Eigen::Vector3d> path{joint};
  double depth = 0.0;
  const std::size_t pivot = limbPivot(chain, h);
  for (std::size_t k = first; k <= pivot; ++k) {
    const Eigen::Vector3d predicted = joint + scale * (rotation * (chain[k] - chain[0]));
    if ((predicted - joint).dot(down) >= split) break;
    depth = (predicted - joint).dot(down);
    path.push_back(predicted);
  }
  if (path.size() < 2) return {};
  for (std::size_t q = 1; q < bridged.size(); ++q)
    if ((bridged[q] - joint).dot(down) > depth || q + 1 == bridged.size())
      path.push_back(bridged[q]);
  return path;
}

std::vector<Eigen::Vector3d> smoothedLimbPath(const std::vector<Eigen::Vector3d>& path,
                                              const PlacementHeuristics& h) {
  if (path.size() < 3) return path;
  std::vector<Eigen::Vector3d> rest =
      resamplePath(std::vector<Eigen::Vector3d>(path.begin() + 1, path.end()), h.smoothSamples);
  std::vector<Eigen::Vector3d> next = rest;
  for (int pass = 0; pass < h.smoothPasses; ++pass) {
    for (std::size_t q = 1; q + 1 < rest.size(); ++q)
      next[q] = 0.25 * rest[q - 1] + 0.5 * rest[q] + 0.25 * rest[q + 1];
    std::swap(rest, next);
  }
  rest.insert(rest.begin(), path.front());
  return rest;
}

std::vector<Eigen::Vector3d> trimPathStart(const std::vector<Eigen::Vector3d>& path,
                                           double distance) {
  distance = std::min(distance, 0.5 * polylineLength(path));
  if (path.size() < 2 || !(distance > 0.0)) return path;
  double along = 0.0;
  for (std::size_t k = 1; k < path.size(); ++k) {
    const double step = (path[k] - path[k - 1]).norm();
    if (along + step >= distance) {
      const double t = step > 0.0 ? (distance - along) / step : 0.0;
      std::vector<Eigen::Vector3d> out{path[k - 1] + t * (path[k] - path[k - 1])};
      out.insert(out.end(), path.begin() + long(k), path.end());
      if (out.size() < 2) out.push_back(path.back());
      return out;
    }
    along += step;
  }
  return path;
}

}  // namespace rw

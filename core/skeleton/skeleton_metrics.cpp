#include "skeleton/skeleton_metrics.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <tuple>

namespace rw {
namespace {

using Segment = std::pair<Eigen::Vector3d, Eigen::Vector3d>;

double distanceToSegment(const Eigen::Vector3d& p, const Segment& s) {
  const Eigen::Vector3d d = s.second - s.first;
  const double length2 = d.squaredNorm();
  const double t = length2 > 0.0 ? std::clamp((p - s.first).dot(d) / length2, 0.0, 1.0) : 0.0;
  return (p - (s.first + t * d)).norm();
}

std::vector<Segment> segmentsOf(const SkeletonPoints& points) {
  std::vector<Segment> segments;
  for (const auto& [a, b] : points.bones)
    segments.emplace_back(points.positions[a], points.positions[b]);
  return segments;
}

/// Points along every bone, `spacing` apart at most, both ends included.
std::vector<Eigen::Vector3d> boneSamples(const std::vector<Segment>& segments, double spacing) {
  std::vector<Eigen::Vector3d> samples;
  for (const auto& [a, b] : segments) {
    const int steps = std::max(1, int(std::ceil((b - a).norm() / spacing)));
    for (int i = 0; i <= steps; ++i) samples.push_back(a + (b - a) * (double(i) / steps));
  }
  return samples;
}

double meanNearestPoint(const std::vector<Eigen::Vector3d>& from,
                        const std::vector<Eigen::Vector3d>& to) {
  double sum = 0.0;
  for (const Eigen::Vector3d& p : from) {
    double best = std::numeric_limits<double>::infinity();
    for (const Eigen::Vector3d& q : to) best = std::min(best, (p - q).squaredNorm());
    sum += std::sqrt(best);
  }
  return sum / double(from.size());
}

double meanNearestSegment(const std::vector<Eigen::Vector3d>& from,
                          const std::vector<Segment>& to) {
  double sum = 0.0;
  for (const Eigen::Vector3d& p : from) {
    double best = std::numeric_limits<double>::infinity();
    for (const Segment& s : to) best = std::min(best, distanceToSegment(p, s));
    sum += best;
  }
  return sum / double(from.size());
}

/// Joints matched one-to-one within `tolerance`, closest pairs first (greedy: a joint already
/// taken cannot vouch for a second one, so a clump of joints on one reference joint, or one
/// joint between two, counts once).
int matchJoints(const std::vector<Eigen::Vector3d>& a, const std::vector<Eigen::Vector3d>& b,
                double tolerance) {
  std::vector<std::tuple<double, int, int>> pairs;
  for (int i = 0; i < int(a.size()); ++i)
    for (int j = 0; j < int(b.size()); ++j) {
      const double d = (a[i] - b[j]).norm();
      if (d <= tolerance) pairs.emplace_back(d, i, j);
    }
  std::sort(pairs.begin(), pairs.end());
  std::vector<char> takenA(a.size(), 0), takenB(b.size(), 0);
  int matched = 0;
  for (const auto& [d, i, j] : pairs)
    if (!takenA[i] && !takenB[j]) takenA[i] = takenB[j] = 1, ++matched;
  return matched;
}

}  // namespace

SkeletonPoints skeletonPoints(const Skeleton& s, bool includeControl) {
  SkeletonPoints points;
  const std::vector<Transform> globals = s.restGlobals();
  std::vector<int> positionOf(s.size(), -1);
  for (int j = 0; j < s.size(); ++j) {
    if (!includeControl && !s.joints[j].deform) continue;
    positionOf[j] = int(points.positions.size());
    points.positions.push_back(globals[j].translation());
    points.joint.push_back(j);
  }
  std::vector<char> touched(points.positions.size(), 0);
  for (int j = 0; j < s.size(); ++j) {
    if (positionOf[j] < 0) continue;
    int ancestor = s.joints[j].parent;
    while (ancestor >= 0 && positionOf[ancestor] < 0) ancestor = s.joints[ancestor].parent;
    if (ancestor < 0) continue;
    points.bones.emplace_back(positionOf[ancestor], positionOf[j]);
    touched[positionOf[ancestor]] = touched[positionOf[j]] = 1;
  }
  for (int p = 0; p < int(touched.size()); ++p)
    if (!touched[p]) points.bones.emplace_back(p, p);
  return points;
}

double jointBoxDiagonal(const Skeleton& skeleton, bool includeControl) {
  const SkeletonPoints points = skeletonPoints(skeleton, includeControl);
  if (points.positions.size() < 2) return 0.0;
  Eigen::AlignedBox3d box;
  for (const Eigen::Vector3d& p : points.positions) box.extend(p);
  return box.diagonal().norm();
}

Expected<SkeletonMetrics> compareSkeletons(const Skeleton& skeleton, const Skeleton& reference,
                                           double size, const SkeletonMetricsParams& params) {
  if (!(size > 0.0) || !std::isfinite(size))
    return Error{"the reference has no extent to measure distances against"};
  const SkeletonPoints ours = skeletonPoints(skeleton, params.includeControl);
  const SkeletonPoints theirs = skeletonPoints(reference, params.includeControl);
  const char* what = params.includeControl ? "joints" : "deform joints";
  if (ours.positions.empty()) return Error{std::string("the skeleton has no ") + what};
  if (theirs.positions.empty()) return Error{std::string("the reference has no ") + what};

  const std::vector<Segment> ourBones = segmentsOf(ours), theirBones = segmentsOf(theirs);
  SkeletonMetrics m;
  m.size = size;
  m.joints = int(ours.positions.size());
  m.referenceJoints = int(theirs.positions.size());
  m.cdJ2J = 0.5 *
            (meanNearestPoint(ours.positions, theirs.positions) +
             meanNearestPoint(theirs.positions, ours.positions)) /
            size;
  m.cdJ2B = 0.5 *
            (meanNearestSegment(ours.positions, theirBones) +
             meanNearestSegment(theirs.positions, ourBones)) /
            size;
  const double spacing = params.sampleSpacing * size;
  m.cdB2B = 0.5 *
            (meanNearestSegment(boneSamples(ourBones, spacing), theirBones) +
             meanNearestSegment(boneSamples(theirBones, spacing), ourBones)) /
            size;
  m.matched = matchJoints(ours.positions, theirs.positions, params.matchTolerance * size);
  m.precision = double(m.matched) / m.joints;
  m.recall = double(m.matched) / m.referenceJoints;
  return m;
}

NamedJointErrors jointErrorsByName(const Skeleton& skeleton, const Skeleton& reference, double size,
                                   bool includeControl) {
  NamedJointErrors errors;
  const std::vector<Transform> ours = skeleton.restGlobals(), theirs = reference.restGlobals();
  for (int j = 0; j < skeleton.size(); ++j) {
    if (!includeControl && !skeleton.joints[j].deform) continue;
    const std::string& name = skeleton.joints[j].name;
    const int r = reference.indexOf(name);
    if (r < 0) {
      errors.missingInReference.push_back(name);
      continue;
    }
    const double d = (ours[j].translation() - theirs[r].translation()).norm();
    errors.matched.push_back({name, d, size > 0.0 ? d / size : 0.0});
  }
  return errors;
}

}  // namespace rw

#include "skin/bone_segments.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace rw {

Eigen::Vector3d BoneSegment::closestPoint(const Eigen::Vector3d& p) const {
  const Eigen::Vector3d d = tail - head;
  const double l2 = d.squaredNorm();
  if (!(l2 > 0.0)) return head;
  const double t = std::clamp((p - head).dot(d) / l2, 0.0, 1.0);
  return head + t * d;
}

std::vector<BoneSegment> deformBoneSegments(const Skeleton& skeleton, double fallbackLength) {
  std::vector<BoneSegment> segments;
  const std::vector<BoneShape> shapes = skeleton.boneShapes(fallbackLength);
  for (int j = 0; j < skeleton.size(); ++j) {
    if (!skeleton.joints[j].deform) continue;
    const BoneShape& shape = shapes[j];
    segments.push_back({j, shape.head, shape.tail});
  }
  return segments;
}

namespace {

struct Squared {
  int bone;
  double d2;
};

/// From every squared distance d2 (one per segment): the nearest bone(s) within
/// (1 + relativeTolerance) of the nearest distance, and the `count` nearest within reach, nearest
/// first, ties in segment order, kept sorted by insertion (a sort of every segment per vertex
/// cost more than the distances themselves).
BonesAround bonesFromDistances(const std::vector<BoneSegment>& segments,
                               const std::vector<double>& d2, const Eigen::Vector3d& p,
                               double relativeTolerance, int count,
                               const std::vector<double>* reach) {
  thread_local std::vector<Squared> kept;
  const std::size_t want = std::size_t(std::max(count, 0));
  kept.resize(want + 1);
  std::size_t size = 0;  // kept[0, size) sorted
  double best2 = std::numeric_limits<double>::infinity();
  for (std::size_t b = 0; b < d2.size(); ++b) {
    const double e = d2[b];
    best2 = std::min(best2, e);
    if (want == 0 || (size == want && !(e < kept[size - 1].d2))) continue;
    if (reach && b < reach->size()) {
      const double r = (*reach)[b];
      if (std::isfinite(r) && e > r * r && std::sqrt(e) > r) continue;
    }
    std::size_t at = size;
    for (; at > 0 && e < kept[at - 1].d2; --at) kept[at] = kept[at - 1];
    kept[at] = {int(b), e};
    size = std::min(size + 1, want);
  }
  kept.resize(size);
  BonesAround out;
  out.nearest.distance = std::sqrt(best2);
  const double limit = out.nearest.distance * (1.0 + relativeTolerance);
  const double limit2 = limit * limit;
  for (std::size_t b = 0; b < d2.size(); ++b)
    if (d2[b] <= limit2 && std::sqrt(d2[b]) <= limit) {
      out.nearest.bones.push_back(int(b));
      out.nearest.points.push_back(segments[b].closestPoint(p));
    }
  out.candidates.resize(kept.size());
  for (std::size_t k = 0; k < kept.size(); ++k)
    out.candidates[k] = {kept[k].bone, std::sqrt(kept[k].d2),
                         segments[kept[k].bone].closestPoint(p)};
  return out;
}

}  // namespace

BonesAround bonesAround(const std::vector<BoneSegment>& segments, const Eigen::Vector3d& p,
                        double relativeTolerance, int count, const std::vector<double>* reach) {
  std::vector<double> d2(segments.size());
  for (std::size_t b = 0; b < segments.size(); ++b)
    d2[b] = (segments[b].closestPoint(p) - p).squaredNorm();
  return bonesFromDistances(segments, d2, p, relativeTolerance, count, reach);
}

SegmentDistances::SegmentDistances(const std::vector<BoneSegment>& segments) : segments_(segments) {
  for (const BoneSegment& s : segments) {
    const Eigen::Vector3d d = s.tail - s.head;
    hx_.push_back(s.head.x());
    hy_.push_back(s.head.y());
    hz_.push_back(s.head.z());
    dx_.push_back(d.x());
    dy_.push_back(d.y());
    dz_.push_back(d.z());
    // A zero-length bone: t = 0, the distance to its head (BoneSegment::closestPoint).
    const double l2 = d.squaredNorm();
    inverseLength2_.push_back(l2 > 0.0 ? 1.0 / l2 : 0.0);
  }
}

const std::vector<double>& SegmentDistances::squaredDistances(const Eigen::Vector3d& p) const {
  thread_local std::vector<double> d2;
  const std::size_t n = hx_.size();
  d2.resize(n);
  for (std::size_t b = 0; b < n; ++b) d2[b] = squaredDistance(b, p.x(), p.y(), p.z());
  return d2;
}

BonesAround SegmentDistances::around(const Eigen::Vector3d& p, double relativeTolerance, int count,
                                     const std::vector<double>& reach) const {
  return bonesFromDistances(segments_, squaredDistances(p), p, relativeTolerance, count,
                            reach.empty() ? nullptr : &reach);
}

bool SegmentDistances::anyWithin(const Eigen::Vector3d& p, double radius) const {
  // Stops at the first: most points asked about have a bone near them.
  const double r2 = radius * radius;
  for (std::size_t b = 0; b < hx_.size(); ++b)
    if (squaredDistance(b, p.x(), p.y(), p.z()) <= r2) return true;
  return false;
}

NearestBones nearestBones(const std::vector<BoneSegment>& segments, const Eigen::Vector3d& p,
                          double relativeTolerance) {
  return bonesAround(segments, p, relativeTolerance, 0, nullptr).nearest;
}

std::vector<BoneCandidate> bonesByDistance(const std::vector<BoneSegment>& segments,
                                           const Eigen::Vector3d& p, int count,
                                           const std::vector<double>* reach) {
  return bonesAround(segments, p, 0.0, count, reach).candidates;
}

}  // namespace rw

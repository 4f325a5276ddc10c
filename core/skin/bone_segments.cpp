#include "skin/bone_segments.h"

#include <algorithm>
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

BonesAround bonesAround(const std::vector<BoneSegment>& segments, const Eigen::Vector3d& p,
                        double relativeTolerance, int count, const std::vector<double>* reach) {
  thread_local std::vector<BoneCandidate> all;  // every segment, then those within reach
  all.resize(segments.size());
  double best = std::numeric_limits<double>::infinity();
  for (std::size_t b = 0; b < segments.size(); ++b) {
    all[b].bone = int(b);
    all[b].point = segments[b].closestPoint(p);
    all[b].distance = (all[b].point - p).norm();
    best = std::min(best, all[b].distance);
  }
  BonesAround out;
  out.nearest.distance = best;
  const double limit = best * (1.0 + relativeTolerance);
  for (const BoneCandidate& c : all)
    if (c.distance <= limit) {
      out.nearest.bones.push_back(c.bone);
      out.nearest.points.push_back(c.point);
    }
  if (reach)
    all.erase(std::remove_if(all.begin(), all.end(),
                             [&](const BoneCandidate& c) {
                               return std::size_t(c.bone) < reach->size() &&
                                      c.distance > (*reach)[c.bone];
                             }),
              all.end());
  const std::size_t keep = std::min(all.size(), std::size_t(std::max(count, 0)));
  std::partial_sort(all.begin(), all.begin() + long(keep), all.end(),
                    [](const BoneCandidate& a, const BoneCandidate& b) {
                      return a.distance < b.distance ||
                             (a.distance == b.distance && a.bone < b.bone);
                    });
  out.candidates.assign(all.begin(), all.begin() + long(keep));
  return out;
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

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

BonesAround bonesAround(const std::vector<BoneSegment>& segments, const Eigen::Vector3d& p,
                        double relativeTolerance, int count, const std::vector<double>* reach) {
  // Squared distances first: bone heat asks this of every vertex and every segment, and the
  // square roots are needed only for the few bones kept (sqrt is monotone, so the order and the
  // nearest are the same).
  struct Squared {
    int bone;
    double d2;
  };
  thread_local std::vector<Squared> all;  // every segment, then those within reach
  all.resize(segments.size());
  double best2 = std::numeric_limits<double>::infinity();
  for (std::size_t b = 0; b < segments.size(); ++b) {
    all[b] = {int(b), (segments[b].closestPoint(p) - p).squaredNorm()};
    best2 = std::min(best2, all[b].d2);
  }
  BonesAround out;
  out.nearest.distance = std::sqrt(best2);
  const double limit = out.nearest.distance * (1.0 + relativeTolerance);
  for (const Squared& c : all)
    if (std::sqrt(c.d2) <= limit) {
      out.nearest.bones.push_back(c.bone);
      out.nearest.points.push_back(segments[c.bone].closestPoint(p));
    }
  if (reach)
    all.erase(std::remove_if(all.begin(), all.end(),
                             [&](const Squared& c) {
                               if (std::size_t(c.bone) >= reach->size()) return false;
                               const double r = (*reach)[c.bone];
                               return std::isfinite(r) && std::sqrt(c.d2) > r;
                             }),
              all.end());
  const std::size_t keep = std::min(all.size(), std::size_t(std::max(count, 0)));
  std::partial_sort(all.begin(), all.begin() + long(keep), all.end(),
                    [](const Squared& a, const Squared& b) {
                      return a.d2 < b.d2 || (a.d2 == b.d2 && a.bone < b.bone);
                    });
  out.candidates.resize(keep);
  for (std::size_t k = 0; k < keep; ++k)
    out.candidates[k] = {all[k].bone, std::sqrt(all[k].d2), segments[all[k].bone].closestPoint(p)};
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

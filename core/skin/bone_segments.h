#pragma once
// Deform bones as line segments, and the nearest bone(s) to a point: the "nearest bone" of
// bone heat (Baran & Popović 2007, §4), with k equidistant bones sharing a vertex.
#include <Eigen/Core>
#include <vector>

#include "skeleton/skeleton.h"

namespace rw {

struct BoneSegment {
  int joint = -1;  ///< the deform joint whose bone this is
  Eigen::Vector3d head = Eigen::Vector3d::Zero();
  Eigen::Vector3d tail = Eigen::Vector3d::Zero();

  /// Closest point of the segment to p (the head for a zero-length bone).
  Eigen::Vector3d closestPoint(const Eigen::Vector3d& p) const;
};

/// One segment per deform joint, in joint order (Skeleton::boneShape; `fallbackLength` sizes
/// the tails of leaf bones that have none).
std::vector<BoneSegment> deformBoneSegments(const Skeleton& skeleton, double fallbackLength);

/// The bones nearest to a point: every bone within (1 + relativeTolerance) of the distance d of
/// the nearest one counts as equidistant (Pinocchio: 1.0001). `bones` index the segment list.
struct NearestBones {
  double distance = 0.0;
  std::vector<int> bones;
  std::vector<Eigen::Vector3d> points;  ///< closest point on each of `bones`
};
NearestBones nearestBones(const std::vector<BoneSegment>& segments, const Eigen::Vector3d& p,
                          double relativeTolerance);

/// A bone seen from a point: its index in the segment list, its closest point and distance.
struct BoneCandidate {
  int bone = -1;
  double distance = 0.0;
  Eigen::Vector3d point = Eigen::Vector3d::Zero();
};

/// The `count` bones nearest to p, nearest first (ties in segment order), leaving out every bone
/// b farther from p than reach[b] when `reach` is given (one per segment).
std::vector<BoneCandidate> bonesByDistance(const std::vector<BoneSegment>& segments,
                                           const Eigen::Vector3d& p, int count,
                                           const std::vector<double>* reach = nullptr);

/// nearestBones and bonesByDistance of one point in a single pass over the segments (bone heat
/// asks both of every vertex; the distances are its costliest part).
struct BonesAround {
  NearestBones nearest;
  std::vector<BoneCandidate> candidates;
};
BonesAround bonesAround(const std::vector<BoneSegment>& segments, const Eigen::Vector3d& p,
                        double relativeTolerance, int count, const std::vector<double>* reach);

/// The segments laid out for bonesAround of many points (bone heat asks it of every vertex):
/// coordinates in separate arrays and each segment's inverse squared length, so the distances
/// to all segments run as one vectorized loop without a division per segment.
class SegmentDistances {
 public:
  explicit SegmentDistances(const std::vector<BoneSegment>& segments);
  /// As bonesAround(segments, p, ...), with `reach` given per segment or empty.
  BonesAround around(const Eigen::Vector3d& p, double relativeTolerance, int count,
                     const std::vector<double>& reach) const;
  /// True when some segment passes within `radius` of p.
  bool anyWithin(const Eigen::Vector3d& p, double radius) const;

 private:
  /// The squared distance from p to every segment, into a per-thread array.
  const std::vector<double>& squaredDistances(const Eigen::Vector3d& p) const;
  /// From (px, py, pz) to segment b; inline and branch-free so the loops over all segments
  /// vectorize.
  double squaredDistance(std::size_t b, double px, double py, double pz) const {
    const double ex = px - hx_[b], ey = py - hy_[b], ez = pz - hz_[b];
    double t = (ex * dx_[b] + ey * dy_[b] + ez * dz_[b]) * inverseLength2_[b];
    t = t < 0.0 ? 0.0 : (t > 1.0 ? 1.0 : t);
    const double fx = ex - t * dx_[b], fy = ey - t * dy_[b], fz = ez - t * dz_[b];
    return fx * fx + fy * fy + fz * fz;
  }

  const std::vector<BoneSegment>& segments_;
  std::vector<double> hx_, hy_, hz_, dx_, dy_, dz_, inverseLength2_;
};

}  // namespace rw

#include "skin/boneless_parts.h"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <optional>

namespace rw {
namespace {

/// The bones a boneless part may take are looked for among the nearest few to its axis point:
/// the nearest and those equidistant with it (co-located bones, a hub's own segment and spokes).
constexpr int kCandidates = 4;

/// True when `joint` is `ancestor` or hangs from it at most `maxLinks` parent links below.
bool hangsFrom(const Skeleton& skeleton, int joint, int ancestor, int maxLinks) {
  int links = 0;
  for (int j = joint; j >= 0 && links <= maxLinks; j = skeleton.joints[j].parent, ++links)
    if (j == ancestor) return true;
  return false;
}

/// The point halfway through the part behind p along the inward normal, and the part's radius
/// there; nullopt when the ray meets no surface (an open sheet seen from its back).
struct AxisPoint {
  Eigen::Vector3d point;
  double radius = 0.0;
};
std::optional<AxisPoint> axisPoint(const Eigen::Vector3d& p, const Eigen::Vector3d& outward,
                                   const SegmentOcclusion& surface, double margin) {
  if (outward.squaredNorm() == 0.0) return std::nullopt;
  const std::optional<double> hit = surface.hitDistance(p - margin * outward, -outward);
  if (!hit) return std::nullopt;
  const double radius = 0.5 * (*hit + margin);
  return AxisPoint{p - radius * outward, radius};
}

/// The bones nearest the axis point (within the scaled reach) that are bones in `seen` or hang
/// from one at most maxLinks links below.
BorrowedHeat borrowFromAxis(const Eigen::Vector3d& p, const AxisPoint& axis,
                            const Skeleton& skeleton, const std::vector<BoneSegment>& segments,
                            const std::vector<double>& reach, const std::vector<int>& seen,
                            int maxLinks, double equidistantTolerance) {
  BorrowedHeat out;
  const std::vector<BoneCandidate> candidates =
      bonesByDistance(segments, axis.point, kCandidates, &reach);
  if (candidates.empty()) return out;
  const double limit = candidates.front().distance * (1.0 + equidistantTolerance);
  for (const BoneCandidate& c : candidates) {
    if (c.distance > limit) break;
    const int joint = segments[c.bone].joint;
    bool grows = false;
    for (int b : seen) grows = grows || hangsFrom(skeleton, joint, segments[b].joint, maxLinks);
    if (!grows) continue;
    if (out.bones.empty()) out.distance = (p - c.point).norm();
    out.bones.push_back(c.bone);
  }
  return out;
}

}  // namespace

std::vector<BorrowedHeat> heatForBonelessParts(
    const std::vector<Eigen::Vector3d>& P, const std::vector<Eigen::Vector3d>& outward,
    const SegmentOcclusion& surface, const Skeleton& skeleton,
    const std::vector<BoneSegment>& segments, const std::vector<double>& reach,
    const std::vector<std::vector<int>>& seen, double equidistantTolerance, double margin,
    const BonelessPartParams& params) {
  std::vector<BorrowedHeat> out(P.size());
  if (!(params.holdingRadii > 0.0) || segments.empty()) return out;
  std::vector<double> borrowReach = reach;
  for (double& r : borrowReach) r *= params.reachFactor;
  const SegmentDistances distances(segments);
  tbb::parallel_for(
      tbb::blocked_range<std::size_t>(0, P.size()), [&](const tbb::blocked_range<std::size_t>& r) {
        for (std::size_t v = r.begin(); v < r.end(); ++v) {
          const std::optional<AxisPoint> axis = axisPoint(P[v], outward[v], surface, margin);
          if (!axis) continue;
          if (distances.anyWithin(axis->point, params.holdingRadii * axis->radius)) continue;
          out[v] = borrowFromAxis(P[v], *axis, skeleton, segments, borrowReach, seen[v],
                                  params.maxLinksFromSeen, equidistantTolerance);
        }
      });
  return out;
}

}  // namespace rw

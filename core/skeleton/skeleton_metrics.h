#pragma once
// How close a skeleton is to a reference skeleton (RigNet, Xu et al. 2020, §6 "skeleton
// evaluation"), all distances divided by the reference's size:
//   * CD-J2J: symmetric Chamfer distance between the two joint sets — the mean over the joints
//     of each skeleton of the distance to the nearest joint of the other, averaged both ways;
//   * CD-J2B: the same from joints to the other skeleton's bones (line segments);
//   * CD-B2B: the same from points sampled along the bones to the other skeleton's bones;
//   * joint precision / recall: joints matched one-to-one within a tolerance.
// Bones are RigNet's: a segment from each joint's head to its parent's (the nearest ancestor
// that is counted); a joint that no bone touches counts as a bone of zero length. Deform joints
// only by default: control bones (IK targets, poles) are not anatomy.
#include <Eigen/Core>
#include <string>
#include <vector>

#include "skeleton/skeleton.h"
#include "util/expected.h"

namespace rw {

struct SkeletonMetricsParams {
  /// Count control bones too (off: deform joints only).
  bool includeControl = false;
  /// A joint matches a joint of the other skeleton within this fraction of the reference's size
  /// (RigNet's tolerance is 0.05 of its unit-normalized characters; ours is the same fraction of
  /// the bounding-box diagonal).
  double matchTolerance = 0.05;
  /// Bone samples for CD-B2B, this fraction of the size apart (RigNet samples every 0.005
  /// units; the far side is the exact segment, so the sampling only discretizes the near side).
  double sampleSpacing = 0.005;
};

struct SkeletonMetrics {
  double size = 0.0;  ///< the normalizer: the reference's bounding-box diagonal (model units)
  int joints = 0;     ///< joints compared of the evaluated skeleton
  int referenceJoints = 0;
  double cdJ2J = 0.0;  ///< relative to `size`
  double cdJ2B = 0.0;
  double cdB2B = 0.0;
  int matched = 0;         ///< joints matched one-to-one within the tolerance
  double precision = 0.0;  ///< matched / joints
  double recall = 0.0;     ///< matched / referenceJoints
};

/// The joints and bones the metrics compare: rest heads in character space, and bones as pairs
/// of indices into `positions` (parent, child); `joint` maps each position back to its joint.
struct SkeletonPoints {
  std::vector<Eigen::Vector3d> positions;
  std::vector<int> joint;
  std::vector<std::pair<int, int>> bones;
};
SkeletonPoints skeletonPoints(const Skeleton& skeleton, bool includeControl);

/// Diagonal of the bounding box of the joints skeletonPoints counts (0 for fewer than 2).
double jointBoxDiagonal(const Skeleton& skeleton, bool includeControl);

/// Compares `skeleton` with `reference`; `size` is the normalizer, the reference's size: the
/// diagonal of its mesh's bounding box when it has a mesh, else jointBoxDiagonal(reference).
/// Errors: no joints to compare on either side, or a size that is not positive.
Expected<SkeletonMetrics> compareSkeletons(const Skeleton& skeleton, const Skeleton& reference,
                                           double size, const SkeletonMetricsParams& params = {});

/// Per joint of `skeleton` (those skeletonPoints counts), the distance from its rest head to
/// the head of the reference joint with the same name; joints the reference lacks are listed
/// apart.
struct NamedJointErrors {
  struct Entry {
    std::string name;
    double distance = 0.0;  ///< model units
    double relative = 0.0;  ///< distance / size
  };
  std::vector<Entry> matched;  ///< in the skeleton's joint order
  std::vector<std::string> missingInReference;
};
NamedJointErrors jointErrorsByName(const Skeleton& skeleton, const Skeleton& reference, double size,
                                   bool includeControl = false);

}  // namespace rw

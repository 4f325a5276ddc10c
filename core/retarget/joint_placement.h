#pragma once
// Inner-joint placement along a matched mesh arc (Poirier 2009 §6.2, Algorithm 2) by dynamic
// programming over the candidate positions.
#include <Eigen/Core>
#include <Eigen/Geometry>
#include <utility>
#include <vector>

#include "retarget/placement_params.h"

namespace rw {

struct ArcPlacement {
  std::vector<Eigen::Vector3d> points;  ///< placed joints, first = path front, last = path back
  /// k_i per point (0-based, increasing; equal only for joints that coincide in the chain)
  std::vector<int> sampleIndex;
  // The three terms of equation 1 at the optimum, unweighted, summed over the arc.
  double angleTerm = 0.0;     ///< Σ |θi| (radians)
  double lengthTerm = 0.0;    ///< Σ |li|²
  double distanceTerm = 0.0;  ///< Σ xi (relative to the path's length)
  double cost = 0.0;          ///< γθ·angle + γl·length + γx·distance
};

/// Places the points of a skeleton chain (`chain`: t+1 joint positions of t bones, in the
/// skeleton's rest pose) on a 3D path (the matched mesh arc's embedding): the ends at the path's
/// ends, the t−1 inner joints at increasing sample indices minimizing equation 1. Exhaustive and
/// exact: memoized over (previous, current, joints left), O(t·m³) for m samples.
/// A chain of one bone is placed at the ends. Coincident chain joints are placed together.
/// Degenerate paths (zero length) put every point at the path's start. Options for arcs that end at
/// a branching: the skeleton's branching joint sits higher up the trunk than the mesh's split (a
/// pelvis above the crotch, a chest above the armpits), so the last joint may stop short of the
/// path's end.
struct PlacementOptions {
  /// The last joint lies in the last `freeEnd` fraction of the samples (0: at the path's end).
  double freeEnd = 0.0;
  /// Skeleton-to-mesh length ratio for the length term; 0: this arc's own (path / chain), which
  /// a free end cannot use (every end would then fit perfectly).
  double scale = 0.0;
  /// Inner chain points held where the artist put them: the DP puts each at the sample nearest
  /// to it, moved onto it, and fits the other points around it (a pin out of order with an
  /// earlier one on the path is left out; pins on the ends are the caller's).
  std::vector<std::pair<int, Eigen::Vector3d>> pins;
  /// The angle at chain point 1 costs nothing: chain point 0 is a made-up top whose direction
  /// says nothing (arc_plan.h: addVirtualHeadBone;
  /// PlacementHeuristics::freeOwnFourLeggedHeadAngle).
  bool firstAngleFree = false;
};

ArcPlacement placeJoints(const std::vector<Eigen::Vector3d>& chain,
                         const std::vector<Eigen::Vector3d>& path,
                         const PlacementParams& params = {}, const PlacementOptions& options = {});

/// `path` resampled to `count` points evenly spaced by arc length (ends kept).
std::vector<Eigen::Vector3d> resamplePath(const std::vector<Eigen::Vector3d>& path, int count);

}  // namespace rw

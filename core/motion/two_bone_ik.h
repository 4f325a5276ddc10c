#pragma once
// Analytic two-bone IK (thigh-shin-foot, upper arm-forearm-hand): places the end joint at a
// goal by rotating the upper and lower bones in the plane the limb already bends in, so the
// knee keeps pointing where the animation pointed it. Used to pin planted feet (beyond Lu et
// al. 2009, whose root placement §3.4 pins only the lowest end effector; Baran & Popović
// 2007 §1 retarget with footskate removal for the same reason).
#include <Eigen/Core>
#include <Eigen/Geometry>

namespace rw {

struct TwoBoneIkParams {
  /// The limb is never stretched straighter than this fraction of its full length: a fully
  /// straight knee has no bend plane and snaps; 0.9999 keeps it within 1e-4 of straight.
  double maxReachFraction = 0.9999;
};

/// Global rotation changes for the upper and lower bone. `upperGlobal` / `lowerGlobal` are the
/// bones' current global rotations; on return they are the new ones. Returns how far the end
/// joint stays from the goal (0 when reachable).
double solveTwoBoneIk(const Eigen::Vector3d& upperHead, const Eigen::Vector3d& lowerHead,
                      const Eigen::Vector3d& endHead, const Eigen::Vector3d& goal,
                      Eigen::Quaterniond& upperGlobal, Eigen::Quaterniond& lowerGlobal,
                      const TwoBoneIkParams& params = {});

}  // namespace rw

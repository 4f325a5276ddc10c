#pragma once
// Parameters of inner-joint placement (Poirier 2009 §6.2, equation 1).
#include <Eigen/Core>
#include <optional>
#include <vector>

#include "retarget/placement_heuristics.h"

namespace rw {

/// A joint the artist put where it must stay (the workstation's joint editing): placement keeps
/// it there and places the other joints of its arc around it.
struct JointPin {
  int joint = -1;                                      ///< index in the source skeleton
  Eigen::Vector3d position = Eigen::Vector3d::Zero();  ///< its head, in the mesh's space
  bool operator==(const JointPin&) const = default;
};

/// A bone roll the artist set (the workstation's Roll field): after placement the joint's rest
/// frame is turned around its bone to this roll (skeleton/bone_roll.h).
struct JointRoll {
  int joint = -1;     ///< index in the source skeleton
  double roll = 0.0;  ///< radians, as BoneShape::roll
  bool operator==(const JointRoll&) const = default;
};

/// Weights of the three terms of the placement cost, made scale-free so that the defaults
/// work at any model scale:
///   γθ |θi|     the change of each inner joint's angle (radians);
///   γl |li|²    the relative change of each bone's length, the skeleton arc first scaled to the
///               mesh arc's length (so a uniformly bigger character costs nothing);
///   γx xi       the largest distance from bone i to the mesh arc's embedding between its two
///               ends, over the mesh arc's length.
struct PlacementParams {
  double gammaAngle = 1.0;     ///< γθ: keep the skeleton's joint angles
  double gammaLength = 1.0;    ///< γl: keep the skeleton's bone proportions
  double gammaDistance = 1.0;  ///< γx: follow the mesh arc's embedding
  /// Candidate positions per mesh arc (m in Algorithm 2), spread evenly by arc length; raised
  /// to 2t+1 for an arc of t bones so that every inner joint has room.
  int samples = 48;
  /// The rest of placement's judgement calls (placement_heuristics.h).
  PlacementHeuristics heuristics;
  /// Joints placed by hand (at most one pin per joint; the last one counts).
  std::vector<JointPin> pins;
  /// Bone rolls set by hand (at most one per joint; the last one counts).
  std::vector<JointRoll> rolls;
  /// Measured on the skeleton's own four-legged body (own_spine_depth.h: ownHeadReach): how
  /// far its head joint lies from the head node its own mesh's analysis finds. Where the angle
  /// at the head joint is free (PlacementHeuristics::freeOwnFourLeggedHeadAngle), the virtual
  /// head bone is this long.
  std::optional<double> ownHeadReach;

  bool operator==(const PlacementParams&) const = default;
};

}  // namespace rw

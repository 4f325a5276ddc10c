#pragma once
// Joint-to-joint correspondence of two limbs that stand on the floor, by height
// (StandingLimbParams in joint_correspondence.h says why roles alone fail there).
#include <optional>
#include <utility>
#include <vector>

#include "motion/body_layout.h"
#include "skeleton/skeleton.h"

namespace rw {

struct StandingLimbParams;

/// Where a character stands and how tall it is (its rest mesh's lowest point and vertical
/// extent): the scale standing limbs' heights are compared in.
struct BodyExtent {
  double floor = 0.0;
  double height = 0.0;
};

/// One side of the match: a skeleton, its layout, its rest globals and its body's extent.
struct RigBody {
  const Skeleton& skeleton;
  const BodyLayout& layout;
  std::vector<Transform> rest;
  BodyExtent extent;
};

/// The extent a skeleton gives alone (`rest`: its rest globals): its floor is its legs' lowest
/// role joint, its height its highest deform joint's above that. Nothing without legs.
std::optional<BodyExtent> skeletonExtent(const Skeleton& skeleton, const BodyLayout& layout,
                                         const std::vector<Transform>& rest);

/// A limb's role joints (collar, upper, lower, end, tip: those it has) in chain order, each with
/// its height above the body's floor as a fraction of the body's height, and its role's index
/// (0 collar ... 4 tip).
struct StandingProfile {
  std::vector<int> joints;
  std::vector<double> height;
  std::vector<int> role;
};

/// The profile of a limb that stands (its lowest role joint within params.maxEndFraction of
/// the body's height above the floor), or nothing: a limb held up.
std::optional<StandingProfile> standingProfile(const RigBody& body, const BodyLimb& limb,
                                               const StandingLimbParams& params);

/// (source joint, target joint) pairs of the alignment of the two profiles that keeps the chain
/// order and costs least: per pair its height difference (plus params.roleCost when the roles
/// differ), per joint left alone params.skipCost. Roles differ where they do not as the
/// profiles' tops do, when that alignment costs less than one by equal roles: two rigs may
/// number one limb's roles from different starts (a horse's hip has the girdle's role where a
/// rig without a femur bone gives its hip the upper one).
std::vector<std::pair<int, int>> alignStandingLimbs(const StandingProfile& source,
                                                    const StandingProfile& target,
                                                    const StandingLimbParams& params);

}  // namespace rw

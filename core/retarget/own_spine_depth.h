#pragma once
// Where a rig's own spine runs through its trunk, measured in the rig's own mesh: artists put a
// four-legged trunk's spine anywhere from the middle of the body (horses, elephants: 0.45-0.6
// of the way from the belly to the back) to just under the back (cattle, goats, foxes, bears:
// 0.8-0.9), and not at one depth along it (cattle hang the pelvis at 0.58 of the hips' section
// and run the spine at 0.88 under the back). A skeleton read with the character it was bound to
// carries its artist's choice into the mesh it is retargeted to (placement_paths.h:
// SpineDepthParams::fromBelly and profile), in place of one depth for every artist.
#include <optional>

#include "character.h"
#include "retarget/placement_paths.h"

namespace rw {

struct OwnSpineDepthParams {
  /// As SpineDepthParams::minLimbSide: only a body whose limbs hang clearly to one side of its
  /// trunk (a quadruped's, about 0.9) has a back and a belly; a biped's hang along its trunk.
  double minLimbSide = 0.5;
  /// Measured depths are kept within [edge, 1 - edge]: a joint on the surface says nothing more.
  double edge = 0.05;
};

/// Where the rig's spine runs: per trunk joint of its skeleton (the tree path from where its
/// hind limbs branch to where its fore limbs do, both included), the joint's place between the
/// belly (0) and the back (1) through its own mesh's section along the back direction (away
/// from the limbs), at its place along the trunk (0 hind, 1 fore).
struct OwnSpineDepth {
  /// The median depth.
  double median = 0.0;
  /// Every trunk joint's, sorted along the trunk (SpineDepthParams::profile).
  std::vector<SpineDepthSample> profile;
};

/// Nothing when the rig has no mesh, no four limbs hanging to one side, or no section around
/// its spine.
std::optional<OwnSpineDepth> ownSpineDepth(const Character& rig,
                                           const OwnSpineDepthParams& params = {});

}  // namespace rw

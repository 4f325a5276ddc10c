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
  /// A neck whose chain from the chest to the head joint is under this fraction of that chain
  /// plus the head bone has no depths of its own: a head joint at the top of the spine, the
  /// skull carried by jaw bones (the corpus crocodile: 0.003), leaves the neck arc as it is.
  double minNeckFraction = 0.1;
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
  /// The neck's: the chest (at the spine's depth there), then every joint to the head joint, by
  /// length along the bones from the chest, as a fraction of that length plus the head bone's
  /// (SpineDepthParams::neckProfile). Artists run a neck's bones nearer the throat than its
  /// middle and put the head joint high at the back of the skull (a cow's neck joint at 0.56 of
  /// its section, its head joint at 0.68); placed on the neck's centroids, its head joint sat 5%
  /// of its height low, its ears with it. Empty without a neck to measure.
  std::vector<SpineDepthSample> neck;
};

/// Nothing when the rig has no mesh, no four limbs hanging to one side, or no section around
/// its spine.
std::optional<OwnSpineDepth> ownSpineDepth(const Character& rig,
                                           const OwnSpineDepthParams& params = {});

/// How far the head joint `headJoint` of `rig` lies from the head node its own mesh's analysis
/// finds (field/auto_head.h: the front of a four-legged head, the end the user's `auto` and
/// the corpus's given head points pick). A head bone's tail measured on the skin ends short of
/// it: the part's far end along its centroid's direction (a cow's 1.12 against 1.30). Nothing
/// without a mesh or a head node.
std::optional<double> ownHeadReach(const Character& rig, int headJoint);

}  // namespace rw

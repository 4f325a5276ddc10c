#pragma once
// Control bones that follow the pose. A retargeted clip drives the deform bones; the rig's
// control bones (IK targets, poles, foot-roll pivots, finger controls, the master control) get
// no channel from the motion. Left at their bind pose they would pull an animator's IK chains
// back to the bind pose the moment the constraints are switched on, so each follows the deform
// bone it is tied to, frame by frame (Poirier & Paquette 2009 §6.3 ties every control to a
// deform bone to reposition it in the rest pose; applying the same tie per frame keeps the
// control where the animation puts its bone).
//
// Which bone a control follows, in this order:
//   1. a copy-rotation / copy-transforms / copy-location target follows the deform bone that
//      copies it (a foot IK control also drives the foot's rotation: it must turn with the foot,
//      and the foot's head is the ankle the IK chain reaches);
//   2. an IK target follows the chain's last bone (its tail is where the target sits);
//   3. an IK pole stays in the chain's bend plane, in front of the knee (behind the elbow) at
//      its rest distance from it: the side the joint bends to is what a pole means to the IK
//      solver, and following the thigh rigidly swung it across the body with the thigh's twist
//      (a straight limb has no bend plane: there it follows the chain's first bone rigidly);
//   4. a control under another joint is carried by its parent (nothing to do);
//   5. a root control with deform bones below it (the master control on the floor) follows the
//      body's root along the floor: its translation in the ground plane only, so it neither
//      bobs nor sways with the pelvis.
#include <optional>
#include <vector>

#include "skeleton/skeleton.h"

namespace rw {

enum class FollowKind { Rigid, AlongFloor, Pole };

struct ControlFollower {
  int control = -1;
  int lead = -1;  ///< the deform bone followed (a pole: the chain's first bone)
  FollowKind kind = FollowKind::Rigid;
  int middle = -1, end = -1;  ///< a pole's chain: the bending joint and the joint reached
};

/// The followers of `skeleton`'s control joints that `driven` says have no motion of their own
/// (driven[j] false); `bodyRoot` is the deform joint a master control follows. Joints are listed
/// parents first, so applying them in order sees every parent's new pose.
std::vector<ControlFollower> findControlFollowers(const Skeleton& skeleton,
                                                  const std::vector<bool>& driven, int bodyRoot);

/// Moves the followers in one pose given as global rotations and positions (character space,
/// Y up), from the skeleton's rest globals `rest`. Joints below a moved control are carried by
/// it (their rest local transforms are kept). With a `floor` height, a master control stands on
/// it (where an animator looks for it, whatever height skeleton retargeting left it at).
void applyControlFollowers(const Skeleton& skeleton, const std::vector<Transform>& rest,
                           const std::vector<ControlFollower>& followers,
                           Eigen::Quaterniond* rotations, Eigen::Vector3d* positions,
                           std::optional<double> floor = std::nullopt);

}  // namespace rw

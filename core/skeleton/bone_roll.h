#pragma once
// Bone roll editing (Blender's Roll field, Maya's joint orient about the bone): the turn of a
// joint's rest frame around its bone, which fixes the axes animators rotate it about, without
// moving any joint. Roll is measured as BoneShape::roll is (Blender's convention).
#include <Eigen/Core>

#include "skeleton/skeleton.h"

namespace rw {

/// Turns `joint`'s rest frame around its bone (head → tail) so that its roll becomes `roll`
/// (radians). Heads, tails and every other joint's rest frame in character space stay as they
/// were: the children's local transforms are re-expressed against the turned parent. A bone of
/// no length has no roll and is left alone; returns whether the frame turned.
bool setBoneRoll(Skeleton& skeleton, int joint, double roll);

/// The roll at which `bone`'s local Z axis points along `z` (its part square to the bone);
/// `bone.roll` when `z` is along the bone or the bone has no length.
double rollTowards(const BoneShape& bone, const Eigen::Vector3d& z);

/// The local Z axis of `bone` at its roll (square to the bone; zero for a bone of no length).
Eigen::Vector3d rolledZ(const BoneShape& bone);

}  // namespace rw

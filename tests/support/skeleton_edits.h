#pragma once
// Edits the retargeting tests make to skeletons: re-proportioned limbs, uniform scale, bends.
#include <Eigen/Geometry>
#include <string>

#include "skeleton/skeleton.h"

namespace rw::test {

/// Scales the subtree below `joint` (its descendants' heads and explicit tails) about the
/// joint's head by `factor`: the limb gets longer or shorter, orientations unchanged.
void scaleSubtree(Skeleton& skeleton, int joint, double factor);
/// Rotates the subtree below `joint` about the joint's head (a bend at that joint).
void rotateSubtree(Skeleton& skeleton, int joint, const Eigen::Matrix3d& rotation);
/// The whole skeleton mapped by x ↦ scale·x + offset.
void scaleSkeleton(Skeleton& skeleton, double scale, const Eigen::Vector3d& offset);

}  // namespace rw::test

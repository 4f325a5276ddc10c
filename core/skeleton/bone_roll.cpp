#include "skeleton/bone_roll.h"

#include <Eigen/Geometry>
#include <cmath>

namespace rw {

namespace {

/// Where the bone's Z axis points at roll 0: the shortest turn taking Y onto the bone, applied
/// to Z (Blender's default bone frame).
Eigen::Vector3d defaultZ(const Eigen::Vector3d& axis) {
  return Eigen::Quaterniond::FromTwoVectors(Eigen::Vector3d::UnitY(), axis) *
         Eigen::Vector3d::UnitZ();
}

}  // namespace

Eigen::Vector3d rolledZ(const BoneShape& bone) {
  const Eigen::Vector3d axis = (bone.tail - bone.head).normalized();
  if (!axis.allFinite() || bone.length() <= 0) return Eigen::Vector3d::Zero();
  return Eigen::AngleAxisd(bone.roll, axis) * defaultZ(axis);
}

double rollTowards(const BoneShape& bone, const Eigen::Vector3d& z) {
  const Eigen::Vector3d axis = (bone.tail - bone.head).normalized();
  if (!axis.allFinite() || bone.length() <= 0) return bone.roll;
  Eigen::Vector3d square = z - z.dot(axis) * axis;
  if (!(square.norm() > 1e-12)) return bone.roll;
  square.normalize();
  const Eigen::Vector3d zero = defaultZ(axis);
  return std::atan2(zero.cross(square).dot(axis), zero.dot(square));
}

bool setBoneRoll(Skeleton& skeleton, int joint, double roll) {
  if (joint < 0 || joint >= skeleton.size() || !std::isfinite(roll)) return false;
  const std::vector<Transform> globals = skeleton.restGlobals();
  const BoneShape bone = skeleton.boneShape(joint);
  const Eigen::Vector3d axis = (bone.tail - bone.head).normalized();
  if (!axis.allFinite() || bone.length() <= 0) return false;
  // Turning the whole frame about the bone turns its Z's square part by the same angle.
  const double turn = std::remainder(roll - bone.roll, 2.0 * M_PI);
  Transform turned = globals[std::size_t(joint)];
  turned.linear() = Eigen::AngleAxisd(turn, axis).toRotationMatrix() * turned.linear();
  Joint& j = skeleton.joints[std::size_t(joint)];
  j.restLocal = j.parent >= 0 ? globals[std::size_t(j.parent)].inverse() * turned : turned;
  // The bone's tail (when derived from the children) stays with them: they keep their places.
  for (int c : skeleton.children(joint)) {
    Joint& child = skeleton.joints[std::size_t(c)];
    child.restLocal = turned.inverse() * globals[std::size_t(c)];
  }
  return true;
}

}  // namespace rw

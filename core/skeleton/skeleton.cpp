#include "skeleton/skeleton.h"

#include <cmath>
#include <unordered_set>

namespace rw {

const char* toString(ConstraintType type) {
  switch (type) {
    case ConstraintType::IK:
      return "ik";
    case ConstraintType::CopyTransforms:
      return "copy_transforms";
    case ConstraintType::CopyLocation:
      return "copy_location";
    case ConstraintType::CopyRotation:
      return "copy_rotation";
    case ConstraintType::DampedTrack:
      return "damped_track";
    case ConstraintType::ChildOf:
      return "child_of";
  }
  return "unknown";
}

std::optional<ConstraintType> constraintTypeFromString(const std::string& name) {
  for (ConstraintType t :
       {ConstraintType::IK, ConstraintType::CopyTransforms, ConstraintType::CopyLocation,
        ConstraintType::CopyRotation, ConstraintType::DampedTrack, ConstraintType::ChildOf})
    if (name == toString(t)) return t;
  return std::nullopt;
}

int Skeleton::indexOf(const std::string& name) const {
  for (int i = 0; i < size(); ++i)
    if (joints[i].name == name) return i;
  return -1;
}

std::vector<int> Skeleton::children(int joint) const {
  std::vector<int> result;
  for (int i = joint + 1; i < size(); ++i)
    if (joints[i].parent == joint) result.push_back(i);
  return result;
}

std::vector<int> Skeleton::roots() const {
  std::vector<int> result;
  for (int i = 0; i < size(); ++i)
    if (joints[i].parent < 0) result.push_back(i);
  return result;
}

int Skeleton::commonAncestor(int a, int b) const {
  for (int i = a; i >= 0; i = joints[i].parent)
    for (int j = b; j >= 0; j = joints[j].parent)
      if (i == j) return i;
  return -1;
}

int Skeleton::deformCount() const {
  int n = 0;
  for (const Joint& j : joints) n += j.deform;
  return n;
}

std::vector<Transform> Skeleton::restLocals() const {
  std::vector<Transform> locals;
  locals.reserve(joints.size());
  for (const Joint& j : joints) locals.push_back(j.restLocal);
  return locals;
}

std::vector<Transform> Skeleton::globalsFromLocals(const std::vector<Transform>& locals) const {
  std::vector<Transform> globals(locals.size());
  for (int i = 0; i < size(); ++i) {
    const int p = joints[i].parent;
    globals[i] = p < 0 ? locals[i] : Transform(globals[p] * locals[i]);
  }
  return globals;
}

std::vector<Transform> Skeleton::restGlobals() const {
  return globalsFromLocals(restLocals());
}

BoneShape Skeleton::boneShape(int joint, double fallbackLength) const {
  return boneShapeWith(joint, fallbackLength, restGlobals());
}

std::vector<BoneShape> Skeleton::boneShapes(double fallbackLength) const {
  const std::vector<Transform> globals = restGlobals();
  std::vector<BoneShape> shapes;
  shapes.reserve(joints.size());
  for (int j = 0; j < size(); ++j) shapes.push_back(boneShapeWith(j, fallbackLength, globals));
  return shapes;
}

namespace {

/// A leaf bone without a tail is half as long as its parent bone (a tenth of the fallback for
/// a lone joint).
double leafLength(const Skeleton& s, int joint, double fallbackLength,
                  const std::vector<Transform>& globals) {
  const int p = s.joints[joint].parent;
  if (p >= 0) {
    const double parentLength = (globals[joint].translation() - globals[p].translation()).norm();
    if (parentLength > 1e-9 * fallbackLength) return 0.5 * parentLength;
  }
  return 0.1 * fallbackLength;
}

/// A leaf bone without a tail points along its joint's Y axis: Blender's bone axis, which its
/// exports keep (skinning, which needs the bone along its part, looks further: bone_heat.cpp).
Eigen::Vector3d leafDirection(const std::vector<Transform>& globals, int joint) {
  return globals[joint].linear().col(1).normalized();
}

}  // namespace

BoneShape Skeleton::boneShapeWith(int joint, double fallbackLength,
                                  const std::vector<Transform>& globals) const {
  BoneShape bone;
  bone.head = globals[joint].translation();
  const Eigen::Matrix3d rotation = globals[joint].linear();
  if (joints[joint].tail) {
    bone.tail = *joints[joint].tail;
  } else {
    // The tail is where the bone's deforming children start: control bones and props hung
    // under it (a helmet on the head, a weapon in the hand, an IK target) are not where the
    // bone goes. A deform bone with none is a leaf.
    const std::vector<int> kids = children(joint);
    const bool anyDeformChild =
        std::any_of(kids.begin(), kids.end(), [&](int c) { return joints[c].deform; });
    Eigen::Vector3d sum = Eigen::Vector3d::Zero();
    int count = 0;
    for (int c : kids) {
      if (anyDeformChild ? !joints[c].deform : joints[joint].deform) continue;
      const Eigen::Vector3d h = globals[c].translation();
      if ((h - bone.head).norm() > 1e-9 * fallbackLength) {
        sum += h;
        ++count;
      }
    }
    if (count > 0) {
      bone.tail = sum / count;
    } else {
      bone.tail = bone.head +
                  leafLength(*this, joint, fallbackLength, globals) * leafDirection(globals, joint);
    }
  }
  // Roll: angle from the default frame (the shortest rotation taking Y onto the bone) to the
  // joint's own local Z axis, measured around the bone. Blender computes roll the same way.
  const Eigen::Vector3d axis = (bone.tail - bone.head).normalized();
  if (axis.allFinite()) {
    const Eigen::Quaterniond toBone =
        Eigen::Quaterniond::FromTwoVectors(Eigen::Vector3d::UnitY(), axis);
    const Eigen::Vector3d defaultZ = toBone * Eigen::Vector3d::UnitZ();
    Eigen::Vector3d z = rotation.col(2);
    z -= z.dot(axis) * axis;
    if (z.norm() > 1e-12) {
      z.normalize();
      bone.roll = std::atan2(defaultZ.cross(z).dot(axis), defaultZ.dot(z));
    }
  }
  return bone;
}

Status Skeleton::validate() const {
  std::unordered_set<std::string> names;
  for (int i = 0; i < size(); ++i) {
    const Joint& j = joints[i];
    if (j.name.empty()) return Error{"joint " + std::to_string(i) + " has no name"};
    if (!names.insert(j.name).second) return Error{"two joints are called '" + j.name + "'"};
    if (j.parent >= i)
      return Error{"joint '" + j.name + "' comes before its parent (index " +
                   std::to_string(j.parent) + ")"};
    if (!j.restLocal.matrix().allFinite())
      return Error{"joint '" + j.name + "' has a non-finite rest transform"};
  }
  for (std::size_t c = 0; c < constraints.size(); ++c) {
    const Constraint& k = constraints[c];
    auto bad = [&](int index) { return index < -1 || index >= size(); };
    if (k.owner < 0 || bad(k.owner) || bad(k.target) || bad(k.pole))
      return Error{"constraint " + std::to_string(c) + " refers to a joint that does not exist"};
  }
  return std::nullopt;
}

}  // namespace rw

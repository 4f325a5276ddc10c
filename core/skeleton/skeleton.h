#pragma once
// A production skeleton: deform bones that carry skin, and control bones (IK targets, poles,
// foot-roll pivots, finger controls) that only drive them through constraints.
#include <Eigen/Core>
#include <Eigen/Geometry>
#include <optional>
#include <string>
#include <vector>

#include "util/expected.h"

namespace rw {

using Transform = Eigen::Affine3d;

struct Joint {
  std::string name;
  int parent = -1;  ///< index of the parent joint; always smaller than this joint's index
  Transform restLocal = Transform::Identity();  ///< rest (bind) pose relative to the parent
  bool deform = true;                           ///< false for control bones: they skin nothing
  /// Explicit tail in character space (from an `*_end` leaf or a rig file); otherwise the tail
  /// is derived from the children (see Skeleton::boneShape).
  std::optional<Eigen::Vector3d> tail;
};

enum class ConstraintType { IK, CopyTransforms, CopyLocation, CopyRotation, DampedTrack, ChildOf };

/// A constraint as artists set them up in Blender or Maya. Joint indices; -1 = none.
struct Constraint {
  ConstraintType type = ConstraintType::IK;
  int owner = -1;       ///< the bone the constraint acts on (IK: the chain's last bone)
  int target = -1;      ///< IK target / copied bone
  int pole = -1;        ///< IK pole target (elbow / knee direction)
  int chainLength = 0;  ///< IK: number of bones in the chain, 0 = up to the root
  double influence = 1.0;
  double poleAngle = 0.0;  ///< radians
};

const char* toString(ConstraintType type);
std::optional<ConstraintType> constraintTypeFromString(const std::string& name);

/// A bone as artists see it (Blender's edit bones): head, tail and roll around head→tail.
struct BoneShape {
  Eigen::Vector3d head = Eigen::Vector3d::Zero();
  Eigen::Vector3d tail = Eigen::Vector3d::Zero();
  double roll = 0.0;  ///< radians, Blender's convention (local Z against the default frame)
  double length() const { return (tail - head).norm(); }
};

class Skeleton {
 public:
  std::vector<Joint> joints;
  std::vector<Constraint> constraints;

  int size() const { return static_cast<int>(joints.size()); }
  bool empty() const { return joints.empty(); }
  /// Index of the joint called `name`, or -1.
  int indexOf(const std::string& name) const;
  std::vector<int> children(int joint) const;
  std::vector<int> roots() const;
  /// The lowest joint both `a` and `b` descend from (either may be it); -1 in two trees.
  int commonAncestor(int a, int b) const;
  int deformCount() const;
  int controlCount() const { return size() - deformCount(); }

  /// Rest transforms in character space, one per joint.
  std::vector<Transform> restGlobals() const;
  /// Global transforms from local ones (any pose), parents first.
  std::vector<Transform> globalsFromLocals(const std::vector<Transform>& locals) const;
  std::vector<Transform> restLocals() const;

  /// Head, tail and roll of a joint's bone in the rest pose. The tail is the explicit tail if
  /// set, else the mean of the children's heads, else the head extended along the bone's
  /// local Y axis (Blender's bone axis) by half the parent's length (or 10% of `fallbackLength`).
  BoneShape boneShape(int joint, double fallbackLength = 1.0) const;
  /// boneShape of every joint, computing the rest globals once (boneShape alone recomputes
  /// them, which is quadratic over a whole skeleton).
  std::vector<BoneShape> boneShapes(double fallbackLength = 1.0) const;

  /// Checks the invariants: parents before children, unique non-empty names, constraint
  /// indices in range. The message names the first problem.
  Status validate() const;

 private:
  BoneShape boneShapeWith(int joint, double fallbackLength,
                          const std::vector<Transform>& globals) const;
};

}  // namespace rw

#include "bone_geometry.h"

#include <Eigen/Geometry>
#include <array>
#include <cmath>

#include "skeleton/skeleton.h"

namespace rw::render {

namespace {

// Blender's octahedral bone in bone space: Y from head to tail, length 1.
const std::array<Eigen::Vector3d, 6> kOctahedron = {{
    {0.0, 0.0, 0.0},    // head
    {0.1, 0.1, 0.1},    // waist
    {0.1, 0.1, -0.1},   //
    {-0.1, 0.1, -0.1},  //
    {-0.1, 0.1, 0.1},   //
    {0.0, 1.0, 0.0},    // tail
}};
// Counter-clockwise seen from outside.
const std::array<std::array<int, 3>, 8> kFaces = {{
    {0, 2, 1},
    {0, 3, 2},
    {0, 4, 3},
    {0, 1, 4},  // head cone
    {5, 1, 2},
    {5, 2, 3},
    {5, 3, 4},
    {5, 4, 1},  // tail cone
}};
const std::array<std::array<int, 2>, 12> kEdges = {{
    {0, 1},
    {0, 2},
    {0, 3},
    {0, 4},  //
    {1, 2},
    {2, 3},
    {3, 4},
    {4, 1},  //
    {5, 1},
    {5, 2},
    {5, 3},
    {5, 4},  //
}};

}  // namespace

double boneHalfWidth(double s) {
  const double waist = kOctahedron[1].y(), corner = std::sqrt(2.0) * kOctahedron[1].x();
  if (s <= 0.0 || s >= 1.0) return 0.0;
  return s < waist ? corner * s / waist : corner * (1.0 - s) / (1.0 - waist);
}

BoneGeometry buildBoneGeometry(const Skeleton& skeleton, double fallbackLength,
                               const Eigen::Vector3f& deformColor,
                               const Eigen::Vector3f& controlColor,
                               const Eigen::Vector4f& outlineColor, int selectedJoint,
                               const Eigen::Vector3f& selectedColor) {
  BoneGeometry geometry;
  if (!(fallbackLength > 0.0)) fallbackLength = 1.0;
  const std::vector<BoneShape> bones = skeleton.boneShapes(fallbackLength);
  for (int j = 0; j < skeleton.size(); ++j) {
    const BoneShape& bone = bones[j];
    const double length = bone.length();
    if (!(length > 1e-9 * fallbackLength) || !std::isfinite(length)) continue;
    const Eigen::Vector3d axis = (bone.tail - bone.head) / length;
    // Blender's bone matrix: the shortest rotation taking Y onto the bone, then the roll.
    const Eigen::Matrix3d rotation =
        (Eigen::AngleAxisd(bone.roll, axis) *
         Eigen::Quaterniond::FromTwoVectors(Eigen::Vector3d::UnitY(), axis))
            .toRotationMatrix();
    std::array<Eigen::Vector3f, 6> corners;
    for (size_t i = 0; i < corners.size(); ++i)
      corners[i] = (bone.head + length * (rotation * kOctahedron[i])).cast<float>();

    const bool selected = j == selectedJoint;
    const Eigen::Vector3f& color = selected                    ? selectedColor
                                   : skeleton.joints[j].deform ? deformColor
                                                               : controlColor;
    const Eigen::Vector4f outline =
        selected ? Eigen::Vector4f(1.0f, 1.0f, 1.0f, 1.0f) : outlineColor;
    for (const auto& face : kFaces) {
      const Eigen::Vector3f& a = corners[face[0]];
      const Eigen::Vector3f& b = corners[face[1]];
      const Eigen::Vector3f& c = corners[face[2]];
      const Eigen::Vector3f normal = (b - a).cross(c - a).normalized();
      for (const Eigen::Vector3f* p : {&a, &b, &c})
        geometry.triangles.push_back({*p, normal, color});
    }
    for (const auto& edge : kEdges) {
      geometry.lines.push_back({corners[edge[0]], outline});
      geometry.lines.push_back({corners[edge[1]], outline});
    }
    ++geometry.boneCount;
  }
  return geometry;
}

Skeleton posedSkeleton(const Skeleton& skeleton, const std::vector<Eigen::Affine3d>& globals) {
  Skeleton posed = skeleton;
  if (globals.size() != skeleton.joints.size()) return posed;
  const std::vector<Transform> rest = skeleton.restGlobals();
  for (int j = 0; j < skeleton.size(); ++j) {
    Joint& joint = posed.joints[j];
    joint.restLocal = joint.parent >= 0 ? globals[joint.parent].inverse() * globals[j] : globals[j];
    if (joint.tail) joint.tail = globals[j] * (rest[j].inverse() * *joint.tail);
  }
  return posed;
}

}  // namespace rw::render

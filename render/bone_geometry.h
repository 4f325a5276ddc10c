#pragma once
// Octahedral bones as Blender draws them: a head, a square waist at a tenth of the length and
// a tail, oriented by the bone's roll. Plain geometry, no OpenGL.
#include <Eigen/Core>
#include <Eigen/Geometry>
#include <vector>

namespace rw {
class Skeleton;
}

namespace rw::render {

/// How far the drawn bone reaches from its axis at `s` (0 head, 1 tail), as a fraction of its
/// length: 0 at the head, widest at the waist (a tenth along, corners √2 · 0.1 off the axis),
/// 0 at the tail. Picking uses it to take a click anywhere on the drawn bone.
double boneHalfWidth(double s);

struct BoneVertex {
  Eigen::Vector3f position;
  Eigen::Vector3f normal;
  Eigen::Vector3f color;
};

struct BoneLineVertex {
  Eigen::Vector3f position;
  Eigen::Vector4f color;
};

struct BoneGeometry {
  std::vector<BoneVertex> triangles;  ///< 8 flat-shaded faces (24 vertices) per bone
  std::vector<BoneLineVertex> lines;  ///< 12 outline edges (24 vertices) per bone
  int boneCount = 0;                  ///< bones drawn (zero-length bones are left out)
};

/// Builds every bone of `skeleton` in its rest pose. `fallbackLength` is the character's size,
/// used for leaf bones without a tail (see Skeleton::boneShape). The bone of `selectedJoint`
/// (if any) takes `selectedColor` and a light outline.
BoneGeometry buildBoneGeometry(const Skeleton& skeleton, double fallbackLength,
                               const Eigen::Vector3f& deformColor,
                               const Eigen::Vector3f& controlColor,
                               const Eigen::Vector4f& outlineColor, int selectedJoint = -1,
                               const Eigen::Vector3f& selectedColor = Eigen::Vector3f::Ones());

/// `skeleton` with its rest pose replaced by the pose `globals` (one global transform per joint),
/// explicit tails carried along, so that a posed skeleton draws with the same code.
Skeleton posedSkeleton(const Skeleton& skeleton, const std::vector<Eigen::Affine3d>& globals);

}  // namespace rw::render

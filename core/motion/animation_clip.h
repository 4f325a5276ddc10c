#pragma once
// A clip: keyed translation / rotation / scale per joint, sampled at any time.
#include <Eigen/Core>
#include <Eigen/Geometry>
#include <string>
#include <vector>

#include "skeleton/skeleton.h"

namespace rw {

struct VectorKey {
  double time = 0.0;  ///< seconds
  Eigen::Vector3d value = Eigen::Vector3d::Zero();
};
struct RotationKey {
  double time = 0.0;  ///< seconds
  Eigen::Quaterniond value = Eigen::Quaterniond::Identity();
};

/// Keys of one joint. An empty key list means "rest value" for that component.
struct JointChannel {
  int joint = -1;
  std::vector<VectorKey> translation;
  std::vector<RotationKey> rotation;
  std::vector<VectorKey> scale;
};

struct AnimationClip {
  std::string name;
  double duration = 0.0;          ///< seconds
  double framesPerSecond = 30.0;  ///< the rate the clip was authored at
  std::vector<JointChannel> channels;

  int frameCount() const;
  /// Local transforms of every joint at time t (seconds, clamped to [0, duration]): keys
  /// interpolated linearly (translation, scale) and by shortest-path slerp (rotation); joints
  /// or components without keys keep their rest values.
  std::vector<Transform> sampleLocals(const Skeleton& skeleton, double t) const;
};

/// Value of a key track at time t; clamps outside the keyed range.
Eigen::Vector3d sampleVector(const std::vector<VectorKey>& keys, double t,
                             const Eigen::Vector3d& fallback);
Eigen::Quaterniond sampleRotation(const std::vector<RotationKey>& keys, double t,
                                  const Eigen::Quaterniond& fallback);

/// Splits an affine transform into translation, rotation and (positive) scale.
void decompose(const Transform& t, Eigen::Vector3d& translation, Eigen::Quaterniond& rotation,
               Eigen::Vector3d& scale);
Transform compose(const Eigen::Vector3d& translation, const Eigen::Quaterniond& rotation,
                  const Eigen::Vector3d& scale);

}  // namespace rw

#include "motion/animation_clip.h"

#include <algorithm>
#include <cmath>

namespace rw {
namespace {

template <typename Key>
std::size_t segmentAfter(const std::vector<Key>& keys, double t) {
  // First key with time > t.
  return std::upper_bound(keys.begin(), keys.end(), t,
                          [](double time, const Key& k) { return time < k.time; }) -
         keys.begin();
}

}  // namespace

int AnimationClip::frameCount() const {
  return static_cast<int>(std::lround(duration * framesPerSecond)) + 1;
}

Eigen::Vector3d sampleVector(const std::vector<VectorKey>& keys, double t,
                             const Eigen::Vector3d& fallback) {
  if (keys.empty()) return fallback;
  const std::size_t i = segmentAfter(keys, t);
  if (i == 0) return keys.front().value;
  if (i == keys.size()) return keys.back().value;
  const VectorKey& a = keys[i - 1];
  const VectorKey& b = keys[i];
  const double span = b.time - a.time;
  const double s = span > 0 ? (t - a.time) / span : 0.0;
  return a.value + s * (b.value - a.value);
}

Eigen::Quaterniond sampleRotation(const std::vector<RotationKey>& keys, double t,
                                  const Eigen::Quaterniond& fallback) {
  if (keys.empty()) return fallback;
  const std::size_t i = segmentAfter(keys, t);
  if (i == 0) return keys.front().value;
  if (i == keys.size()) return keys.back().value;
  const RotationKey& a = keys[i - 1];
  const RotationKey& b = keys[i];
  const double span = b.time - a.time;
  const double s = span > 0 ? (t - a.time) / span : 0.0;
  return a.value.slerp(s, b.value).normalized();  // Eigen's slerp takes the shorter path
}

void decompose(const Transform& t, Eigen::Vector3d& translation, Eigen::Quaterniond& rotation,
               Eigen::Vector3d& scale) {
  translation = t.translation();
  Eigen::Matrix3d r, s;
  t.computeRotationScaling(&r, &s);
  rotation = Eigen::Quaterniond(r).normalized();
  scale = s.diagonal();
}

Transform compose(const Eigen::Vector3d& translation, const Eigen::Quaterniond& rotation,
                  const Eigen::Vector3d& scale) {
  Transform t = Transform::Identity();
  t.translate(translation);
  t.rotate(rotation);
  t.scale(scale);
  return t;
}

std::vector<Transform> AnimationClip::sampleLocals(const Skeleton& skeleton, double t) const {
  t = std::clamp(t, 0.0, duration);
  std::vector<Transform> locals = skeleton.restLocals();
  for (const JointChannel& c : channels) {
    if (c.joint < 0 || c.joint >= skeleton.size()) continue;
    Eigen::Vector3d restT, restS;
    Eigen::Quaterniond restR;
    decompose(locals[c.joint], restT, restR, restS);
    locals[c.joint] =
        compose(sampleVector(c.translation, t, restT), sampleRotation(c.rotation, t, restR),
                sampleVector(c.scale, t, restS));
  }
  return locals;
}

}  // namespace rw

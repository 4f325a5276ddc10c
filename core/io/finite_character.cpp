#include "io/finite_character.h"

#include <cmath>
#include <sstream>

namespace rw {
namespace {

/// Collects the first problem; each check returns false once one is found.
class FiniteCheck {
 public:
  FiniteCheck(std::string origin, const InputLimits& limits)
      : origin_(std::move(origin)), limits_(limits) {}

  const std::optional<Error>& problem() const { return problem_; }
  const InputLimits& limits() const { return limits_; }

  template <typename Vector>
  bool bounded(const Vector& v, double bound, const std::string& what) {
    for (int i = 0; i < int(v.size()); ++i) {
      if (!std::isfinite(double(v[i]))) return fail(what, "not a finite number");
      if (std::abs(double(v[i])) > bound) {
        std::ostringstream s;
        s << double(v[i]) << " is out of range (magnitude at most " << bound << ")";
        return fail(what, s.str());
      }
    }
    return true;
  }
  bool coordinates(const Eigen::Vector3d& v, const std::string& what) {
    return bounded(v, limits_.maxCoordinate, what);
  }
  /// A rest or key transform: its translation a coordinate, its linear part a rotation times a
  /// scale within the scale limits.
  bool transform(const Transform& t, const std::string& what) {
    if (!coordinates(t.translation(), what + " translation")) return false;
    const Eigen::Matrix3d linear = t.linear();
    return bounded(linear.reshaped(), limits_.maxScale, what + " rotation/scale");
  }

 private:
  bool fail(const std::string& what, const std::string& problem) {
    problem_ = Error{origin_ + ": " + what + ": " + problem};
    return false;
  }

  std::string origin_;
  InputLimits limits_;
  std::optional<Error> problem_;
};

bool checkMesh(const SourceMesh& m, FiniteCheck& check) {
  for (std::size_t i = 0; i < m.positions.size(); ++i)
    if (!check.coordinates(m.positions[i], "vertex " + std::to_string(i))) return false;
  for (std::size_t i = 0; i < m.normals.size(); ++i)
    if (!check.bounded(m.normals[i], 1e3, "normal of vertex " + std::to_string(i))) return false;
  for (std::size_t i = 0; i < m.uvs.size(); ++i)
    if (!check.bounded(m.uvs[i], 1e6, "UV of vertex " + std::to_string(i))) return false;
  return true;
}

bool checkSkeletonAndSkin(const Character& c, FiniteCheck& check) {
  for (const Joint& j : c.skeleton.joints) {
    if (!check.transform(j.restLocal, "joint '" + j.name + "' rest")) return false;
    if (j.tail && !check.coordinates(*j.tail, "joint '" + j.name + "' tail")) return false;
  }
  for (std::size_t v = 0; v < c.skin.perVertex.size(); ++v)
    for (const Influence& i : c.skin.perVertex[v])
      if (!check.bounded(Eigen::Matrix<double, 1, 1>(i.weight), 1e6,
                         "skin weight of vertex " + std::to_string(v)))
        return false;
  return true;
}

Eigen::Vector3d keyValues(const Eigen::Vector3d& v) {
  return v;
}
Eigen::Vector4d keyValues(const Eigen::Quaterniond& q) {
  return q.coeffs();
}

bool checkClip(const AnimationClip& clip, const Skeleton& skeleton, FiniteCheck& check) {
  const std::string name = "clip '" + clip.name + "'";
  const Eigen::Vector2d timing(clip.duration, clip.framesPerSecond);
  if (!check.bounded(timing, 1e7, name + " duration/rate")) return false;
  for (const JointChannel& ch : clip.channels) {
    const std::string joint =
        ch.joint >= 0 && ch.joint < skeleton.size() ? skeleton.joints[ch.joint].name : "?";
    auto keys = [&](const auto& list, const char* kind, double bound) {
      for (std::size_t k = 0; k < list.size(); ++k) {
        const std::string what =
            name + ", joint '" + joint + "', " + kind + " key " + std::to_string(k);
        if (!check.bounded(Eigen::Matrix<double, 1, 1>(list[k].time), 1e7, what + " time") ||
            !check.bounded(keyValues(list[k].value), bound, what))
          return false;
      }
      return true;
    };
    if (!keys(ch.translation, "translation", check.limits().maxCoordinate) ||
        !keys(ch.rotation, "rotation", 1e6) || !keys(ch.scale, "scale", check.limits().maxScale))
      return false;
  }
  return true;
}

}  // namespace

Status checkFiniteCharacter(const Character& c, const std::string& origin,
                            const InputLimits& limits) {
  FiniteCheck check(origin, limits);
  if (!checkMesh(c.mesh.source, check) || !checkSkeletonAndSkin(c, check)) return check.problem();
  for (const AnimationClip& clip : c.clips)
    if (!checkClip(clip, c.skeleton, check)) return check.problem();
  return std::nullopt;
}

}  // namespace rw

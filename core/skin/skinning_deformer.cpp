#include "skin/skinning_deformer.h"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include "skin/linear_blend_skinning.h"

namespace rw {
namespace {

/// Unit dual quaternion q_r + ε q_d of a rigid transform (rotation from the linear part).
struct DualQuaternion {
  Eigen::Vector4d real = Eigen::Vector4d(1, 0, 0, 0);  // (w, x, y, z)
  Eigen::Vector4d dual = Eigen::Vector4d::Zero();
};

Eigen::Vector4d product(const Eigen::Vector4d& a, const Eigen::Vector4d& b) {
  return {a[0] * b[0] - a[1] * b[1] - a[2] * b[2] - a[3] * b[3],
          a[0] * b[1] + a[1] * b[0] + a[2] * b[3] - a[3] * b[2],
          a[0] * b[2] - a[1] * b[3] + a[2] * b[0] + a[3] * b[1],
          a[0] * b[3] + a[1] * b[2] - a[2] * b[1] + a[3] * b[0]};
}

DualQuaternion toDualQuaternion(const Transform& m) {
  DualQuaternion dq;
  Eigen::Matrix3d rotation, scaling;
  m.computeRotationScaling(&rotation, &scaling);
  const Eigen::Quaterniond q(rotation);
  dq.real = Eigen::Vector4d(q.w(), q.x(), q.y(), q.z());
  const Eigen::Vector3d t = m.translation();
  dq.dual = 0.5 * product(Eigen::Vector4d(0, t.x(), t.y(), t.z()), dq.real);
  return dq;
}

}  // namespace

const char* toString(SkinningMethod method) {
  return method == SkinningMethod::LinearBlend ? "lbs" : "dqs";
}

std::vector<Eigen::Vector3d> deformVertices(const std::vector<Eigen::Vector3d>& positions,
                                            const SkinWeights& weights,
                                            const std::vector<Transform>& skinMatrices,
                                            SkinningMethod method) {
  std::vector<Eigen::Vector3d> out(positions);
  const int joints = int(skinMatrices.size());
  const int n = int(std::min(positions.size(), weights.perVertex.size()));
  std::vector<DualQuaternion> dqs;
  if (method == SkinningMethod::DualQuaternion) {
    dqs.resize(joints);
    for (int j = 0; j < joints; ++j) dqs[j] = toDualQuaternion(skinMatrices[j]);
  }
  tbb::parallel_for(tbb::blocked_range<int>(0, n, 1024), [&](const tbb::blocked_range<int>& r) {
    for (int v = r.begin(); v < r.end(); ++v) {
      const std::vector<Influence>& influences = weights.perVertex[v];
      const Eigen::Vector3d& p = positions[v];
      if (method == SkinningMethod::LinearBlend) {
        // v + Σ w (M v − v): the same as Σ w M v for normalized weights, and exact at rest.
        Eigen::Vector3d delta = Eigen::Vector3d::Zero();
        for (const Influence& i : influences)
          if (i.joint >= 0 && i.joint < joints) delta += i.weight * (skinMatrices[i.joint] * p - p);
        out[v] = p + delta;
        continue;
      }
      Eigen::Vector4d real = Eigen::Vector4d::Zero(), dual = Eigen::Vector4d::Zero();
      const Eigen::Vector4d* pivot = nullptr;
      for (const Influence& i : influences) {
        if (i.joint < 0 || i.joint >= joints) continue;
        const DualQuaternion& q = dqs[i.joint];
        if (!pivot) pivot = &q.real;
        const double sign = pivot->dot(q.real) < 0 ? -1.0 : 1.0;  // shortest path
        real += sign * i.weight * q.real;
        dual += sign * i.weight * q.dual;
      }
      const double norm = real.norm();
      if (!pivot || !(norm > 1e-300)) continue;
      real /= norm;
      dual /= norm;
      // Rotate by the real part, then translate by t = 2 q_d q_r*.
      const Eigen::Vector3d u = real.tail<3>();
      const double w = real[0];
      const Eigen::Vector3d rotated = p + 2.0 * u.cross(u.cross(p) + w * p);
      const Eigen::Vector4d conjugate(real[0], -real[1], -real[2], -real[3]);
      const Eigen::Vector4d t = 2.0 * product(dual, conjugate);
      out[v] = rotated + t.tail<3>();
    }
  });
  return out;
}

std::vector<Eigen::Vector3d> skinCharacter(const Character& character,
                                           const std::vector<Transform>& globals,
                                           SkinningMethod method) {
  return deformVertices(character.mesh.source.positions, character.skin,
                        skinningMatrices(character.skeleton, globals), method);
}

}  // namespace rw

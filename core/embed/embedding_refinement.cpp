#include "embed/embedding_refinement.h"

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>

namespace rw {

double smoothDistance(const VolumeGrid& volume, const Eigen::Vector3d& p) {
  if (volume.distance.empty() || !(volume.cell > 0.0)) return 0.0;
  const Eigen::Vector3d u = (p - volume.origin) / volume.cell;
  Eigen::Vector3i c;
  Eigen::Vector3d t;
  for (int a = 0; a < 3; ++a) {
    const double f = std::floor(u[a]);
    c[a] = int(f);
    t[a] = u[a] - f;
    if (c[a] < 0 || c[a] + 1 >= volume.dims[a]) return 0.0;
  }
  double sum = 0.0;
  for (int corner = 0; corner < 8; ++corner) {
    const int dx = corner & 1, dy = (corner >> 1) & 1, dz = (corner >> 2) & 1;
    const double w = (dx ? t.x() : 1 - t.x()) * (dy ? t.y() : 1 - t.y()) * (dz ? t.z() : 1 - t.z());
    sum += w * volume.distance[volume.index(c.x() + dx, c.y() + dy, c.z() + dz)];
  }
  return sum;
}

namespace {

struct Bone {
  int joint = -1, parent = -1;  ///< skeleton joints, both embedded
  double length = 0.0;          ///< rest length at the mesh's scale
  Eigen::Vector3d direction;    ///< rest direction (facing turned)
  int mirror = -1;              ///< the mirrored bone's index, or -1
};

/// The skeleton's rest midplane: across its lateral axis through its root.
struct RestMidplane {
  Eigen::Vector3d lateral;
  double plane = 0.0;
  explicit RestMidplane(const ReducedSkeleton& reduced)
      : lateral(reduced.lateral.normalized()),
        plane(lateral.dot(reduced.rest[reduced.joints[0].joint])) {}
  double offset(const Eigen::Vector3d& x) const { return lateral.dot(x) - plane; }
  Eigen::Vector3d reflect(const Eigen::Vector3d& x) const { return x - 2.0 * offset(x) * lateral; }
};

/// Per skeleton joint, the rotation that turns its reduced chain's rest chord (the chain's parent
/// joint to its end) onto the chord the discrete embedding gave it: the chain's pose in the mesh.
std::vector<Eigen::Matrix3d> chainTurns(const ReducedSkeleton& reduced, int jointCount,
                                        const std::vector<std::optional<Eigen::Vector3d>>& at) {
  std::vector<Eigen::Matrix3d> turn(jointCount, Eigen::Matrix3d::Identity());
  for (const ReducedJoint& r : reduced.joints) {
    if (r.parent < 0) continue;
    const int from = reduced.joints[r.parent].joint;
    if (!at[from] || !at[r.joint]) continue;
    const Eigen::Vector3d rest = reduced.rest[r.joint] - reduced.rest[from];
    const Eigen::Vector3d placed = *at[r.joint] - *at[from];
    if (!(rest.norm() > 1e-12) || !(placed.norm() > 1e-12)) continue;
    const Eigen::Matrix3d t = Eigen::Quaterniond::FromTwoVectors(rest, placed).toRotationMatrix();
    for (int j : r.chain) turn[j] = t;
  }
  return turn;
}

/// The bones between embedded joints: each embedded joint and its nearest embedded ancestor,
/// its rest direction turned as its chain was (the discrete embedding found each limb's general
/// direction, the paper's premise; a T-pose skeleton's arms hang where the character's do).
std::vector<Bone> embeddedBones(const Skeleton& skeleton, const ReducedSkeleton& reduced,
                                double scale,
                                const std::vector<std::optional<Eigen::Vector3d>>& position) {
  const std::vector<Eigen::Matrix3d> turn = chainTurns(reduced, skeleton.size(), position);
  std::vector<Bone> bones;
  for (int j = 0; j < skeleton.size(); ++j) {
    if (!position[j]) continue;
    int p = skeleton.joints[j].parent;
    while (p >= 0 && !position[p]) p = skeleton.joints[p].parent;
    if (p < 0) continue;
    const Eigen::Vector3d rest = reduced.rest[j] - reduced.rest[p];
    if (!(rest.norm() > 1e-12)) continue;
    bones.push_back({j, p, scale * rest.norm(), (turn[j] * rest).normalized(), -1});
  }
  // Mirrors: the bone whose rest joints reflect this one's across the root's midplane.
  const RestMidplane mid(reduced);
  const double tolerance = reduced.mirrorTolerance;
  for (Bone& a : bones) {
    if (std::abs(mid.offset(reduced.rest[a.joint])) <= tolerance) continue;
    for (std::size_t b = 0; b < bones.size(); ++b)
      if ((mid.reflect(reduced.rest[a.joint]) - reduced.rest[bones[b].joint]).norm() <= tolerance &&
          (mid.reflect(reduced.rest[a.parent]) - reduced.rest[bones[b].parent]).norm() <= tolerance)
        a.mirror = int(b);
  }
  return bones;
}

/// The plane the midline joints keep to: the skeleton's lateral axis and the embedded limbs'
/// plane of symmetry along it.
struct Midline {
  std::vector<char> onMidplane;  ///< per skeleton joint
  Eigen::Vector3d lateral = Eigen::Vector3d::UnitX();
  double plane = 0.0;      ///< lateral · x of the plane
  double tolerance = 1.0;  ///< mesh units
  bool valid = false;
};

Midline midlineOf(const ReducedSkeleton& reduced, double scale, const std::vector<Bone>& bones,
                  const std::vector<std::optional<Eigen::Vector3d>>& position, double tolerance) {
  Midline m;
  m.lateral = reduced.lateral.normalized();
  m.onMidplane.assign(position.size(), 0);
  m.tolerance = tolerance * reduced.height * scale;
  const RestMidplane mid(reduced);
  double sum = 0.0;
  int pairs = 0;
  // A joint with a mirror is a side's, however near the midplane (a clavicle at the sternum);
  // the root (no bone of its own) is the midline's first joint.
  std::vector<char> mirrored(position.size(), 0);
  for (const Bone& b : bones)
    if (b.mirror >= 0) mirrored[b.joint] = 1;
  for (std::size_t j = 0; j < position.size(); ++j)
    if (position[j] && !mirrored[j] &&
        std::abs(mid.offset(reduced.rest[j])) <= reduced.mirrorTolerance)
      m.onMidplane[j] = 1;
  for (const Bone& b : bones) {
    if (b.mirror >= 0) {
      sum += 0.5 * m.lateral.dot(*position[b.joint] + *position[bones[b.mirror].joint]);
      ++pairs;
    }
  }
  if (pairs == 0 || !(m.tolerance > 0.0)) return m;
  m.plane = sum / pairs;
  m.valid = true;
  return m;
}

class Refinement {
 public:
  Refinement(std::vector<Bone> bones, Midline midline, const VolumeGrid& volume,
             const EmbeddingRefinementParams& params, int jointCount)
      : bones_(std::move(bones)),
        midline_(std::move(midline)),
        volume_(volume),
        params_(params),
        incident_(jointCount) {
    for (std::size_t b = 0; b < bones_.size(); ++b) {
      incident_[bones_[b].joint].push_back(int(b));
      incident_[bones_[b].parent].push_back(int(b));
    }
  }

  /// The whole penalty, or the part of it that `joint` changes (its bones and their mirrors).
  double penalty(const std::vector<Eigen::Vector3d>& q, int joint = -1) const {
    double sum = 0.0;
    if (joint < 0) {
      for (std::size_t b = 0; b < bones_.size(); ++b) sum += bonePenalty(q, int(b));
      for (int j = 0; j < int(q.size()); ++j) sum += midlinePenalty(q, j);
      return sum;
    }
    sum += midlinePenalty(q, joint);
    for (int b : incident_[joint]) {
      sum += bonePenalty(q, b);
      if (bones_[b].mirror >= 0) sum += bonePenalty(q, bones_[b].mirror);
    }
    return sum;
  }

  /// The gradient of the penalty with respect to the `free` joints (zero at the others), by
  /// central differences, each joint's part of the penalty.
  std::vector<Eigen::Vector3d> gradient(std::vector<Eigen::Vector3d>& q,
                                        const std::vector<int>& free) const {
    std::vector<Eigen::Vector3d> g(q.size(), Eigen::Vector3d::Zero());
    const double h = 0.25 * volume_.cell;
    for (int j : free)
      for (int a = 0; a < 3; ++a) {
        const double keep = q[j][a];
        q[j][a] = keep + h;
        const double up = penalty(q, j);
        q[j][a] = keep - h;
        const double down = penalty(q, j);
        q[j][a] = keep;
        g[j][a] = (up - down) / (2.0 * h);
      }
    return g;
  }

  /// §3.5's line search: steps along `direction` (moving `joints`), doubling while the
  /// penalty (the joint's part when one joint moves) goes down.
  void lineSearch(std::vector<Eigen::Vector3d>& q, const std::vector<Eigen::Vector3d>& direction,
                  const std::vector<int>& joints, int only = -1) const {
    double largest = 0.0;
    for (int j : joints) largest = std::max(largest, direction[j].norm());
    if (!(largest > 0.0)) return;
    double step = 0.05 * volume_.cell / largest;
    double best = penalty(q, only);
    for (int tries = 0; tries < 30; ++tries, step *= 2.0) {
      std::vector<Eigen::Vector3d> next = q;
      for (int j : joints) next[j] += step * direction[j];
      const double value = penalty(next, only);
      if (!(value < best)) break;
      best = value;
      q = std::move(next);
    }
  }

 private:
  double midlinePenalty(const std::vector<Eigen::Vector3d>& q, int joint) const {
    if (!midline_.valid || !midline_.onMidplane[joint]) return 0.0;
    const double off = (midline_.lateral.dot(q[joint]) - midline_.plane) / midline_.tolerance;
    return params_.midlineWeight * off * off;
  }

  double bonePenalty(const std::vector<Eigen::Vector3d>& q, int b) const {
    const Bone& bone = bones_[b];
    const Eigen::Vector3d v = q[bone.joint] - q[bone.parent];
    const double length = v.norm();
    double sum = params_.lengthWeight * std::pow((length - bone.length) / bone.length, 2);
    if (length > 1e-12) sum += params_.orientationWeight * (1.0 - bone.direction.dot(v / length));
    const double margin =
        std::min(params_.marginOfLength * bone.length, params_.maxMarginCells * volume_.cell);
    double fit = 0.0;
    const int n = std::max(2, params_.samplesPerBone);
    for (int s = 0; s < n; ++s) {
      const double depth = smoothDistance(volume_, q[bone.parent] + (double(s) / (n - 1)) * v);
      if (depth < margin) fit += std::pow((margin - depth) / margin, 2);
    }
    sum += params_.fitWeight * fit / n;
    if (bone.mirror >= 0) {
      const Bone& other = bones_[bone.mirror];
      const double otherLength = (q[other.joint] - q[other.parent]).norm();
      // Half per side: each bone of the pair carries the pair's asymmetry.
      sum += 0.5 * params_.asymmetryWeight * std::pow((length - otherLength) / bone.length, 2);
    }
    return sum;
  }

  std::vector<Bone> bones_;
  Midline midline_;
  const VolumeGrid& volume_;
  const EmbeddingRefinementParams& params_;
  std::vector<std::vector<int>> incident_;
};

}  // namespace

void refineEmbedding(const Skeleton& skeleton, const ReducedSkeleton& reduced,
                     const VolumeGrid& volume, double scale,
                     std::vector<std::optional<Eigen::Vector3d>>& position,
                     const EmbeddingRefinementParams& params) {
  if (reduced.joints.empty() || int(position.size()) != skeleton.size()) return;

  std::vector<Bone> bones = embeddedBones(skeleton, reduced, scale, position);
  if (bones.empty()) return;
  std::vector<Eigen::Vector3d> q(skeleton.size(), Eigen::Vector3d::Zero());
  std::vector<int> free;
  for (int j = 0; j < skeleton.size(); ++j)
    if (position[j]) q[j] = *position[j], free.push_back(j);
  // Feet (§3.3's feet attribute: leaves at the skeleton's bottom) keep the height the discrete
  // embedding gave them, at the bottom of the mesh: the fit term would lift a toe off the sole.
  std::vector<char> foot(skeleton.size(), 0);
  for (const ReducedJoint& r : reduced.joints)
    if (r.foot) foot[r.joint] = 1;
  auto downhill = [&](std::vector<Eigen::Vector3d> g) {
    for (int j = 0; j < int(g.size()); ++j) {
      g[j] = -g[j];
      if (foot[j]) g[j].y() = 0.0;
    }
    return g;
  };
  Midline midline = midlineOf(reduced, scale, bones, position, params.midlineTolerance);
  const Refinement refinement(std::move(bones), std::move(midline), volume, params,
                              skeleton.size());
  for (int round = 0; round < params.rounds; ++round) {
    const std::vector<Eigen::Vector3d> before = q;
    refinement.lineSearch(q, downhill(refinement.gradient(q, free)), free);
    for (int j : free)  // the gradient of j alone: zero elsewhere
      refinement.lineSearch(q, downhill(refinement.gradient(q, {j})), {j}, j);
    if (q == before) break;  // no step went downhill: every later round would be this one
  }
  for (int j : free) position[j] = q[j];
}

}  // namespace rw

#include "motion/control_follow.h"

namespace rw {
namespace {

/// The deform bone a constraint on `joint` really moves: the joint itself when it deforms, else
/// the first deform bone above it (a chain ending on a mechanism bone).
int deformAtOrAbove(const Skeleton& s, int joint) {
  for (int j = joint; j >= 0; j = s.joints[j].parent)
    if (s.joints[j].deform) return j;
  return -1;
}

/// The first bone of an IK chain of `length` bones ending at `owner` (0: up to the root, where
/// a pole's useful bone is still the one above the owner).
int chainStart(const Skeleton& s, int owner, int length) {
  const int up = length > 0 ? length - 1 : 1;
  int j = owner;
  for (int k = 0; k < up && s.joints[j].parent >= 0; ++k) j = s.joints[j].parent;
  return j;
}

bool copies(ConstraintType t) {
  return t == ConstraintType::CopyRotation || t == ConstraintType::CopyTransforms ||
         t == ConstraintType::CopyLocation;
}

/// Rules 1-3 of the header: the lead bone a constraint ties `control` to, or -1.
int leadFromConstraints(const Skeleton& s, int control) {
  for (const Constraint& c : s.constraints)
    if (copies(c.type) && c.target == control && c.owner >= 0)
      if (const int lead = deformAtOrAbove(s, c.owner); lead >= 0) return lead;
  for (const Constraint& c : s.constraints) {
    if (c.type != ConstraintType::IK || c.owner < 0) continue;
    if (c.target == control) return deformAtOrAbove(s, c.owner);
    if (c.pole == control) return deformAtOrAbove(s, chainStart(s, c.owner, c.chainLength));
  }
  return -1;
}

}  // namespace

std::vector<ControlFollower> findControlFollowers(const Skeleton& s,
                                                  const std::vector<bool>& driven, int bodyRoot) {
  std::vector<bool> deformBelow(s.size(), false);
  for (int j = s.size() - 1; j >= 0; --j) {
    deformBelow[j] = deformBelow[j] || s.joints[j].deform;
    if (s.joints[j].parent >= 0 && deformBelow[j]) deformBelow[s.joints[j].parent] = true;
  }
  std::vector<ControlFollower> followers;
  for (int j = 0; j < s.size(); ++j) {
    if (s.joints[j].deform || (j < int(driven.size()) && driven[j])) continue;
    if (const int lead = leadFromConstraints(s, j); lead >= 0) {
      followers.push_back({j, lead, FollowKind::Rigid});
    } else if (s.joints[j].parent < 0 && deformBelow[j] && bodyRoot >= 0 && bodyRoot != j) {
      followers.push_back({j, bodyRoot, FollowKind::AlongFloor});
    }
  }
  return followers;
}

void applyControlFollowers(const Skeleton& s, const std::vector<Transform>& rest,
                           const std::vector<ControlFollower>& followers, Eigen::Quaterniond* R,
                           Eigen::Vector3d* P) {
  if (followers.empty()) return;
  const int n = s.size();
  std::vector<int> followerOf(n, -1);
  for (int k = 0; k < int(followers.size()); ++k) followerOf[followers[k].control] = k;
  std::vector<bool> moved(n, false);
  for (int j = 0; j < n; ++j) {
    const int p = s.joints[j].parent;
    if (followerOf[j] >= 0) {
      const ControlFollower& f = followers[followerOf[j]];
      const Eigen::Quaterniond leadRest(rest[f.lead].rotation());
      const Eigen::Vector3d leadRestP = rest[f.lead].translation();
      const Eigen::Quaterniond controlRest(rest[j].rotation());
      const Eigen::Vector3d controlRestP = rest[j].translation();
      if (f.kind == FollowKind::Rigid) {
        const Eigen::Quaterniond delta = (R[f.lead] * leadRest.conjugate()).normalized();
        R[j] = (delta * controlRest).normalized();
        P[j] = P[f.lead] + delta * (controlRestP - leadRestP);
      } else {
        Eigen::Vector3d shift = P[f.lead] - leadRestP;
        shift.y() = 0;
        R[j] = controlRest;
        P[j] = controlRestP + shift;
      }
      moved[j] = true;
    } else if (p >= 0 && moved[p] && !s.joints[j].deform) {
      // A control under a moved control (a foot-roll pivot under the foot's IK control) keeps
      // its rest offset from it. Deform bones keep the pose the motion gave them.
      const Eigen::Quaterniond parentRest(rest[p].rotation());
      const Eigen::Quaterniond local =
          parentRest.conjugate() * Eigen::Quaterniond(rest[j].rotation());
      const Eigen::Vector3d offset =
          parentRest.conjugate() * (rest[j].translation() - rest[p].translation());
      R[j] = (R[p] * local).normalized();
      P[j] = P[p] + R[p] * offset;
      moved[j] = true;
    }
  }
}

}  // namespace rw

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

/// The joint an IK chain ending at `owner` reaches: the owner's child nearest its target at
/// rest (the owner's tail), or -1.
int reachedJoint(const Skeleton& s, const std::vector<Transform>& rest, const Constraint& c) {
  int best = -1;
  double bestDistance = 0;
  for (int child : s.children(c.owner)) {
    const double d =
        c.target >= 0 ? (rest[child].translation() - rest[c.target].translation()).norm() : 0.0;
    if (best < 0 || d < bestDistance) best = child, bestDistance = d;
  }
  return best;
}

/// Rules 1-3 of the header: how a constraint ties `control` to the deform bones, or lead -1.
ControlFollower followerFromConstraints(const Skeleton& s, const std::vector<Transform>& rest,
                                        int control) {
  for (const Constraint& c : s.constraints)
    if (copies(c.type) && c.target == control && c.owner >= 0)
      if (const int lead = deformAtOrAbove(s, c.owner); lead >= 0)
        return {control, lead, FollowKind::Rigid};
  for (const Constraint& c : s.constraints) {
    if (c.type != ConstraintType::IK || c.owner < 0) continue;
    if (c.target == control) return {control, deformAtOrAbove(s, c.owner), FollowKind::Rigid};
    if (c.pole != control) continue;
    const int first = deformAtOrAbove(s, chainStart(s, c.owner, c.chainLength));
    return {control, first, FollowKind::Pole, deformAtOrAbove(s, c.owner),
            reachedJoint(s, rest, c)};
  }
  return {control, -1, FollowKind::Rigid};
}

/// A pole at `distance` from the middle joint on the side the chain bends to; false for a
/// chain too straight to have a side.
bool poleInBendPlane(const Eigen::Vector3d& top, const Eigen::Vector3d& middle,
                     const Eigen::Vector3d& end, double distance, Eigen::Vector3d& pole) {
  const Eigen::Vector3d axis = end - top;
  const double length = axis.norm();
  if (length <= 0) return false;
  const Eigen::Vector3d u = axis / length;
  const Eigen::Vector3d bend = (middle - top) - (middle - top).dot(u) * u;
  // Within 2% of the chain's length of straight, the side flips with noise.
  if (bend.norm() < 0.02 * length) return false;
  pole = middle + distance * bend.normalized();
  return true;
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
  const std::vector<Transform> rest = s.restGlobals();
  for (int j = 0; j < s.size(); ++j) {
    if (s.joints[j].deform || (j < int(driven.size()) && driven[j])) continue;
    if (const ControlFollower f = followerFromConstraints(s, rest, j); f.lead >= 0) {
      followers.push_back(f);
    } else if (s.joints[j].parent < 0 && deformBelow[j] && bodyRoot >= 0 && bodyRoot != j) {
      followers.push_back({j, bodyRoot, FollowKind::AlongFloor});
    }
  }
  return followers;
}

void applyControlFollowers(const Skeleton& s, const std::vector<Transform>& rest,
                           const std::vector<ControlFollower>& followers, Eigen::Quaterniond* R,
                           Eigen::Vector3d* P, std::optional<double> floor) {
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
      if (f.kind == FollowKind::Rigid || f.kind == FollowKind::Pole) {
        const Eigen::Quaterniond delta = (R[f.lead] * leadRest.conjugate()).normalized();
        R[j] = (delta * controlRest).normalized();
        P[j] = P[f.lead] + delta * (controlRestP - leadRestP);
        Eigen::Vector3d pole;
        if (f.kind == FollowKind::Pole && f.middle >= 0 && f.end >= 0 &&
            poleInBendPlane(P[f.lead], P[f.middle], P[f.end],
                            (controlRestP - rest[f.middle].translation()).norm(), pole))
          P[j] = pole;
      } else {
        Eigen::Vector3d shift = P[f.lead] - leadRestP;
        shift.y() = 0;
        R[j] = controlRest;
        P[j] = controlRestP + shift;
        if (floor) P[j].y() = *floor;
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

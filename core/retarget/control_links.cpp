#include "retarget/control_links.h"

#include <limits>

namespace rw {

const char* controlLinkKindName(ControlLinkKind kind) {
  switch (kind) {
    case ControlLinkKind::ConstraintOwner:
      return "constraint owner";
    case ControlLinkKind::ConstraintPole:
      return "constraint pole";
    case ControlLinkKind::Parent:
      return "parent";
    case ControlLinkKind::Child:
      return "child";
    case ControlLinkKind::Unlinked:
      return "unlinked";
  }
  return "unlinked";
}

namespace {

/// The deform bone a constraint acting on `owner` really moves: the owner itself when it is a
/// deform bone, else the first deform bone above it (an IK chain on a mechanism bone).
int deformAtOrAbove(const Skeleton& s, int joint) {
  for (int j = joint; j >= 0; j = s.joints[j].parent)
    if (s.joints[j].deform) return j;
  return -1;
}

}  // namespace

std::vector<ControlLink> linkControlBones(const Skeleton& s, const SkeletonGraph& graph,
                                          const GraphSymmetry& symmetry) {
  const int n = s.size();
  std::vector<int> deformOf(n, -1);
  std::vector<ControlLinkKind> kindOf(n, ControlLinkKind::Unlinked);
  for (int j = 0; j < n; ++j)
    if (s.joints[j].deform) deformOf[j] = j;

  // 1. Constraint targets: an IK / copy target follows the constraint's owner, a pole the
  //    owner's parent (the pole sits in front of the knee, which the thigh carries).
  for (const Constraint& c : s.constraints) {
    const int owner = c.owner >= 0 ? deformAtOrAbove(s, c.owner) : -1;
    if (owner < 0) continue;
    if (c.target >= 0 && !s.joints[c.target].deform && deformOf[c.target] < 0) {
      deformOf[c.target] = owner;
      kindOf[c.target] = ControlLinkKind::ConstraintOwner;
    }
    if (c.pole >= 0 && !s.joints[c.pole].deform && deformOf[c.pole] < 0) {
      const int parent =
          s.joints[owner].parent >= 0 ? deformAtOrAbove(s, s.joints[owner].parent) : -1;
      deformOf[c.pole] = parent >= 0 ? parent : owner;
      kindOf[c.pole] = ControlLinkKind::ConstraintPole;
    }
  }
  // 2. Parent chain (parents come first, so a control under a control takes its link).
  for (int j = 0; j < n; ++j) {
    if (deformOf[j] >= 0 || s.joints[j].parent < 0) continue;
    const int p = s.joints[j].parent;
    if (deformOf[p] >= 0) {
      deformOf[j] = deformOf[p];
      kindOf[j] = ControlLinkKind::Parent;
    }
  }
  // 3. Children (roots and other controls with nothing above): the deform descendant on the
  //    lowest symmetry level, nearest the control — the spine rather than a leg.
  auto levelOf = [&](int joint) {
    const int arc = joint < int(graph.arcOfJoint.size()) ? graph.arcOfJoint[joint] : -1;
    const int level = arc >= 0 && arc < int(symmetry.arcs.size()) ? symmetry.arcs[arc].level : 0;
    return level > 0 ? level : std::numeric_limits<int>::max();
  };
  for (int j = n - 1; j >= 0; --j) {
    if (deformOf[j] >= 0) continue;
    // Breadth-first over the descendants, keeping the best (level, depth).
    std::vector<std::pair<int, int>> frontier = {{j, 0}};
    int best = -1, bestLevel = std::numeric_limits<int>::max(), bestDepth = 0;
    for (std::size_t q = 0; q < frontier.size(); ++q) {
      auto [k, depth] = frontier[q];
      for (int c : s.children(k)) {
        if (s.joints[c].deform) {
          const int level = levelOf(c);
          if (best < 0 || level < bestLevel || (level == bestLevel && depth + 1 < bestDepth))
            best = c, bestLevel = level, bestDepth = depth + 1;
        } else {
          frontier.emplace_back(c, depth + 1);
        }
      }
    }
    if (best >= 0) {
      deformOf[j] = best;
      kindOf[j] = ControlLinkKind::Child;
    }
  }
  // Controls under a control linked only in step 3 take that link (parents first again).
  for (int j = 0; j < n; ++j) {
    const int p = s.joints[j].parent;
    if (kindOf[j] == ControlLinkKind::Child && p >= 0 && !s.joints[p].deform && deformOf[p] >= 0) {
      deformOf[j] = deformOf[p];
      kindOf[j] = ControlLinkKind::Parent;
    }
  }

  const std::vector<Transform> globals = s.restGlobals();
  const std::vector<BoneShape> shapes = s.boneShapes();
  std::vector<ControlLink> links;
  for (int j = 0; j < n; ++j) {
    if (s.joints[j].deform) continue;
    ControlLink link;
    link.control = j;
    link.deform = deformOf[j];
    link.kind = link.deform >= 0 ? kindOf[j] : ControlLinkKind::Unlinked;
    if (link.deform >= 0) {
      Transform tip = globals[link.deform];
      tip.translation() = shapes[link.deform].tail;
      link.offsetFromTip = tip.inverse() * globals[j];
    }
    links.push_back(link);
  }
  return links;
}

}  // namespace rw

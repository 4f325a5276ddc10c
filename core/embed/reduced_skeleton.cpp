#include "embed/reduced_skeleton.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace rw {
namespace {

/// Per joint, its nearest deform ancestor (-1: none).
std::vector<int> deformParents(const Skeleton& s) {
  std::vector<int> parent(s.size(), -1);
  for (int j = 0; j < s.size(); ++j) {
    int p = s.joints[j].parent;
    while (p >= 0 && !s.joints[p].deform) p = s.joints[p].parent;
    parent[j] = p;
  }
  return parent;
}

/// Per deform root, its number of deform joints (0 for the others).
std::vector<int> treeSizes(const Skeleton& s, const std::vector<int>& parent) {
  std::vector<int> below(s.size(), 0);
  for (int j = s.size() - 1; j >= 0; --j)
    if (s.joints[j].deform && parent[j] >= 0) below[parent[j]] += 1 + below[j];
  std::vector<int> size(s.size(), 0);
  for (int j = 0; j < s.size(); ++j)
    if (s.joints[j].deform && parent[j] < 0) size[j] = 1 + below[j];
  return size;
}

/// What the reduced skeleton is walked from: its root, and per joint the joint it hangs from
/// there (its nearest deform ancestor, or for a joined tree's root the joint it joins).
struct EmbeddedTrees {
  int root = -1;
  std::vector<int> parent;
};

/// The deform tree with the most joints (a studio rig's props hang elsewhere), with the trees
/// that have ReducedSkeletonParams::joinedTreeShare of its joints and share an ancestor with it
/// hung from its joint nearest their root: a control root holding a quadruped's front and back
/// halves joins them where the two spines meet, not at the control bone (which sits under the
/// belly, off the anatomy).
EmbeddedTrees embeddedTrees(const Skeleton& s, const std::vector<Eigen::Vector3d>& rest,
                            const ReducedSkeletonParams& params) {
  EmbeddedTrees out;
  out.parent = deformParents(s);
  const std::vector<int> size = treeSizes(s, out.parent);
  for (int j = 0; j < s.size(); ++j)
    if (size[j] > 0 && (out.root < 0 || size[j] > size[out.root])) out.root = j;
  if (out.root < 0) return out;
  auto treeOf = [&](int j) {
    while (out.parent[j] >= 0) j = out.parent[j];
    return j;
  };
  auto sharesAnAncestor = [&](int a, int b) {
    std::vector<char> above(s.size(), 0);
    for (int j = s.joints[a].parent; j >= 0; j = s.joints[j].parent) above[j] = 1;
    for (int j = s.joints[b].parent; j >= 0; j = s.joints[j].parent)
      if (above[j]) return true;
    return false;
  };
  std::vector<int> mainTree;
  for (int j = 0; j < s.size(); ++j)
    if (s.joints[j].deform && treeOf(j) == out.root) mainTree.push_back(j);
  for (int r = 0; r < s.size(); ++r) {
    if (r == out.root || size[r] == 0 || size[r] < params.joinedTreeShare * size[out.root] ||
        !sharesAnAncestor(out.root, r))
      continue;
    int nearest = out.root;
    for (int m : mainTree)
      if ((rest[m] - rest[r]).squaredNorm() < (rest[nearest] - rest[r]).squaredNorm()) nearest = m;
    out.parent[r] = nearest;
  }
  return out;
}

}  // namespace

ReducedSkeleton reduceSkeleton(const Skeleton& s, const ReducedSkeletonParams& params) {
  ReducedSkeleton out;
  const std::vector<Transform> globals = s.restGlobals();
  for (const Transform& g : globals) out.rest.push_back(g.translation());
  const EmbeddedTrees trees = embeddedTrees(s, out.rest, params);
  const std::vector<int>& parent = trees.parent;
  const int root = trees.root;
  if (root < 0) return out;
  std::vector<std::vector<int>> children(s.size());
  for (int j = 0; j < s.size(); ++j)
    if (s.joints[j].deform && parent[j] >= 0) children[parent[j]].push_back(j);
  // The skeleton's height, bone tails included (a head joint sits below the top of the head).
  double low = std::numeric_limits<double>::infinity(), high = -low;
  const std::vector<BoneShape> shapes = s.boneShapes();
  for (int j = 0; j < s.size(); ++j)
    if (s.joints[j].deform) {
      low = std::min({low, shapes[j].head.y(), shapes[j].tail.y()});
      high = std::max({high, shapes[j].head.y(), shapes[j].tail.y()});
    }
  out.height = std::max(high - low, 1e-12);
  out.bottom = low;
  // Reach: how far a joint's deform descendants lie from it.
  std::vector<double> reach(s.size(), 0.0);
  for (int j = s.size() - 1; j >= 0; --j)
    for (int c : children[j])
      reach[j] = std::max({reach[j], reach[c] + (out.rest[c] - out.rest[j]).norm(),
                           (out.rest[c] - out.rest[j]).norm()});

  // Walk down from the root: a chain ends at a leaf, at a branching joint, or at a small
  // branching subtree (collapsed: a leaf whose descendants follow it).
  const double collapse = params.collapseFraction * out.height;
  struct Pending {
    int joint;
    int parentReduced;
  };
  std::vector<ReducedJoint> found;
  found.push_back({root, -1, {}, 0.0, Eigen::Vector3d::Zero(), {}, false, -1});
  std::vector<Pending> stack;
  for (int c : children[root]) stack.push_back({c, 0});
  while (!stack.empty()) {
    const Pending p = stack.back();
    stack.pop_back();
    ReducedJoint r;
    r.parent = p.parentReduced;
    int j = p.joint;
    int previous = found[r.parent].joint;
    for (;;) {
      r.chain.push_back(j);
      r.length += (out.rest[j] - out.rest[previous]).norm();
      if (children[j].size() != 1) break;
      previous = j;
      j = children[j][0];
    }
    r.joint = j;
    r.offset = out.rest[j] - out.rest[found[r.parent].joint];
    const int index = int(found.size());
    found[r.parent].children.push_back(index);
    const bool collapsed = children[j].size() > 1 && reach[j] <= collapse;
    if (collapsed) {
      std::vector<int> below = children[j];
      while (!below.empty()) {
        const int f = below.back();
        below.pop_back();
        out.followers.push_back(f);
        for (int c : children[f]) below.push_back(c);
      }
    } else {
      for (int c : children[j]) stack.push_back({c, index});
    }
    found.push_back(std::move(r));
  }
  for (ReducedJoint& r : found)
    r.foot = r.children.empty() && r.parent >= 0 &&
             out.rest[r.joint].y() - low <= params.footFraction * out.height;
  // Mirrors across the root's x.
  out.mirrorTolerance = params.mirrorTolerance * out.height;
  const double midX = out.rest[root].x();
  for (std::size_t a = 0; a < found.size(); ++a)
    for (std::size_t b = 0; b < found.size(); ++b) {
      if (a == b) continue;
      Eigen::Vector3d reflected = out.rest[found[a].joint];
      reflected.x() = 2 * midX - reflected.x();
      if (std::abs(out.rest[found[a].joint].x() - midX) > params.mirrorTolerance * out.height &&
          (reflected - out.rest[found[b].joint]).norm() <= params.mirrorTolerance * out.height)
        found[a].mirror = int(b);
    }

  // Embedding order: parents first, more children first, then longer chains.
  std::vector<int> order{0};
  std::vector<char> taken(found.size(), 0);
  taken[0] = 1;
  while (order.size() < found.size()) {
    int best = -1;
    for (std::size_t i = 0; i < found.size(); ++i) {
      if (taken[i] || !taken[found[i].parent]) continue;
      if (best < 0 || found[i].children.size() > found[best].children.size() ||
          (found[i].children.size() == found[best].children.size() &&
           found[i].length > found[best].length))
        best = int(i);
    }
    taken[best] = 1;
    order.push_back(best);
  }
  std::vector<int> position(found.size());
  for (std::size_t k = 0; k < order.size(); ++k) position[order[k]] = int(k);
  for (int i : order) {
    ReducedJoint r = found[i];
    r.parent = r.parent >= 0 ? position[r.parent] : -1;
    for (int& c : r.children) c = position[c];
    if (r.mirror >= 0) r.mirror = position[r.mirror];
    out.joints.push_back(std::move(r));
  }
  return out;
}

}  // namespace rw

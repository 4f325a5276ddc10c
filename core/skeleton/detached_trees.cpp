#include "skeleton/detached_trees.h"

#include <algorithm>

namespace rw {
namespace {

/// Each joint's root under `parent` (a cycle stops the walk after as many steps as joints).
std::vector<int> rootsOf(const std::vector<int>& parent) {
  std::vector<int> root(parent.size());
  for (std::size_t j = 0; j < parent.size(); ++j) {
    int r = int(j);
    for (std::size_t steps = 0; parent[r] >= 0 && steps <= parent.size(); ++steps) r = parent[r];
    root[j] = r;
  }
  return root;
}

/// Per root, how many `eligible` joints its tree holds (0 for a joint that is no root).
std::vector<int> treeSizes(const std::vector<int>& root, const std::vector<char>& eligible) {
  std::vector<int> size(root.size(), 0);
  for (std::size_t j = 0; j < root.size(); ++j)
    if (eligible[j]) ++size[root[j]];
  return size;
}

/// `skeleton` with the parents `parent`, rest globals `rest` kept, joints reordered parents
/// first (depth first from the roots, in joint order). Constraints are left out: the copy is
/// for analysis.
Skeleton reparented(const Skeleton& skeleton, const std::vector<int>& parent,
                    const std::vector<Transform>& rest) {
  const int n = skeleton.size();
  std::vector<std::vector<int>> children(n);
  for (int j = 0; j < n; ++j)
    if (parent[j] >= 0) children[parent[j]].push_back(j);
  std::vector<int> order, newIndex(n, -1);
  for (int r = 0; r < n; ++r) {
    if (parent[r] >= 0) continue;
    std::vector<int> stack = {r};
    while (!stack.empty()) {
      const int j = stack.back();
      stack.pop_back();
      newIndex[j] = int(order.size());
      order.push_back(j);
      for (auto c = children[j].rbegin(); c != children[j].rend(); ++c) stack.push_back(*c);
    }
  }
  Skeleton out;
  for (int j : order) {
    Joint joint = skeleton.joints[j];
    joint.parent = parent[j] >= 0 ? newIndex[parent[j]] : -1;
    joint.restLocal = parent[j] >= 0 ? Transform(rest[parent[j]].inverse() * rest[j]) : rest[j];
    out.joints.push_back(std::move(joint));
  }
  return out;
}

}  // namespace

void joinDetachedTrees(int start, const std::vector<char>& eligible,
                       const std::vector<Eigen::Vector3d>& position, double reach,
                       const DetachedTreeParams& params, std::vector<int>& parent) {
  const int n = int(parent.size());
  if (start < 0 || start >= n) return;
  // Trees are told by their roots before any joins: a joined tree brings all its joints along.
  const std::vector<int> root = rootsOf(parent);
  const std::vector<int> treeSize = treeSizes(root, eligible);
  std::vector<char> joined(n, 0);
  const auto join = [&](int tree) {
    for (int j = 0; j < n; ++j)
      if (root[j] == tree && eligible[j]) joined[j] = 1;
  };
  join(root[start]);
  while (true) {
    int bestRoot = -1, bestAt = -1;
    double nearest = params.reach * reach;
    for (int r = 0; r < n; ++r) {
      if (!eligible[r] || joined[r] || parent[r] >= 0 || treeSize[r] < params.minTreeJoints)
        continue;
      for (int k = 0; k < n; ++k)
        if (joined[k])
          if (const double d = (position[r] - position[k]).norm(); d < nearest)
            nearest = d, bestRoot = r, bestAt = k;
    }
    if (bestRoot < 0) return;
    parent[bestRoot] = bestAt;
    join(bestRoot);
  }
}

Skeleton withDetachedTreesJoined(const Skeleton& skeleton, const DetachedTreeParams& params) {
  const int n = skeleton.size();
  std::vector<int> parent(n);
  std::vector<char> deform(n);
  for (int j = 0; j < n; ++j)
    parent[j] = skeleton.joints[j].parent, deform[j] = skeleton.joints[j].deform;
  // The largest deform tree is the body; the reach is measured from its root.
  const std::vector<int> treeSize = treeSizes(rootsOf(parent), deform);
  int body = -1;
  for (int r = 0; r < n; ++r)
    if (treeSize[r] > 0 && (body < 0 || treeSize[r] > treeSize[body])) body = r;
  if (body < 0) return skeleton;
  const std::vector<Transform> rest = skeleton.restGlobals();
  std::vector<Eigen::Vector3d> position(n);
  double reach = 0.0;
  for (int j = 0; j < n; ++j) {
    position[j] = rest[j].translation();
    if (deform[j]) reach = std::max(reach, (position[j] - position[body]).norm());
  }
  joinDetachedTrees(body, deform, position, reach, params, parent);
  for (int j = 0; j < n; ++j)
    if (parent[j] != skeleton.joints[j].parent) return reparented(skeleton, parent, rest);
  return skeleton;  // nothing joined: the joints keep their order
}

}  // namespace rw

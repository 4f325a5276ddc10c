#include "skeleton/skeleton_graph.h"

#include <algorithm>
#include <limits>
#include <queue>

namespace rw {
namespace {

/// Joints in the graph: deform joints, and control joints lying on the way between two deform
/// joints of the same tree (a shoulder control between the legs and the spine); not `leftOut`.
std::vector<char> jointsInGraph(const Skeleton& s, int head, const std::vector<int>& leftOut) {
  const int n = s.size();
  std::vector<int> deformInSubtree(n, 0), treeRoot(n, -1), childrenWithDeform(n, 0);
  for (int j = n - 1; j >= 0; --j) {
    if (s.joints[j].deform) ++deformInSubtree[j];
    const int p = s.joints[j].parent;
    if (p >= 0 && deformInSubtree[j] > 0) {
      deformInSubtree[p] += deformInSubtree[j];
      ++childrenWithDeform[p];
    }
  }
  for (int j = 0; j < n; ++j) {
    const int p = s.joints[j].parent;
    treeRoot[j] = p >= 0 ? treeRoot[p] : j;
  }
  std::vector<char> inGraph(n, 0);
  for (int j = 0; j < n; ++j) {
    const bool deformElsewhere = deformInSubtree[treeRoot[j]] > deformInSubtree[j];
    inGraph[j] = s.joints[j].deform ||
                 (deformInSubtree[j] > 0 && (deformElsewhere || childrenWithDeform[j] >= 2));
  }
  for (int j : leftOut)
    if (j >= 0 && j < n && j != head) inGraph[j] = 0;
  return inGraph;
}

/// Each joint's parent in the graph: its own, except a deform joint hung from a parent far away
/// where another chain ends (a game rig's head parented to the pelvis at the neck's end): it
/// hangs from that chain's end joint, where the body carries it. -1: none.
std::vector<int> graphParents(const Skeleton& s, const std::vector<char>& inGraph,
                              const std::vector<Eigen::Vector3d>& head3,
                              const std::vector<Eigen::Vector3d>& tail, double extent,
                              const SkeletonGraphParams& params) {
  const int n = s.size();
  std::vector<int> parent(n, -1), children(n, 0);
  for (int j = 0; j < n; ++j) {
    const int p = s.joints[j].parent;
    if (p >= 0 && inGraph[j] && inGraph[p]) parent[j] = p, ++children[p];
  }
  auto isAbove = [&](int a, int j) {  // a is j or above it, in the graph parents so far
    for (int steps = 0; j >= 0 && steps <= n; j = parent[j], ++steps)
      if (j == a) return true;
    return false;
  };
  for (int j = 0; j < n; ++j) {
    const int p = parent[j];
    // (A control parent bound far away is a connector, placeConnectors, not a detached bone.)
    if (p < 0 || !s.joints[j].deform || !s.joints[p].deform) continue;
    const double far = (head3[j] - head3[p]).norm();
    if (far <= params.farParent * extent) continue;
    int best = -1;
    double nearest = params.nearerEnd * far;
    for (int k = 0; k < n; ++k) {
      if (!inGraph[k] || !s.joints[k].deform || children[k] > 0 || k == j || isAbove(j, k))
        continue;
      const double d = std::min((head3[j] - head3[k]).norm(), (head3[j] - tail[k]).norm());
      if (d < nearest) nearest = d, best = k;
    }
    if (best < 0) continue;
    --children[p];
    parent[j] = best;
    ++children[best];
  }
  return parent;
}

/// A control joint connecting deform chains is often bound far from them (a root at the floor
/// that the shoulders and spine hang from): in the graph it stands where the deform joints next
/// to it do, or its chains would run through the floor and back. One bound among them
/// (params.connectorSpan) stays where it is.
void placeConnectors(const Skeleton& s, const std::vector<char>& inGraph,
                     const std::vector<std::vector<int>>& adjacent,
                     const std::vector<Transform>& globals, const SkeletonGraphParams& params,
                     std::vector<Eigen::Vector3d>& head3) {
  for (int j = 0; j < s.size(); ++j) {
    if (!inGraph[j] || s.joints[j].deform) continue;
    std::vector<Eigen::Vector3d> around;
    for (int k : adjacent[j])
      if (s.joints[k].deform) around.push_back(globals[k].translation());
    head3[j] = connectorPosition(head3[j], around, params);
  }
}

}  // namespace

Eigen::Vector3d connectorPosition(const Eigen::Vector3d& at,
                                  const std::vector<Eigen::Vector3d>& around,
                                  const SkeletonGraphParams& params) {
  if (around.empty()) return at;
  double span = 0.0, nearest = std::numeric_limits<double>::infinity();
  Eigen::Vector3d mean = Eigen::Vector3d::Zero();
  for (const Eigen::Vector3d& a : around) {
    mean += a;
    nearest = std::min(nearest, (a - at).norm());
    for (const Eigen::Vector3d& b : around) span = std::max(span, (a - b).norm());
  }
  if (around.size() >= 2 && nearest <= params.connectorSpan * span) return at;
  return mean / double(around.size());
}

namespace {

/// The walk from the head: children in the walk and distance along the bones.
struct HeadWalk {
  std::vector<std::vector<int>> down;
  std::vector<double> distance;
};

HeadWalk walkFromHead(int head, const std::vector<std::vector<int>>& adjacent,
                      const std::vector<Eigen::Vector3d>& head3) {
  const int n = int(adjacent.size());
  HeadWalk w{std::vector<std::vector<int>>(n), std::vector<double>(n, 0.0)};
  std::vector<char> seen(n, 0);
  std::queue<int> queue;
  queue.push(head);
  seen[head] = 1;
  while (!queue.empty()) {
    const int j = queue.front();
    queue.pop();
    for (int k : adjacent[j])
      if (!seen[k]) {
        seen[k] = 1;
        w.down[j].push_back(k);
        w.distance[k] = w.distance[j] + (head3[k] - head3[j]).norm();
        queue.push(k);
      }
  }
  return w;
}

/// Chains: from a node joint, follow single children until a branching or an end.
SkeletonGraph chainsOf(int head, int n, const HeadWalk& w,
                       const std::vector<Eigen::Vector3d>& head3,
                       const std::vector<Eigen::Vector3d>& tail) {
  SkeletonGraph result;
  TopologyGraph& g = result.graph;
  result.arcOfJoint.assign(n, -1);
  auto addNode = [&](int joint, const Eigen::Vector3d& position, double f) {
    GraphNode node;
    node.position = position;
    node.f = f;
    node.source = joint;
    g.nodes.push_back(node);
    result.nodeJoint.push_back(joint);
    return g.nodeCount() - 1;
  };
  g.root = addNode(head, head3[head], 0.0);
  std::queue<std::pair<int, int>> starts;  // (node, first joint of the chain)
  for (int k : w.down[head]) starts.emplace(g.root, k);
  while (!starts.empty()) {
    auto [fromNode, j] = starts.front();
    starts.pop();
    std::vector<int> members = {result.nodeJoint[fromNode]};
    std::vector<Eigen::Vector3d> polyline = {g.nodes[fromNode].position};
    while (true) {
      members.push_back(j);
      polyline.push_back(head3[j]);
      if (w.down[j].size() != 1) break;
      j = w.down[j].front();
    }
    int toNode;
    if (w.down[j].empty()) {  // a chain end: the limb ends at the end bone's tail
      const Eigen::Vector3d end = tail[j];
      toNode = addNode(j, end, w.distance[j] + (end - head3[j]).norm());
      polyline.push_back(end);
    } else {  // a branching: the chain's last joint is the node itself
      toNode = addNode(j, head3[j], w.distance[j]);
      for (int k : w.down[j]) starts.emplace(toNode, k);
    }
    const int arc = g.addArc(fromNode, toNode, std::move(polyline), members);
    for (std::size_t m = 1; m < members.size(); ++m) result.arcOfJoint[members[m]] = arc;
  }
  return result;
}

}  // namespace

Expected<SkeletonGraph> buildSkeletonGraph(const Skeleton& s, int head,
                                           const std::vector<int>& leftOut,
                                           const SkeletonGraphParams& params) {
  const int n = s.size();
  if (head < 0 || head >= n) return Error{"head joint " + std::to_string(head) + " does not exist"};
  if (!s.joints[head].deform)
    return Error{"head joint '" + s.joints[head].name + "' is a control bone"};

  const std::vector<Transform> globals = s.restGlobals();
  double extent = 0.0;
  for (const Transform& g : globals)
    extent = std::max(extent, (g.translation() - globals[head].translation()).norm());
  std::vector<Eigen::Vector3d> head3(n), tail(n);
  const std::vector<BoneShape> shapes = s.boneShapes(std::max(extent, 1e-9));
  for (int j = 0; j < n; ++j) head3[j] = shapes[j].head, tail[j] = shapes[j].tail;

  const std::vector<char> inGraph = jointsInGraph(s, head, leftOut);
  std::vector<int> parent = graphParents(s, inGraph, head3, tail, extent, params);
  joinDetachedTrees(head, inGraph, head3, extent, params.detachedTrees, parent);
  std::vector<std::vector<int>> adjacent(n);
  for (int j = 0; j < n; ++j)
    if (parent[j] >= 0) adjacent[j].push_back(parent[j]), adjacent[parent[j]].push_back(j);
  placeConnectors(s, inGraph, adjacent, globals, params, head3);
  return chainsOf(head, n, walkFromHead(head, adjacent, head3), head3, tail);
}

}  // namespace rw

#include "skeleton/skeleton_graph.h"

#include <algorithm>
#include <queue>

namespace rw {

Expected<SkeletonGraph> buildSkeletonGraph(const Skeleton& s, int head,
                                           const std::vector<int>& leftOut) {
  const int n = s.size();
  if (head < 0 || head >= n) return Error{"head joint " + std::to_string(head) + " does not exist"};
  if (!s.joints[head].deform)
    return Error{"head joint '" + s.joints[head].name + "' is a control bone"};

  // Joints in the graph: deform joints, and control joints lying on the way between two
  // deform joints of the same tree (a shoulder control between the legs and the spine).
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
  std::vector<std::vector<int>> adjacent(n);
  for (int j = 0; j < n; ++j) {
    const int p = s.joints[j].parent;
    if (p >= 0 && inGraph[j] && inGraph[p]) adjacent[j].push_back(p), adjacent[p].push_back(j);
  }

  const std::vector<Transform> globals = s.restGlobals();
  double extent = 0.0;
  for (const Transform& g : globals)
    extent = std::max(extent, (g.translation() - globals[head].translation()).norm());
  std::vector<Eigen::Vector3d> head3(n), tail(n);
  const std::vector<BoneShape> shapes = s.boneShapes(std::max(extent, 1e-9));
  for (int j = 0; j < n; ++j) {
    const BoneShape& b = shapes[j];
    head3[j] = b.head;
    tail[j] = b.tail;
  }
  // A control joint connecting deform chains is often bound far from them (a root at the
  // floor that the shoulders and spine hang from): in the graph it stands where the deform
  // joints next to it do, or its chains would run through the floor and back.
  for (int j = 0; j < n; ++j) {
    if (!inGraph[j] || s.joints[j].deform) continue;
    Eigen::Vector3d sum = Eigen::Vector3d::Zero();
    int count = 0;
    for (int k : adjacent[j])
      if (s.joints[k].deform) sum += globals[k].translation(), ++count;
    if (count > 0) head3[j] = sum / count;
  }

  // Walk from the head: parent in the walk, children in the walk, distance along the bones.
  std::vector<int> up(n, -2);
  std::vector<std::vector<int>> down(n);
  std::vector<double> distance(n, 0.0);
  std::queue<int> queue;
  queue.push(head);
  up[head] = -1;
  while (!queue.empty()) {
    const int j = queue.front();
    queue.pop();
    for (int k : adjacent[j])
      if (up[k] == -2) {
        up[k] = j;
        down[j].push_back(k);
        distance[k] = distance[j] + (head3[k] - head3[j]).norm();
        queue.push(k);
      }
  }

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
  // Chains: from a node joint, follow single children until a branching or an end.
  std::queue<std::pair<int, int>> starts;  // (node, first joint of the chain)
  for (int k : down[head]) starts.emplace(g.root, k);
  while (!starts.empty()) {
    auto [fromNode, j] = starts.front();
    starts.pop();
    std::vector<int> members = {result.nodeJoint[fromNode]};
    std::vector<Eigen::Vector3d> polyline = {g.nodes[fromNode].position};
    while (true) {
      members.push_back(j);
      polyline.push_back(head3[j]);
      if (down[j].size() != 1) break;
      j = down[j].front();
    }
    int toNode;
    if (down[j].empty()) {  // a chain end: the limb ends at the end bone's tail
      const Eigen::Vector3d end = tail[j];
      toNode = addNode(j, end, distance[j] + (end - head3[j]).norm());
      polyline.push_back(end);
    } else {  // a branching: the chain's last joint is the node itself
      toNode = addNode(j, head3[j], distance[j]);
      for (int k : down[j]) starts.emplace(toNode, k);
    }
    const int arc = g.addArc(fromNode, toNode, std::move(polyline), members);
    for (std::size_t m = 1; m < members.size(); ++m) result.arcOfJoint[members[m]] = arc;
  }
  return result;
}

}  // namespace rw

#include "multires/filter_graph.h"

#include <algorithm>
#include <functional>
#include <numeric>
#include <queue>
#include <utility>

#include "graph/rooted_tree.h"

namespace rw {

/// Leaf siblings up to this much longer than a pruned leaf arc are pruned with it (the symmetry
/// length threshold's default tolerance, SymmetryParams::lengthThreshold = 0.25 of the longer).
constexpr double kTwinRatio = 1.0 / (1.0 - 0.25);

namespace {

struct WorkArc {
  int from = -1;
  int to = -1;
  std::vector<Eigen::Vector3d> polyline;
  std::vector<int> members;
  std::vector<int> fine;  ///< arcs of the input graph this arc is made of, in order
  double length = 0.0;
  int version = 0;  ///< bumped on every change, to skip stale queue entries
  bool alive = true;
};

struct WorkNode {
  int parentArc = -1;
  std::vector<int> children;  ///< arcs to the children
  bool alive = true;
};

/// `first` followed by `second`; an element repeated at the junction (a skeleton chain's shared
/// joint) is kept once.
std::vector<int> joinMembers(const std::vector<int>& first, const std::vector<int>& second) {
  std::vector<int> result = first;
  auto begin = second.begin();
  if (!result.empty() && !second.empty() && result.back() == second.front()) ++begin;
  result.insert(result.end(), begin, second.end());
  return result;
}

/// `first` then `second` without its first point (the shared node position).
std::vector<Eigen::Vector3d> joinPolylines(const std::vector<Eigen::Vector3d>& first,
                                           const std::vector<Eigen::Vector3d>& second) {
  std::vector<Eigen::Vector3d> result = first;
  result.insert(result.end(), second.begin() + 1, second.end());
  return result;
}

std::vector<int> concat(const std::vector<int>& first, const std::vector<int>& second) {
  std::vector<int> result = first;
  result.insert(result.end(), second.begin(), second.end());
  return result;
}

/// The filtering state: the input graph as mutable arcs and nodes, dead ones flagged.
class Filter {
 public:
  Filter(const TopologyGraph& graph, const RootedTree& tree) : root_(graph.root) {
    nodes_.resize(graph.nodeCount());
    arcs_.resize(graph.arcCount());
    for (int a = 0; a < graph.arcCount(); ++a) {
      const GraphArc& in = graph.arcs[a];
      WorkArc& arc = arcs_[a];
      arc.to = tree.childNode[a];
      arc.from = graph.other(a, arc.to);
      arc.polyline = in.polyline;
      arc.members = in.members;
      if (arc.to != in.to) {  // stored pointing to the root: orient it away from the root
        std::reverse(arc.polyline.begin(), arc.polyline.end());
        std::reverse(arc.members.begin(), arc.members.end());
      }
      arc.fine = {a};
      nodes_[arc.to].parentArc = a;
      nodes_[arc.from].children.push_back(a);
    }
    aliveArcs_ = graph.arcCount();
    for (WorkArc& arc : arcs_) arc.length = filterLength(arc);
  }

  void run(double threshold) {
    for (int a = 0; a < static_cast<int>(arcs_.size()); ++a)
      queue_.push({arcs_[a].length, a, arcs_[a].version});
    for (int n = 0; n < static_cast<int>(nodes_.size()); ++n) mergeDegree2Chain(n);
    while (!queue_.empty() && aliveArcs_ > 1) {
      const Entry top = queue_.top();
      queue_.pop();
      const WorkArc& arc = arcs_[top.arc];
      if (!arc.alive || arc.version != top.version) continue;
      if (arc.length >= threshold) break;  // every remaining arc is at least as long
      if (nodes_[arc.to].children.empty()) {
        // Twins go together: leaf siblings at most kTwinRatio longer are pruned with this arc,
        // so a symmetric pair (two horns) never loses one side only — after one prune the
        // node would merge and the other side, now longer, would survive.
        const int from = arc.from;
        const double limit = kTwinRatio * arc.length;
        std::vector<int> twins;
        for (int sibling : nodes_[from].children)
          if (sibling != top.arc && nodes_[arcs_[sibling].to].children.empty() &&
              arcs_[sibling].length <= limit)
            twins.push_back(sibling);
        prune(top.arc);
        for (int twin : twins)
          if (arcs_[twin].alive && aliveArcs_ > 1) prune(twin);
      } else
        collapse(top.arc);
    }
  }

  const std::vector<WorkNode>& nodes() const { return nodes_; }
  const std::vector<WorkArc>& arcs() const { return arcs_; }

 private:
  struct Entry {
    double length;
    int arc;
    int version;
    bool operator>(const Entry& o) const {
      return length != o.length ? length > o.length : arc > o.arc;
    }
  };

  /// What an arc is filtered by: an external arc by its span, how far its extremity stands
  /// out from the node it branches at; an internal arc by its embedding length (see the header).
  double filterLength(const WorkArc& arc) const {
    if (nodes_[arc.to].children.empty()) return (arc.polyline.back() - arc.polyline.front()).norm();
    return polylineLength(arc.polyline);
  }

  void touch(int a) {
    WorkArc& arc = arcs_[a];
    arc.length = filterLength(arc);
    ++arc.version;
    queue_.push({arc.length, a, arc.version});
  }

  void kill(int a) {
    arcs_[a].alive = false;
    --aliveArcs_;
  }

  void detachChild(int node, int a) {
    auto& children = nodes_[node].children;
    children.erase(std::find(children.begin(), children.end(), a));
  }

  /// External arc (Figure 3b): removed with its leaf.
  void prune(int a) {
    const int from = arcs_[a].from;
    detachChild(from, a);
    nodes_[arcs_[a].to].alive = false;
    kill(a);
    mergeDegree2Chain(from);
  }

  /// Internal arc (Figure 3a): merged into its end nearer the head.
  void collapse(int a) {
    WorkArc& arc = arcs_[a];
    const int near = arc.from, far = arc.to;
    detachChild(near, a);
    for (int c : nodes_[far].children) {
      WorkArc& child = arcs_[c];
      child.from = near;
      // The merged arc's far node is gone; its children now start at `near`, reached by the
      // straight hop between the two nodes. Prepending the merged arc's whole polyline instead
      // would add its wiggles to every child's length: after a few merges in a noisy region
      // (a horned, eared head: a chain of saddles) short limbs grow past
      // the threshold and survive on every level.
      child.polyline = joinPolylines({arc.polyline.front(), arc.polyline.back()}, child.polyline);
      child.members = joinMembers(arc.members, child.members);
      child.fine = concat(arc.fine, child.fine);
      nodes_[near].children.push_back(c);
      touch(c);
    }
    nodes_[far].children.clear();
    nodes_[far].alive = false;
    kill(a);
    mergeDegree2Chain(near);
  }

  /// Figure 3c: while `node` is a non-root node with one parent and one child, its two arcs
  /// become one (the parent arc, extended to the child's far end).
  void mergeDegree2Chain(int node) {
    while (node != root_ && nodes_[node].alive && nodes_[node].children.size() == 1 &&
           nodes_[node].parentArc >= 0) {
      const int p = nodes_[node].parentArc, c = nodes_[node].children.front();
      WorkArc& parent = arcs_[p];
      WorkArc& child = arcs_[c];
      parent.to = child.to;
      parent.polyline = joinPolylines(parent.polyline, child.polyline);
      parent.members = joinMembers(parent.members, child.members);
      parent.fine = concat(parent.fine, child.fine);
      nodes_[child.to].parentArc = p;
      nodes_[node].alive = false;
      nodes_[node].children.clear();
      kill(c);
      touch(p);
      node = parent.to;
    }
  }

  int root_;
  std::vector<WorkNode> nodes_;
  std::vector<WorkArc> arcs_;
  int aliveArcs_ = 0;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> queue_;
};

FilteredGraph identity(const TopologyGraph& graph) {
  FilteredGraph result{graph, {}};
  LevelLinks& links = result.links;
  links.nodeFiner.resize(graph.nodeCount());
  std::iota(links.nodeFiner.begin(), links.nodeFiner.end(), 0);
  links.nodeCoarser = links.nodeFiner;
  links.arcCoarser.resize(graph.arcCount());
  std::iota(links.arcCoarser.begin(), links.arcCoarser.end(), 0);
  for (int a = 0; a < graph.arcCount(); ++a) links.arcFiner.push_back({a});
  links.arcCollapsedInto.assign(graph.arcCount(), -1);
  return result;
}

}  // namespace

FilteredGraph filterGraph(const TopologyGraph& graph, double threshold) {
  const RootedTree tree = rootTree(graph);
  if (!tree.isTree) return identity(graph);
  if (threshold <= 0.0) return identity(orientedFromRoot(graph));

  Filter filter(graph, tree);
  filter.run(threshold);

  FilteredGraph result;
  TopologyGraph& coarse = result.graph;
  LevelLinks& links = result.links;
  links.nodeCoarser.assign(graph.nodeCount(), -1);
  for (int n = 0; n < graph.nodeCount(); ++n) {
    if (!filter.nodes()[n].alive) continue;
    links.nodeCoarser[n] = coarse.nodeCount();
    links.nodeFiner.push_back(n);
    GraphNode node = graph.nodes[n];
    node.arcs.clear();
    coarse.nodes.push_back(std::move(node));
  }
  coarse.root = links.nodeCoarser[graph.root];

  // Which coarse arcs contain each input arc.
  std::vector<std::vector<int>> containers(graph.arcCount());
  for (int a = 0; a < graph.arcCount(); ++a) {
    const WorkArc& work = filter.arcs()[a];
    if (!work.alive) continue;
    const int index = coarse.arcCount();
    GraphArc arc;
    arc.from = links.nodeCoarser[work.from];
    arc.to = links.nodeCoarser[work.to];
    arc.polyline = work.polyline;
    arc.length = polylineLength(arc.polyline);
    arc.members = work.members;
    coarse.arcs.push_back(std::move(arc));
    links.arcFiner.push_back(work.fine);
    for (int f : work.fine) containers[f].push_back(index);
  }
  coarse.rebuildIncidence();

  links.arcCoarser.assign(graph.arcCount(), -1);
  links.arcCollapsedInto.assign(graph.arcCount(), -1);
  for (int f = 0; f < graph.arcCount(); ++f) {
    if (containers[f].size() == 1)
      links.arcCoarser[f] = containers[f].front();
    else if (containers[f].size() > 1)  // a collapsed internal arc: a prefix of all of them
      links.arcCollapsedInto[f] = coarse.arcs[containers[f].front()].from;
  }
  return result;
}

}  // namespace rw

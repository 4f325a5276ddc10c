#include "symmetry/mirror_joints.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <utility>

namespace rw {
namespace {

/// The arc entering each node from the head side (-1 for the root).
std::vector<int> arcIntoNode(const TopologyGraph& g) {
  std::vector<int> into(std::size_t(g.nodeCount()), -1);
  for (int a = 0; a < g.arcCount(); ++a)
    if (g.arcs[a].to >= 0) into[std::size_t(g.arcs[a].to)] = a;
  return into;
}

/// An axial arc's pair: the other axial arc of its group on the other side.
int axialTwin(const GraphSymmetry& symmetry, int arc) {
  const ArcSymmetry& s = symmetry.arcs[std::size_t(arc)];
  if (s.tag != SymmetryTag::Axial || s.group < 0) return -1;
  for (int other : symmetry.groups[std::size_t(s.group)].arcs)
    if (other != arc && symmetry.arcs[std::size_t(other)].tag == SymmetryTag::Axial &&
        symmetry.arcs[std::size_t(other)].side != s.side)
      return other;
  return -1;
}

/// The child of `twinNode` matching `arc` (a child of `node`): its far end nearest to the
/// reflection of `arc`'s far end across the plane halfway between the two nodes.
int childTwin(const TopologyGraph& g, int arc, int node, int twinNode) {
  const Eigen::Vector3d& here = g.nodes[std::size_t(node)].position;
  const Eigen::Vector3d& there = g.nodes[std::size_t(twinNode)].position;
  const Eigen::Vector3d target =
      reflectAcrossBisector(g.nodes[std::size_t(g.arcs[arc].to)].position, here, there);
  int best = -1;
  double nearest = std::numeric_limits<double>::infinity();
  for (int c : g.nodes[std::size_t(twinNode)].arcs) {
    if (g.arcs[c].from != twinNode) continue;
    const double d = (g.nodes[std::size_t(g.arcs[c].to)].position - target).norm();
    if (d < nearest) nearest = d, best = c;
  }
  return best;
}

/// The skeleton's mirror plane: through the primary axis (the mean of its nodes; without one,
/// of the axial pairs' midpoints), square to the mean direction across its axial pairs' ends.
struct MirrorPlane {
  Eigen::Vector3d point = Eigen::Vector3d::Zero();
  Eigen::Vector3d normal = Eigen::Vector3d::UnitX();
  Eigen::Vector3d reflect(const Eigen::Vector3d& p) const {
    return p - 2.0 * (p - point).dot(normal) * normal;
  }
};

std::optional<MirrorPlane> mirrorPlane(const TopologyGraph& g, const GraphSymmetry& symmetry) {
  Eigen::Vector3d across = Eigen::Vector3d::Zero(), midpoints = Eigen::Vector3d::Zero();
  int pairs = 0;
  for (int a = 0; a < g.arcCount(); ++a) {
    const int b = axialTwin(symmetry, a);
    if (b < a) continue;  // each pair once
    Eigen::Vector3d d =
        g.nodes[std::size_t(g.arcs[a].to)].position - g.nodes[std::size_t(g.arcs[b].to)].position;
    if (!(d.norm() > 0.0)) continue;
    d.normalize();
    across += pairs > 0 && d.dot(across) < 0.0 ? -d : d;
    midpoints += 0.5 * (g.nodes[std::size_t(g.arcs[a].to)].position +
                        g.nodes[std::size_t(g.arcs[b].to)].position);
    ++pairs;
  }
  if (pairs == 0 || !(across.norm() > 0.0)) return std::nullopt;
  MirrorPlane plane;
  plane.normal = across.normalized();
  Eigen::Vector3d axis = Eigen::Vector3d::Zero();
  int onAxis = 0;
  for (int a = 0; a < g.arcCount(); ++a)
    if (symmetry.arcs[std::size_t(a)].tag == SymmetryTag::Primary)
      for (int node : {g.arcs[a].from, g.arcs[a].to})
        axis += g.nodes[std::size_t(node)].position, ++onAxis;
  plane.point = onAxis > 0 ? Eigen::Vector3d(axis / onAxis) : Eigen::Vector3d(midpoints / pairs);
  return plane;
}

/// A sibling arc (same start node) whose far end is where `arc`'s reflects to across the mirror
/// plane, within `tolerance` of the arc's chord: face bones, ears and the like that symmetry
/// detection leaves in one radial group with the ones of the middle.
int siblingTwin(const TopologyGraph& g, int arc, const MirrorPlane& plane, double tolerance) {
  const GraphArc& mine = g.arcs[arc];
  const Eigen::Vector3d from = g.nodes[std::size_t(mine.from)].position;
  const Eigen::Vector3d end = g.nodes[std::size_t(mine.to)].position;
  const Eigen::Vector3d target = plane.reflect(end);
  const double limit = tolerance * std::max((end - from).norm(), 1e-12);
  if ((target - end).norm() <= limit) return -1;  // it lies on the plane: its own twin
  int best = -1;
  double nearest = limit;
  for (int c : g.nodes[std::size_t(mine.from)].arcs) {
    if (c == arc || g.arcs[c].from != mine.from) continue;
    const double d = (g.nodes[std::size_t(g.arcs[c].to)].position - target).norm();
    if (d <= nearest) nearest = d, best = c;
  }
  return best;
}

/// Siblings' reflections count as twins within this share of the arc's chord.
constexpr double kSiblingTolerance = 0.25;

}  // namespace

Eigen::Vector3d reflectAcrossBisector(const Eigen::Vector3d& point, const Eigen::Vector3d& a,
                                      const Eigen::Vector3d& b) {
  const Eigen::Vector3d d = b - a;
  const double n2 = d.squaredNorm();
  if (!(n2 > 0.0)) return point;
  const Eigen::Vector3d mid = 0.5 * (a + b);
  return point - 2.0 * (point - mid).dot(d) / n2 * d;
}

std::vector<int> mirrorJoints(const SkeletonGraph& graph, const GraphSymmetry& symmetry) {
  const TopologyGraph& g = graph.graph;
  std::vector<int> twin(graph.arcOfJoint.size(), -1);
  if (symmetry.arcs.size() != g.arcs.size()) return twin;
  // Arcs from the head outwards (an arc's parent before it), each with its twin arc.
  std::vector<int> order(std::size_t(g.arcCount()));
  for (int a = 0; a < g.arcCount(); ++a) order[std::size_t(a)] = a;
  std::sort(order.begin(), order.end(), [&](int a, int b) {
    return g.nodes[std::size_t(g.arcs[a].from)].f < g.nodes[std::size_t(g.arcs[b].from)].f;
  });
  const std::vector<int> into = arcIntoNode(g);
  std::vector<int> twinArc(std::size_t(g.arcCount()), -1);
  const std::optional<MirrorPlane> plane = mirrorPlane(g, symmetry);
  for (int a : order) {
    twinArc[std::size_t(a)] = axialTwin(symmetry, a);
    if (twinArc[std::size_t(a)] >= 0) continue;
    const int parent = into[std::size_t(g.arcs[a].from)];
    const int parentTwin = parent >= 0 ? twinArc[std::size_t(parent)] : -1;
    if (parentTwin >= 0 && parentTwin != parent)
      twinArc[std::size_t(a)] = childTwin(g, a, g.arcs[a].from, g.arcs[parentTwin].to);
    else if (plane)
      twinArc[std::size_t(a)] = siblingTwin(g, a, *plane, kSiblingTolerance);
  }
  // Joints along twinned chains, k-th to k-th (by share of the chain when lengths differ).
  for (int a = 0; a < g.arcCount(); ++a) {
    const int b = twinArc[std::size_t(a)];
    if (b < 0) continue;
    const std::vector<int>& mine = g.arcs[a].members;
    const std::vector<int>& theirs = g.arcs[b].members;
    if (mine.empty() || theirs.empty()) continue;
    for (std::size_t k = 0; k < mine.size(); ++k) {
      const std::size_t t = mine.size() == 1
                                ? 0
                                : std::size_t(std::lround(double(k) * double(theirs.size() - 1) /
                                                          double(mine.size() - 1)));
      const int j = mine[k];
      if (j >= 0 && std::size_t(j) < twin.size() && theirs[t] != j)
        twin[std::size_t(j)] = theirs[t];
    }
  }
  return twin;
}

}  // namespace rw

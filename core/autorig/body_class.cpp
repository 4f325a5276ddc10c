#include "autorig/body_class.h"

#include <Eigen/Geometry>
#include <cmath>
#include <sstream>
#include <tuple>

#include "autorig/frozen_edges.h"

namespace rw {

const char* bodyClassName(BodyClass c) {
  switch (c) {
    case BodyClass::Biped:
      return "biped";
    case BodyClass::Quadruped:
      return "quadruped";
    case BodyClass::Generic:
      return "generic";
  }
  return "generic";
}

namespace {

/// Node of `arc` that lies on the branching (the end nearer the head).
int branchingEnd(const TopologyGraph& g, const AxisBranching& b, int arc) {
  for (int n : b.nodes)
    if (g.arcs[arc].from == n || g.arcs[arc].to == n) return n;
  return g.arcs[arc].from;
}

Eigen::Vector3d meanPosition(const TopologyGraph& g, const std::vector<int>& nodes) {
  Eigen::Vector3d sum = Eigen::Vector3d::Zero();
  for (int n : nodes) sum += g.nodes[n].position;
  return sum / double(std::max<std::size_t>(1, nodes.size()));
}

/// The group of limbs at a branching: the symmetric group with the longest arcs.
const std::vector<int>& limbGroup(const TopologyGraph& g, const AxisBranching& b) {
  const std::vector<int>* best = &b.symmetricGroups.front();
  auto mean = [&](const std::vector<int>& arcs) {
    double sum = 0;
    for (int a : arcs) sum += g.arcs[a].length;
    return sum / double(arcs.size());
  };
  for (const auto& group : b.symmetricGroups)
    if (mean(group) > mean(*best)) best = &group;
  return *best;
}

/// |Spine·N| of the triangle (apex, a, b), or NaN when the triangle is too flat to have a normal.
double spineDot(const Eigen::Vector3d& spine, const Eigen::Vector3d& apex, const Eigen::Vector3d& a,
                const Eigen::Vector3d& b, double minShape) {
  const Eigen::Vector3d n = (a - apex).cross(b - apex);
  const double longest =
      std::max({(a - apex).squaredNorm(), (b - apex).squaredNorm(), (b - a).squaredNorm()});
  if (longest <= 0 || 0.5 * n.norm() < minShape * longest)
    return std::numeric_limits<double>::quiet_NaN();
  return std::abs(spine.dot(n.normalized()));
}

}  // namespace

BodyClassification classifyBody(const TopologyGraph& g, const SymmetryAxis& axis,
                                const BodyClassParams& params) {
  BodyClassification result;
  std::vector<int> withLimbs;
  for (int i = 0; i < int(axis.branchings.size()); ++i)
    if (axis.branchings[i].hasSymmetricGroup()) withLimbs.push_back(i);
  if (withLimbs.size() < 2) {
    result.reason = "the symmetry axis has " + std::to_string(withLimbs.size()) +
                    " branching(s) with a symmetric pair of limbs; a biped or quadruped has two "
                    "(shoulders and pelvis)";
    return result;
  }
  Trunk t;
  t.pelvis = withLimbs.back();
  t.shoulders = withLimbs[withLimbs.size() - 2];
  const AxisBranching& sb = axis.branchings[t.shoulders];
  const AxisBranching& pb = axis.branchings[t.pelvis];
  t.S = meanPosition(g, sb.nodes);
  t.P = meanPosition(g, pb.nodes);
  t.shoulderNode = sb.nodes.front();
  t.pelvisNode = pb.nodes.front();
  const Eigen::Vector3d spine = (t.P - t.S).normalized();

  const std::vector<int>& arms = limbGroup(g, sb);
  const std::vector<int>& legs = limbGroup(g, pb);
  auto probe = [&](const AxisBranching& b, int arc) {
    return limbPath(g, arc, branchingEnd(g, b, arc)).at(params.limbProbeFraction);
  };
  // Front limbs: the first two of the group (an axial pair; a radial group at S keeps its two
  // longest, the group is ordered by the symmetry code).
  t.arms[0] = arms[0], t.arms[1] = arms[1];
  // Back limbs: the pair maximizing |SP·(PP1×PP2)| (§4.1), the odd one out of three a tail.
  double best = -1;
  for (std::size_t i = 0; i < legs.size(); ++i)
    for (std::size_t j = i + 1; j < legs.size(); ++j) {
      const double v =
          std::abs((t.P - t.S).dot((probe(pb, legs[i]) - t.P).cross(probe(pb, legs[j]) - t.P)));
      if (v > best) best = v, t.legs[0] = legs[i], t.legs[1] = legs[j];
    }
  if (legs.size() == 3)
    for (int a : legs)
      if (a != t.legs[0] && a != t.legs[1])
        t.tailSideArc = a, t.tailSideNode = branchingEnd(g, pb, a);
  for (int k = 0; k < 2; ++k) {
    t.armNodes[k] = branchingEnd(g, sb, t.arms[k]);
    t.legNodes[k] = branchingEnd(g, pb, t.legs[k]);
  }
  std::tie(t.armPaths[0], t.armPaths[1]) =
      limbPair(g, t.arms[0], t.armNodes[0], t.arms[1], t.armNodes[1]);
  std::tie(t.legPaths[0], t.legPaths[1]) =
      limbPair(g, t.legs[0], t.legNodes[0], t.legs[1], t.legNodes[1]);
  t.S1 = t.armPaths[0].front(), t.S2 = t.armPaths[1].front();
  t.P1 = t.legPaths[0].front(), t.P2 = t.legPaths[1].front();
  if (pb.lastAxisIndex + 1 < int(axis.nodes.size())) t.tailAxisArc = pb.lastAxisIndex;
  result.trunk = t;

  const double f = params.limbProbeFraction;
  result.spineDotNP =
      spineDot(spine, t.P, t.legPaths[0].at(f), t.legPaths[1].at(f), params.minTriangleShape);
  result.spineDotNS =
      spineDot(spine, t.S, t.armPaths[0].at(f), t.armPaths[1].at(f), params.minTriangleShape);
  std::vector<double> dots;
  for (double d : {result.spineDotNP, result.spineDotNS})
    if (!std::isnan(d)) dots.push_back(d);
  std::ostringstream why;
  why << "|Spine.N_P| = " << result.spineDotNP << ", |Spine.N_S| = " << result.spineDotNS;
  bool allHigh = !dots.empty(), allLow = !dots.empty();
  for (double d : dots) {
    allHigh = allHigh && d >= params.quadrupedMinDot;
    allLow = allLow && d <= params.bipedMaxDot;
  }
  if (allHigh) {
    result.bodyClass = BodyClass::Quadruped;
    why << ": limbs hang in planes across the spine (sagittal legs)";
  } else if (allLow) {
    result.bodyClass = BodyClass::Biped;
    why << ": limbs hang in planes along the spine";
  } else {
    why << ": neither biped nor quadruped";
  }
  result.reason = why.str();
  return result;
}

}  // namespace rw

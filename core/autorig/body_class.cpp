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

/// |Spine·N| with N the normal of the plane the two limbs hang in: spanned by the line across
/// them and their mean direction from root to probe. It does not depend on where the branching
/// node sits. NaN when the limbs do not go the same way (a T-pose's arms, straight out
/// sideways): their mean direction is then noise, and only the triangle through the axis node
/// tells the plane.
double limbPlaneDot(const Eigen::Vector3d& spine, const EmbeddedPath& a, const EmbeddedPath& b,
                    const BodyClassParams& params) {
  const double f = params.limbDirectionFraction;
  const Eigen::Vector3d across = a.at(f) - b.at(f);
  const Eigen::Vector3d da = a.at(f) - a.front(), db = b.at(f) - b.front();
  const Eigen::Vector3d down = da + db;
  const Eigen::Vector3d n = across.cross(down);
  if (!(down.norm() >= params.minLimbAgreement * (da.norm() + db.norm())) ||
      !(n.norm() > params.minLimbSine * across.norm() * down.norm()))
    return std::numeric_limits<double>::quiet_NaN();
  return std::abs(spine.dot(n.normalized()));
}

/// |Spine·N| for one pair of limbs, measured twice: N from the triangle through the axis node
/// (§4.1) and from the plane the limbs hang in. Either can be NaN (degenerate). Each has a blind
/// spot: the triangle tilts with the axis node (placed by the head node), the limb plane tilts
/// with arms reaching forward. A pair allows a class when one measure says it, is sure of it when
/// every measure does.
struct LimbPairDots {
  double triangle = std::numeric_limits<double>::quiet_NaN();
  double plane = std::numeric_limits<double>::quiet_NaN();
  bool any() const { return !std::isnan(triangle) || !std::isnan(plane); }
  template <class Test>
  bool allows(const Test& test) const {
    return !any() || (!std::isnan(triangle) && test(triangle)) ||
           (!std::isnan(plane) && test(plane));
  }
  template <class Test>
  bool sure(const Test& test) const {
    return any() && (std::isnan(triangle) || test(triangle)) && (std::isnan(plane) || test(plane));
  }
  double max() const { return std::isnan(plane) ? triangle : std::fmax(triangle, plane); }
  double min() const { return std::isnan(plane) ? triangle : std::fmin(triangle, plane); }
  double preferred() const { return std::isnan(plane) ? triangle : plane; }
};

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
  // S: of the branchings with limbs before P, the one whose limbs reach lowest (forelegs stand
  // on the floor, arms hang below ears, horns and hair). Aujay takes the one just before P,
  // which holds while the head node is on top of the head; picked under a bull's chin, the
  // level sets reach the forelegs before the horns, and the horns came just before P.
  t.shoulders = withLimbs[withLimbs.size() - 2];
  const auto tipHeight = [&](int branching) {
    const AxisBranching& b = axis.branchings[branching];
    double sum = 0;
    const std::vector<int>& group = limbGroup(g, b);
    for (int a : group) sum += limbPath(g, a, branchingEnd(g, b, a)).at(1.0).y();
    return sum / double(group.size());
  };
  for (std::size_t i = 0; i + 1 < withLimbs.size(); ++i)
    if (tipHeight(withLimbs[i]) < tipHeight(t.shoulders)) t.shoulders = withLimbs[i];
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
  // Front limbs: an axial pair; of a radial group at S (the forelegs and a chin or a dewlap
  // hanging between them, three of a kind), the two most alike as mirror images — their tips
  // as far from S and as high (characters are Y up).
  t.arms[0] = arms[0], t.arms[1] = arms[1];
  double leastUnlike = std::numeric_limits<double>::infinity();
  const auto tip = [&](int arc) { return limbPath(g, arc, branchingEnd(g, sb, arc)).at(1.0); };
  for (std::size_t i = 0; arms.size() > 2 && i < arms.size(); ++i)
    for (std::size_t j = i + 1; j < arms.size(); ++j) {
      const Eigen::Vector3d a = tip(arms[i]), b = tip(arms[j]);
      const double unlike = std::abs((a - t.S).norm() - (b - t.S).norm()) + std::abs(a.y() - b.y());
      if (unlike < leastUnlike) leastUnlike = unlike, t.arms[0] = arms[i], t.arms[1] = arms[j];
    }
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
  const LimbPairDots legDots{
      spineDot(spine, t.P, t.legPaths[0].at(f), t.legPaths[1].at(f), params.minTriangleShape),
      limbPlaneDot(spine, t.legPaths[0], t.legPaths[1], params)};
  const LimbPairDots armDots{
      spineDot(spine, t.S, t.armPaths[0].at(f), t.armPaths[1].at(f), params.minTriangleShape),
      limbPlaneDot(spine, t.armPaths[0], t.armPaths[1], params)};
  const auto quadruped = [&](double d) { return d >= params.quadrupedMinDot; };
  const auto biped = [&](double d) { return d <= params.bipedMaxDot; };
  // A class when both pairs allow it and one of them is sure of it.
  const auto is = [&](const auto& test) {
    return legDots.allows(test) && armDots.allows(test) &&
           (legDots.sure(test) || armDots.sure(test));
  };
  std::ostringstream why;
  if (is(quadruped)) {
    result.bodyClass = BodyClass::Quadruped;
    result.spineDotNP = legDots.max(), result.spineDotNS = armDots.max();
  } else if (is(biped)) {
    result.bodyClass = BodyClass::Biped;
    result.spineDotNP = legDots.min(), result.spineDotNS = armDots.min();
  } else {
    result.spineDotNP = legDots.preferred(), result.spineDotNS = armDots.preferred();
  }
  why << "|Spine.N_P| = " << result.spineDotNP << ", |Spine.N_S| = " << result.spineDotNS;
  if (result.bodyClass == BodyClass::Quadruped)
    why << ": limbs hang in planes across the spine (sagittal legs)";
  else if (result.bodyClass == BodyClass::Biped)
    why << ": limbs hang in planes along the spine";
  else
    why << ": neither biped nor quadruped (triangles " << legDots.triangle << ", "
        << armDots.triangle << "; limb planes " << legDots.plane << ", " << armDots.plane << ")";
  result.reason = why.str();
  return result;
}

}  // namespace rw

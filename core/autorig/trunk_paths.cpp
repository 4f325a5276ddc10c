#include "autorig/trunk_paths.h"

#include <algorithm>
#include <set>

#include "autorig/frozen_edges.h"

namespace rw {

TrunkPaths trunkPaths(const TemplateInput& in, const Trunk& t) {
  const SymmetryAxis& axis = in.axis;
  const AxisBranching& sb = axis.branchings[t.shoulders];
  const AxisBranching& pb = axis.branchings[t.pelvis];
  auto axisArcs = [&](int from, int to) {  // axis arcs [from, to)
    return std::vector<int>(axis.arcs.begin() + from, axis.arcs.begin() + to);
  };
  TrunkPaths p;
  p.head = EmbeddedPath::alongArcs(in.graph, axis.nodes.front(), axisArcs(0, sb.firstAxisIndex));
  p.spine = EmbeddedPath::alongArcs(in.graph, axis.nodes[sb.lastAxisIndex],
                                    axisArcs(sb.lastAxisIndex, pb.firstAxisIndex))
                .reversed();
  if (t.tailAxisArc >= 0)
    p.tail = EmbeddedPath::alongArcs(in.graph, axis.nodes[pb.lastAxisIndex],
                                     axisArcs(pb.lastAxisIndex, int(axis.arcs.size())));
  else if (t.tailSideArc >= 0)
    p.tail = EmbeddedPath({t.P}).then(limbPath(in.graph, t.tailSideArc, t.tailSideNode));
  for (int k = 0; k < 2; ++k) p.arms[k] = t.armPaths[k], p.legs[k] = t.legPaths[k];
  // Anything else leaving the trunk (a chin, ears, horns, a ponytail) is not in the template.
  const std::set<int> used = {t.arms[0], t.arms[1], t.legs[0], t.legs[1], t.tailSideArc};
  for (int b = 0; b < int(axis.branchings.size()); ++b)
    for (int a : axis.branchings[b].sideArcs)
      if (!used.count(a)) p.dropped.push_back(a);
  return p;
}

double narrowestFraction(const EmbeddedPath& path, const SurfaceProbe& probe, double from,
                         double to) {
  double best = from, bestClearance = std::numeric_limits<double>::infinity();
  for (int i = 0; i <= 100; ++i) {
    const double f = from + (to - from) * i / 100.0;
    const double c = probe.clearance(path.at(f));
    if (c < bestClearance) bestClearance = c, best = f;
  }
  return best;
}

std::pair<bool, bool> pairSides(const Eigen::Vector3d& a, const Eigen::Vector3d& b,
                                const Eigen::Vector3d& centre, const Eigen::Vector3d& left) {
  const bool aLeft = (a - centre).dot(left) >= (b - centre).dot(left);
  return {aLeft, !aLeft};
}

std::vector<Eigen::Vector3d> pointsAt(const EmbeddedPath& path, const std::vector<double>& f) {
  std::vector<Eigen::Vector3d> out;
  for (double x : f) out.push_back(path.at(x));
  return out;
}

std::string numbered(const std::string& base, int k) {
  return base + (k < 10 ? "_0" : "_") + std::to_string(k);
}

std::string sided(const std::string& base, bool left) {
  return base + (left ? ".L" : ".R");
}

}  // namespace rw

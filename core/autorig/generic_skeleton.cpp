// The general harmonic skeleton (Aujay 2007 §3.2–3.3), for characters that are neither biped
// nor quadruped (an octopus, a star, an insect).
#include <deque>
#include <set>
#include <sstream>

#include "autorig/embedded_path.h"
#include "autorig/template_skeletons.h"

namespace rw {
namespace {

std::string chainName(const std::string& base, int k) {
  std::ostringstream s;
  s << base << "_" << (k < 10 ? "0" : "") << k;
  return s.str();
}

JointTag tagOf(const ArcSymmetry& s) {
  JointTag t;
  t.tag = symmetryTagName(s.tag);
  if (s.tag == SymmetryTag::Axial) t.side = symmetrySideName(s.side);
  if (s.tag == SymmetryTag::Radial) t.radialIndex = s.radialIndex;
  return t;
}

}  // namespace

BuiltSkeleton buildGenericSkeleton(const TemplateInput& in, const AutorigParams& params) {
  const TopologyGraph& g = in.graph;
  BuiltSkeleton out;
  SkeletonBuilder& b = out.builder;
  // §3.3: the base joint is the pelvis-like node, the last one on the axis with ≥ 3 arcs.
  int rootNode = g.root;
  if (!in.axis.branchings.empty()) rootNode = in.axis.branchings.back().nodes.front();
  const int rootJoint = b.add("root", -1, g.nodes[rootNode].position, primaryTag());

  // Arcs on the way from the root node to the head node: the spine, walked toward the head.
  std::set<int> towardHead;
  for (std::size_t i = 0; i < in.axis.arcs.size(); ++i) {
    if (in.axis.nodes[i + 1] == rootNode) {
      for (std::size_t k = 0; k <= i; ++k) towardHead.insert(in.axis.arcs[k]);
      break;
    }
  }
  std::set<std::string> names;
  auto unique = [&](std::string name, int arc) {
    if (names.count(name)) name += "_a" + std::to_string(arc);
    names.insert(name);
    return name;
  };
  int spineCount = 0, tailCount = 0, trunkCount = 0;
  std::deque<std::pair<int, int>> queue{{rootNode, rootJoint}};  // node, joint its arcs hang from
  std::vector<char> seen(g.arcCount(), 0);
  while (!queue.empty()) {
    const auto [node, parentJoint] = queue.front();
    queue.pop_front();
    for (int arc : g.nodes[node].arcs) {
      if (seen[arc]) continue;
      seen[arc] = 1;
      const int far = g.other(arc, node);
      const bool leaf = g.degree(far) == 1;
      const int segments = leaf ? std::max(1, params.generic.limbSegments) : 1;
      const EmbeddedPath path = EmbeddedPath::alongArcs(g, node, {arc});
      const ArcSymmetry& s = in.symmetry.arcs[arc];
      int parent = parentJoint;
      for (int k = 0; k < segments; ++k) {
        std::string name;
        if (towardHead.count(arc))
          name = leaf && k + 1 == segments ? "head" : chainName("spine", ++spineCount);
        else if (s.tag == SymmetryTag::Primary)  // past the root: a tail, or a short connector
          name = leaf ? chainName("tail", ++tailCount) : chainName("trunk", ++trunkCount);
        else if (s.tag == SymmetryTag::Axial)
          name = chainName("limb_" + std::to_string(s.group), k + 1) +
                 (s.side == SymmetrySide::Left ? ".L" : ".R");
        else if (s.tag == SymmetryTag::Radial)
          name = chainName("limb_" + std::to_string(s.group) + "_" + std::to_string(s.radialIndex),
                           k + 1);
        else
          name = chainName("branch_" + std::to_string(arc), k + 1);
        parent = b.add(unique(name, arc), parent, path.at(double(k) / segments), tagOf(s));
      }
      if (leaf) b.setTail(parent, path.back());
      queue.push_back({far, parent});
    }
  }
  return out;
}

}  // namespace rw

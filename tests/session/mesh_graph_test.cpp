// The whole mesh-graph pipeline (field → Reeb graph → levels → symmetry) on procedural
// creatures: closed surfaces whose limbs and symmetries are known.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <sstream>

#include "field/head_vertex.h"
#include "session/mesh_graph.h"
#include "support/implicit_meshes.h"

using namespace rw;
using namespace rw::test;

namespace {

struct Built {
  Mesh mesh;
  MeshGraph graph;
};

Built build(const Creature& creature, double cell = 0.03) {
  Built b;
  b.mesh = buildMesh(capsuleCreature(creature.capsules, cell));
  std::ostringstream spec;
  spec << creature.headTop.x() << "," << creature.headTop.y() << "," << creature.headTop.z();
  const int head = resolveHeadVertex(b.mesh, spec.str()).value();
  Expected<MeshGraph> g = buildMeshGraph(b.mesh, head);
  EXPECT_TRUE(g) << (g ? "" : g.error().message);
  b.graph = std::move(g).value();
  return b;
}

const ArcSymmetry& leafArc(const MeshGraph& g, int level, int leaf) {
  const TopologyGraph& graph = g.multires.levels[level].graph;
  return g.symmetry[level].arcs[graph.nodes[leaf].arcs[0]];
}

int nearestLeaf(const TopologyGraph& g, const Eigen::Vector3d& p) {
  int best = -1;
  for (int leaf : g.leaves())
    if (best < 0 || (g.nodes[leaf].position - p).norm() < (g.nodes[best].position - p).norm())
      best = leaf;
  return best;
}

}  // namespace

// The limbs leave the body at k saddles a hair apart in f whose embedded nodes scatter over the
// junction; symmetry treats such a chain of branchings as one (flatBranchFraction).
TEST(MeshGraph, StarWithKLimbsShowsKLeavesInOneRadialGroupOnTheCoarsestLevel) {
  for (int k : {3, 4, 5, 6, 7}) {
    SCOPED_TRACE(k);
    const Built b = build(starCreature(k));
    const TopologyGraph& coarse = b.graph.multires.levels.front().graph;
    EXPECT_EQ(int(coarse.leaves().size()), k);
    std::set<int> groups, numbers;
    for (int leaf : coarse.leaves()) {
      const ArcSymmetry& s = leafArc(b.graph, 0, leaf);
      EXPECT_EQ(s.tag, SymmetryTag::Radial);
      groups.insert(s.group);
      numbers.insert(s.radialIndex);
    }
    EXPECT_EQ(groups.size(), 1u);
    EXPECT_EQ(int(numbers.size()), k);  // numbered 1..k
    EXPECT_EQ(*numbers.begin(), 1);
    EXPECT_EQ(*numbers.rbegin(), k);
  }
}

TEST(MeshGraph, HumanoidSpinePrimaryArmsAndLegsAxialWithLeftOnPlusX) {
  const Creature c = humanoidCreature();
  const Built b = build(c);
  const TopologyGraph& coarse = b.graph.multires.levels.front().graph;
  ASSERT_EQ(coarse.leaves().size(), 4u);
  const char* names[] = {"arm.L", "arm.R", "leg.L", "leg.R"};
  int armGroup = -1, legGroup = -1;
  for (int i = 0; i < 4; ++i) {
    SCOPED_TRACE(names[i]);
    const int leaf = nearestLeaf(coarse, c.limbTips[i]);
    EXPECT_LT((coarse.nodes[leaf].position - c.limbTips[i]).norm(), 0.1);
    const ArcSymmetry& s = leafArc(b.graph, 0, leaf);
    EXPECT_EQ(s.tag, SymmetryTag::Axial);
    EXPECT_EQ(s.side,
              i % 2 == 0 ? SymmetrySide::Left : SymmetrySide::Right);  // tips 0 and 2 are at +X
    (i < 2 ? armGroup : legGroup) = s.group;
  }
  EXPECT_NE(armGroup, legGroup);
  // The primary axis runs from the head down the body.
  const GraphSymmetry& sym = b.graph.symmetry.front();
  ASSERT_FALSE(sym.primaryAxis.empty());
  for (int arc : sym.primaryAxis) EXPECT_EQ(sym.arcs[arc].tag, SymmetryTag::Primary);
  EXPECT_EQ(coarse.arcs[sym.primaryAxis.front()].from, coarse.root);
}

TEST(MeshGraph, OctopusIsOneRadialGroupNumberedOneToEight) {
  const Creature c = octopusCreature();
  const Built b = build(c);
  const TopologyGraph& coarse = b.graph.multires.levels.front().graph;
  ASSERT_EQ(coarse.leaves().size(), 8u);
  std::set<int> groups, numbers;
  for (const Eigen::Vector3d& tip : c.limbTips) {
    const int leaf = nearestLeaf(coarse, tip);
    EXPECT_LT((coarse.nodes[leaf].position - tip).norm(), 0.12);
    const ArcSymmetry& s = leafArc(b.graph, 0, leaf);
    EXPECT_EQ(s.tag, SymmetryTag::Radial);
    groups.insert(s.group);
    numbers.insert(s.radialIndex);
  }
  EXPECT_EQ(groups.size(), 1u);
  EXPECT_EQ(numbers, (std::set<int>{1, 2, 3, 4, 5, 6, 7, 8}));
}

TEST(MeshGraph, PoirierFigure6LegsPairedLongerTailAlone) {
  const Creature c = twoLegsAndTailCreature();
  const Built b = build(c);
  const TopologyGraph& coarse = b.graph.multires.levels.front().graph;
  ASSERT_EQ(coarse.leaves().size(), 3u);
  const ArcSymmetry& left = leafArc(b.graph, 0, nearestLeaf(coarse, c.limbTips[0]));
  const ArcSymmetry& right = leafArc(b.graph, 0, nearestLeaf(coarse, c.limbTips[1]));
  const ArcSymmetry& tail = leafArc(b.graph, 0, nearestLeaf(coarse, c.limbTips[2]));
  EXPECT_EQ(left.tag, SymmetryTag::Axial);
  EXPECT_EQ(right.tag, SymmetryTag::Axial);
  EXPECT_EQ(left.group, right.group);
  EXPECT_EQ(left.side, SymmetrySide::Left);
  EXPECT_EQ(right.side, SymmetrySide::Right);
  EXPECT_NE(tail.group, left.group);
  EXPECT_NE(tail.tag, SymmetryTag::Axial);
}

TEST(MeshGraph, NodesKeepOnePositionOnEveryLevelTheyAppearOn) {
  const Built b = build(humanoidCreature());
  const MultiresGraph& m = b.graph.multires;
  int shared = 0;
  for (int l = 0; l + 1 < m.levelCount(); ++l)
    for (int n = 0; n < m.levels[l].graph.nodeCount(); ++n) {
      const int finer = m.levels[l].nodeFiner[n];
      ASSERT_GE(finer, 0);
      EXPECT_EQ(m.levels[l].graph.nodes[n].position, m.levels[l + 1].graph.nodes[finer].position);
      ++shared;
    }
  EXPECT_GT(shared, 0);
  // Stage times are recorded in pipeline order.
  ASSERT_EQ(b.graph.stageSeconds.size(), 4u);
  EXPECT_EQ(b.graph.stageSeconds[0].first, "field");
  EXPECT_EQ(b.graph.stageSeconds[3].first, "symmetry");
}

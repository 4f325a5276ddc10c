// The harmonic field and the Reeb graph on procedural creatures (closed surfaces with fused
// capsule limbs) whose topology is known.
#include <gtest/gtest.h>

#include "field/harmonic_field.h"
#include "field/head_vertex.h"
#include "reeb/reeb_graph.h"
#include "support/implicit_meshes.h"

using namespace rw;
using namespace rw::test;

namespace {

struct Built {
  Mesh mesh;
  HarmonicField field;
  ReebGraph reeb;
};

Built build(const Creature& creature, double cell = 0.03) {
  Built b;
  b.mesh = buildMesh(capsuleCreature(creature.capsules, cell));
  const Eigen::Vector3d& h = creature.headTop;
  const int head = resolveHeadVertex(b.mesh, std::to_string(h.x()) + "," + std::to_string(h.y()) +
                                                 "," + std::to_string(h.z()))
                       .value();
  auto field = harmonicField(b.mesh, head);
  EXPECT_TRUE(field) << (field ? "" : field.error().message);
  b.field = std::move(field).value();
  b.reeb = computeReebGraph(b.mesh, b.field);
  return b;
}

/// Every tip has a leaf near it; any other leaf is a short twig (under 10% of the mesh size:
/// the underside between many limbs is a genuine, small geodesic maximum) that multiresolution
/// filtering removes.
void expectLeavesAtTips(const Built& b, const std::vector<Eigen::Vector3d>& tips,
                        double tolerance) {
  const TopologyGraph& g = b.reeb.graph;
  for (int leaf : g.leaves()) {
    double best = 1e300;
    for (const auto& t : tips) best = std::min(best, (g.nodes[leaf].position - t).norm());
    if (best >= tolerance) {
      EXPECT_LT(g.arcs[g.nodes[leaf].arcs[0]].length, 0.1 * b.mesh.size())
          << "long extra leaf at " << g.nodes[leaf].position.transpose();
    }
  }
  for (const auto& t : tips) {
    double best = 1e300;
    for (int leaf : g.leaves()) best = std::min(best, (g.nodes[leaf].position - t).norm());
    EXPECT_LT(best, tolerance) << "no leaf near tip " << t.transpose();
  }
}

}  // namespace

TEST(HarmonicField, ClosedCreatureIsOneManifoldAndFieldHasNoInteriorExtrema) {
  const Built b = build(humanoidCreature());
  EXPECT_EQ(b.mesh.diagnostics.components, 1);
  EXPECT_TRUE(b.mesh.diagnostics.closed);
  EXPECT_EQ(b.mesh.diagnostics.componentInfo[0].genus, 0);
  // Interior vertices: at least one neighbour below and one above in the Morse order.
  const SurfaceDomain& d = b.field.domain;
  std::vector<char> fixed(d.vertexCount, 0);
  fixed[b.field.head] = 1;
  for (const auto& e : b.field.extrema) fixed[e.vertex] = 1;
  int interiorExtrema = 0;
  for (int v = 0; v < d.vertexCount; ++v) {
    if (!d.active[v] || fixed[v]) continue;
    bool lower = false, higher = false;
    for (int k = d.adjacencyStart[v]; k < d.adjacencyStart[v + 1]; ++k)
      (b.field.below(d.adjacency[k], v) ? lower : higher) = true;
    interiorExtrema += !(lower && higher);
  }
  EXPECT_EQ(interiorExtrema, 0);
  EXPECT_DOUBLE_EQ(b.field.values[b.field.head], 0.0);
  for (const auto& e : b.field.extrema) EXPECT_DOUBLE_EQ(b.field.values[e.vertex], e.distance);
}

TEST(ReebGraph, StarWithKLimbsHasKLeaves) {
  for (int k : {3, 4, 5, 6}) {
    SCOPED_TRACE(k);
    const Creature c = starCreature(k);
    const Built b = build(c);
    EXPECT_TRUE(b.reeb.graph.isTree());
    EXPECT_TRUE(b.reeb.loopsCut.empty());
    EXPECT_GE(int(b.reeb.graph.leaves().size()), k);
    EXPECT_LE(int(b.reeb.graph.leaves().size()), k + 1);
    expectLeavesAtTips(b, c.limbTips, 0.1);
  }
}

TEST(ReebGraph, HumanoidHasArmsAndLegsAsLeavesAndANeckBranch) {
  const Creature c = humanoidCreature();
  const Built b = build(c);
  const TopologyGraph& g = b.reeb.graph;
  EXPECT_TRUE(g.isTree());
  EXPECT_EQ(g.leaves().size(), 4u);
  expectLeavesAtTips(b, c.limbTips, 0.1);
  EXPECT_LT((g.nodes[g.root].position - c.headTop).norm(), 0.05);
  // Every mesh vertex belongs to an arc.
  for (int v = 0; v < int(b.mesh.positions.size()); ++v) EXPECT_GE(b.reeb.arcOfVertex[v], 0);
}

TEST(ReebGraph, OctopusHasEightLeaves) {
  const Creature c = octopusCreature();
  const Built b = build(c);
  EXPECT_GE(b.reeb.graph.leaves().size(), 8u);
  EXPECT_LE(b.reeb.graph.leaves().size(), 9u);
  expectLeavesAtTips(b, c.limbTips, 0.12);
}

TEST(ReebGraph, HandOnHipMakesALoopThatIsCutAndReported) {
  const Creature c = handleCreature();
  const Built b = build(c);
  EXPECT_EQ(b.mesh.diagnostics.componentInfo[0].genus, 1);
  ASSERT_EQ(b.reeb.loopsCut.size(), 1u);
  EXPECT_TRUE(b.reeb.graph.isTree());
  // The cut is on the arm-hip loop, left side (+X), below the shoulder and above the hip.
  const Eigen::Vector3d& cut = b.reeb.loopsCut[0].position;
  EXPECT_GT(cut.x(), 0.05);
  EXPECT_GT(cut.y(), 0.85);
  EXPECT_LT(cut.y(), 1.45);
}

TEST(ReebGraph, TorusHandleIsCut) {
  Creature c;
  c.capsules.push_back({{0, 1.0, 0}, {0, 1.3, 0}, 0.15});  // head stalk
  const int segments = 12;
  for (int i = 0; i < segments; ++i) {  // a ring under it
    const double a0 = 2 * M_PI * i / segments, a1 = 2 * M_PI * (i + 1) / segments;
    c.capsules.push_back({{0.5 * std::cos(a0), 0.9, 0.5 * std::sin(a0)},
                          {0.5 * std::cos(a1), 0.9, 0.5 * std::sin(a1)},
                          0.1});
  }
  c.capsules.push_back({{0, 1.0, 0}, {0.5, 0.9, 0}, 0.1});  // spoke joining head and ring
  c.headTop = {0, 1.45, 0};
  const Built b = build(c);
  EXPECT_EQ(b.mesh.diagnostics.componentInfo[0].genus, 1);
  EXPECT_EQ(b.reeb.loopsCut.size(), 1u);
  EXPECT_TRUE(b.reeb.graph.isTree());
}

TEST(ReebGraph, EmbeddingFollowsTheLimbs) {
  const Creature c = humanoidCreature();
  const Built b = build(c);
  const TopologyGraph& g = b.reeb.graph;
  // The arc to each arm tip runs inside the arm: its points stay within the arm's radius of the
  // arm's axis (plus the field's bend at the shoulder).
  for (int leaf : g.leaves()) {
    const GraphArc& arc = g.arcs[g.nodes[leaf].arcs[0]];
    EXPECT_GE(arc.polyline.size(), 5u);
    EXPECT_NEAR(arc.length, polylineLength(arc.polyline), 1e-12);
  }
  double total = 0;
  for (const GraphArc& a : g.arcs) total += a.length;
  EXPECT_GT(total, 3.0);  // head-to-feet 1.8 + two arms ~0.7 each + legs
}

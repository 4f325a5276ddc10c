// Multiresolution filtering of topology graphs (Poirier §4.1–4.2) on procedural graphs.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "graph/rooted_tree.h"
#include "multires/build_multiresolution.h"
#include "multires/filter_graph.h"
#include "support/graph_builders.h"
#include "symmetry/detect_symmetry.h"

using namespace rw;
using rw::test::GraphBuilder;

namespace {

/// Fingers ≈ 2% of the humanoid's graph length (≈ 1.71).
const std::vector<double> kFingers = {0.030, 0.036, 0.038, 0.037, 0.034};

/// A humanoid with fingers and Reeb-graph-like noise: a twig at the pelvis, a short internal
/// arc at the neck leading to two twigs, a degree-2 node on the left arm's way.
struct NoisyHumanoid {
  test::HumanoidGraph h;
  int knotArc = -1;  ///< the short internal arc at the neck
  int knot = -1;
};

NoisyHumanoid noisyHumanoid() {
  NoisyHumanoid n;
  test::HumanoidShape shape;
  shape.fingers = kFingers;
  n.h = test::humanoidGraph(shape);
  GraphBuilder b(n.h.graph);
  const Eigen::Vector3d neck = b.position(n.h.neck);
  n.knot = b.limb(n.h.neck, neck + Eigen::Vector3d(0.0, 0.0, 0.025));
  b.limb(n.knot, b.position(n.knot) + Eigen::Vector3d(0.03, 0.0, 0.05));
  b.limb(n.knot, b.position(n.knot) + Eigen::Vector3d(-0.03, 0.0, 0.06));
  b.limb(n.h.pelvis, b.position(n.h.pelvis) + Eigen::Vector3d(0.0, -0.01, -0.02));
  n.knotArc = b.arcTo(n.knot);
  // A degree-2 node: a hand twig beyond the fingers, reached through an extra node.
  const int wrist = b.limb(n.h.handL, b.position(n.h.handL) + Eigen::Vector3d(0, -0.02, 0));
  b.limb(wrist, b.position(wrist) + Eigen::Vector3d(0, -0.01, 0.01));
  n.h.graph = b.graph();
  return n;
}

/// The node of the finest level that `node` of `level` is.
int finestNode(const MultiresGraph& m, int level, int node) {
  for (int i = level; i + 1 < m.levelCount(); ++i) node = m.levels[i].nodeFiner[node];
  return node;
}

int countLeaves(const TopologyGraph& g) {
  return static_cast<int>(g.leaves().size());
}

/// Arcs of g whose far end is `node`'s children.
int childCount(const TopologyGraph& g, int node) {
  return static_cast<int>(std::count_if(g.nodes[node].arcs.begin(), g.nodes[node].arcs.end(),
                                        [&](int a) { return g.arcs[a].from == node; }));
}

/// Concatenation of the polylines of `arcs` (shared junction points once).
std::vector<Eigen::Vector3d> joined(const TopologyGraph& g, const std::vector<int>& arcs) {
  std::vector<Eigen::Vector3d> result;
  for (int a : arcs) {
    const auto& p = g.arcs[a].polyline;
    result.insert(result.end(), result.empty() ? p.begin() : p.begin() + 1, p.end());
  }
  return result;
}

}  // namespace

TEST(Multires, LevelOrderThresholdsAndGraphLength) {
  const NoisyHumanoid n = noisyHumanoid();
  const TopologyGraph& base = n.h.graph;
  double longest = 0.0;
  for (int leaf : base.leaves()) longest = std::max(longest, base.nodes[leaf].f);
  EXPECT_NEAR(graphLength(base), longest, 1e-12);
  EXPECT_NEAR(longest, base.nodes[n.h.footL].f, 1e-12);  // head to the longer leg's foot

  // The thresholds scale with the span: arcs counted straight, end to end (the bent left leg
  // counts its chord), so a zigzag embedding does not inflate them.
  const double span = graphSpan(base);
  EXPECT_LT(span, longest);
  EXPECT_GT(span, 0.95 * longest);
  const MultiresGraph m = buildMultiresolution(base);
  ASSERT_EQ(m.levelCount(), 10);
  EXPECT_DOUBLE_EQ(m.graphLength, span);
  for (int i = 0; i < 10; ++i)
    EXPECT_NEAR(m.levels[i].threshold, 0.10 * span * (9 - i) / 9.0, 1e-12);
  EXPECT_EQ(m.levels.back().threshold, 0.0);

  // Finest level = the base, unfiltered.
  const TopologyGraph& finest = m.finest();
  ASSERT_EQ(finest.nodeCount(), base.nodeCount());
  ASSERT_EQ(finest.arcCount(), base.arcCount());
  EXPECT_EQ(finest.root, base.root);
  for (int a = 0; a < base.arcCount(); ++a) {
    EXPECT_EQ(finest.arcs[a].from, base.arcs[a].from);
    EXPECT_EQ(finest.arcs[a].to, base.arcs[a].to);
    EXPECT_EQ(finest.arcs[a].polyline, base.arcs[a].polyline);
    EXPECT_EQ(finest.arcs[a].members, base.arcs[a].members);
  }
  EXPECT_EQ(&m.coarsest(), &m.levels.front().graph);
}

// Fingers (2% of the graph length) and noise twigs are gone once the threshold passes them and
// are all there on the finest level; no arc shorter than the threshold is left anywhere.
TEST(Multires, ShortTwigsVanishOnCoarseLevels) {
  const NoisyHumanoid n = noisyHumanoid();
  const MultiresGraph m = buildMultiresolution(n.h.graph);
  EXPECT_EQ(countLeaves(m.finest()),
            2 + 10 + 2 + 1 + 1);  // feet, fingers, knot twigs, pelvis, wrist
  EXPECT_EQ(childCount(m.finest(), n.h.handL), 6);

  const double longestFinger = *std::max_element(kFingers.begin(), kFingers.end());
  const double shortestFinger = *std::min_element(kFingers.begin(), kFingers.end());
  for (int i = 0; i < m.levelCount(); ++i) {
    SCOPED_TRACE("level " + std::to_string(i));
    const MultiresLevel& level = m.levels[i];
    for (const GraphArc& arc : level.graph.arcs) EXPECT_GE(arc.length, level.threshold);
    // The left hand node on this level, if it survived.
    int hand = -1;
    for (int node = 0; node < level.graph.nodeCount(); ++node)
      if (finestNode(m, i, node) == n.h.handL) hand = node;
    if (level.threshold <= shortestFinger) {
      ASSERT_GE(hand, 0);
      int fingertips = 0;  // children of the hand ending at a base fingertip
      for (int a : level.graph.nodes[hand].arcs) {
        const int tip = finestNode(m, i, level.graph.arcs[a].to);
        for (int finger : n.h.fingersL) fingertips += n.h.graph.arcs[finger].to == tip;
      }
      EXPECT_EQ(fingertips, 5);
    }
    if (level.threshold > longestFinger) {
      EXPECT_EQ(hand, -1);  // merged into the arm
    }
  }
  // Coarsest: head, neck, pelvis, two hands' farthest fingertips, two feet.
  const TopologyGraph& coarse = m.coarsest();
  EXPECT_EQ(coarse.nodeCount(), 7);
  EXPECT_EQ(coarse.arcCount(), 6);
  EXPECT_EQ(countLeaves(coarse), 4);
  EXPECT_TRUE(coarse.isTree());
  // Leaves never move: each coarse leaf is a leaf of the base graph.
  for (int leaf : coarse.leaves()) EXPECT_EQ(m.finest().degree(finestNode(m, 0, leaf)), 1);
}

TEST(Multires, SurvivingNodesKeepExactlyTheirPosition) {
  const NoisyHumanoid n = noisyHumanoid();
  const MultiresGraph m = buildMultiresolution(n.h.graph);
  int checked = 0;
  for (int i = 0; i < m.levelCount(); ++i)
    for (int node = 0; node < m.levels[i].graph.nodeCount(); ++node) {
      const GraphNode& here = m.levels[i].graph.nodes[node];
      const GraphNode& base = n.h.graph.nodes[finestNode(m, i, node)];
      EXPECT_EQ(here.position.x(), base.position.x());  // bit for bit
      EXPECT_EQ(here.position.y(), base.position.y());
      EXPECT_EQ(here.position.z(), base.position.z());
      EXPECT_EQ(here.f, base.f);
      EXPECT_EQ(here.source, base.source);
      ++checked;
    }
  EXPECT_GT(checked, 10 * 7);
  // The root is the head on every level.
  for (int i = 0; i < m.levelCount(); ++i)
    EXPECT_EQ(finestNode(m, i, m.levels[i].graph.root), n.h.head);
}

TEST(Multires, LinksAreConsistentBothWays) {
  const NoisyHumanoid n = noisyHumanoid();
  const MultiresGraph m = buildMultiresolution(n.h.graph);
  const MultiresLevel& finest = m.levels.back();
  EXPECT_TRUE(
      std::all_of(finest.nodeFiner.begin(), finest.nodeFiner.end(), [](int x) { return x == -1; }));
  const MultiresLevel& coarsest = m.levels.front();
  EXPECT_TRUE(std::all_of(coarsest.nodeCoarser.begin(), coarsest.nodeCoarser.end(),
                          [](int x) { return x == -1; }));
  EXPECT_TRUE(std::all_of(coarsest.arcCoarser.begin(), coarsest.arcCoarser.end(),
                          [](int x) { return x == -1; }));

  int collapsed = 0, pruned = 0;
  for (int i = 0; i + 1 < m.levelCount(); ++i) {
    SCOPED_TRACE("levels " + std::to_string(i) + ", " + std::to_string(i + 1));
    const MultiresLevel& coarse = m.levels[i];
    const MultiresLevel& fine = m.levels[i + 1];
    ASSERT_EQ(coarse.nodeFiner.size(), std::size_t(coarse.graph.nodeCount()));
    ASSERT_EQ(coarse.arcFiner.size(), std::size_t(coarse.graph.arcCount()));
    ASSERT_EQ(fine.nodeCoarser.size(), std::size_t(fine.graph.nodeCount()));
    ASSERT_EQ(fine.arcCoarser.size(), std::size_t(fine.graph.arcCount()));
    ASSERT_EQ(fine.arcCollapsedInto.size(), std::size_t(fine.graph.arcCount()));

    for (int node = 0; node < coarse.graph.nodeCount(); ++node) {
      const int f = coarse.nodeFiner[node];
      ASSERT_GE(f, 0);
      EXPECT_EQ(fine.nodeCoarser[f], node);
      EXPECT_EQ(fine.graph.nodes[f].position, coarse.graph.nodes[node].position);
    }
    for (int node = 0; node < fine.graph.nodeCount(); ++node)
      if (fine.nodeCoarser[node] >= 0) {
        EXPECT_EQ(coarse.nodeFiner[fine.nodeCoarser[node]], node);
      }
    EXPECT_EQ(coarse.nodeFiner[coarse.graph.root], fine.graph.root);

    for (int c = 0; c < coarse.graph.arcCount(); ++c) {
      const GraphArc& arc = coarse.graph.arcs[c];
      const std::vector<int>& parts = coarse.arcFiner[c];
      ASSERT_FALSE(parts.empty());
      for (int f : parts)
        EXPECT_TRUE(fine.arcCoarser[f] == c || fine.arcCollapsedInto[f] == arc.from) << f;
      // The finer arcs run from the coarse arc's start to its end and make up its geometry.
      EXPECT_EQ(fine.nodeCoarser[fine.graph.arcs[parts.front()].from], arc.from);
      EXPECT_EQ(fine.nodeCoarser[fine.graph.arcs[parts.back()].to], arc.to);
      EXPECT_EQ(joined(fine.graph, parts), arc.polyline);
      double sum = 0.0;
      for (int f : parts) sum += fine.graph.arcs[f].length;
      EXPECT_NEAR(arc.length, sum, 1e-12);
    }
    for (int f = 0; f < fine.graph.arcCount(); ++f) {
      const int c = fine.arcCoarser[f];
      if (c >= 0) {
        const auto& parts = coarse.arcFiner[c];
        EXPECT_NE(std::find(parts.begin(), parts.end(), f), parts.end());
        EXPECT_EQ(fine.arcCollapsedInto[f], -1);
      } else if (fine.arcCollapsedInto[f] >= 0) {
        ++collapsed;
        EXPECT_GE(childCount(coarse.graph, fine.arcCollapsedInto[f]), 2);
      } else {
        ++pruned;
        for (const auto& parts : coarse.arcFiner)  // a pruned arc is in no coarse arc
          EXPECT_EQ(std::find(parts.begin(), parts.end(), f), parts.end());
      }
    }
  }
  EXPECT_GT(collapsed, 0);
  EXPECT_GT(pruned, 0);
}

// Poirier Figure 3a: an internal arc is merged into its end nearer the head; the far node's
// arcs hang from that end with the merged arc's geometry in front of theirs.
TEST(Multires, InternalShortArcMergesIntoNodeNearerHead) {
  GraphBuilder b(Eigen::Vector3d(0, 3, 0));
  const int a = b.limb(b.root(), Eigen::Vector3d(0, 2, 0));
  const int d = b.limb(a, Eigen::Vector3d(0, 2, 1.2));
  const int knot = b.limb(a, Eigen::Vector3d(0, 1.9, 0));
  const int c1 = b.limb(knot, Eigen::Vector3d(1, 1, 0));
  const int c2 = b.limb(knot, Eigen::Vector3d(-1, 1, 0));
  const TopologyGraph& g = b.graph();
  const int knotArc = b.arcTo(knot);
  ASSERT_NEAR(g.arcs[knotArc].length, 0.1, 1e-12);

  const FilteredGraph filtered = filterGraph(g, 0.2);
  const TopologyGraph& coarse = filtered.graph;
  const LevelLinks& links = filtered.links;
  EXPECT_EQ(coarse.nodeCount(), 5);
  EXPECT_EQ(coarse.arcCount(), 4);
  EXPECT_EQ(links.nodeCoarser[knot], -1);
  const int ca = links.nodeCoarser[a];
  ASSERT_GE(ca, 0);
  EXPECT_EQ(coarse.nodes[ca].position, g.nodes[a].position);
  EXPECT_EQ(coarse.degree(ca), 4);
  EXPECT_EQ(links.arcCoarser[knotArc], -1);
  EXPECT_EQ(links.arcCollapsedInto[knotArc], ca);
  for (int leaf : {c1, c2}) {
    const int arc = links.arcCoarser[b.arcTo(leaf)];
    ASSERT_GE(arc, 0);
    const GraphArc& merged = coarse.arcs[arc];
    EXPECT_EQ(merged.from, ca);
    EXPECT_EQ(merged.to, links.nodeCoarser[leaf]);
    ASSERT_EQ(merged.polyline.size(), 3u);
    EXPECT_EQ(merged.polyline[0], g.nodes[a].position);
    EXPECT_EQ(merged.polyline[1], g.nodes[knot].position);  // geometry kept
    EXPECT_EQ(merged.polyline[2], g.nodes[leaf].position);
    EXPECT_NEAR(merged.length, 0.1 + g.arcs[b.arcTo(leaf)].length, 1e-12);
    EXPECT_EQ(links.arcFiner[arc], (std::vector<int>{knotArc, b.arcTo(leaf)}));
    EXPECT_EQ(merged.members, (std::vector<int>{a, knot, leaf}));  // junction member once
  }
  const int dArc = links.arcCoarser[b.arcTo(d)];  // the long arc is untouched
  ASSERT_GE(dArc, 0);
  EXPECT_EQ(coarse.arcs[dArc].polyline, g.arcs[b.arcTo(d)].polyline);

  // At the head itself: the short arc is merged into the root, which stays where it is.
  GraphBuilder top(Eigen::Vector3d(0, 3, 0));
  const int k = top.limb(top.root(), Eigen::Vector3d(0, 2.95, 0));
  top.limb(k, Eigen::Vector3d(1, 2, 0));
  top.limb(k, Eigen::Vector3d(-1, 2, 0));
  const FilteredGraph atRoot = filterGraph(top.graph(), 0.2);
  EXPECT_EQ(atRoot.graph.nodeCount(), 3);
  EXPECT_EQ(atRoot.graph.degree(atRoot.graph.root), 2);
  EXPECT_EQ(atRoot.graph.nodes[atRoot.graph.root].position, Eigen::Vector3d(0, 3, 0));
}

// Poirier §4.1: "remove smaller arcs first". Of two short twigs at a node, the shorter is
// pruned; the node is then of degree 2 and the longer twig joins its parent arc and survives.
TEST(Multires, SmallerArcsRemovedFirstAndExtentKept) {
  GraphBuilder b(Eigen::Vector3d(0, 2, 0));
  const int x = b.limb(b.root(), Eigen::Vector3d(0, 1, 0));
  const int t1 = b.limb(x, Eigen::Vector3d(0.02, 1, 0));
  const int t2 = b.limb(x, Eigen::Vector3d(0, 0.97, 0));
  const FilteredGraph f = filterGraph(b.graph(), 0.05);
  ASSERT_EQ(f.graph.arcCount(), 1);
  EXPECT_EQ(f.graph.nodes[f.graph.arcs[0].to].position, b.position(t2));
  EXPECT_NEAR(f.graph.arcs[0].length, 1.03, 1e-12);
  EXPECT_EQ(f.links.arcFiner[0], (std::vector<int>{b.arcTo(x), b.arcTo(t2)}));
  EXPECT_EQ(f.links.arcCoarser[b.arcTo(t1)], -1);
  EXPECT_EQ(f.links.arcCollapsedInto[b.arcTo(t1)], -1);
  EXPECT_EQ(f.links.nodeCoarser[x], -1);
  EXPECT_NEAR(graphLength(f.graph), graphLength(b.graph()), 1e-12);

  // On the noisy humanoid, filtering never shortens the head-to-foot extent.
  const NoisyHumanoid n = noisyHumanoid();
  const MultiresGraph m = buildMultiresolution(n.h.graph);
  for (const MultiresLevel& level : m.levels)
    EXPECT_NEAR(graphLength(level.graph), graphLength(n.h.graph), 1e-12);
}

// External arcs are filtered by their span, how far the extremity stands out from its
// branching; a leaf whose embedding zigzags (level-set centroids jumping across a flat fin) is
// not kept for its inflated length, and a straight one as far out is not lost.
TEST(Multires, ExternalArcsFilteredBySpan) {
  GraphBuilder b(Eigen::Vector3d(0, 2, 0));
  const int x = b.limb(b.root(), Eigen::Vector3d(0, 1, 0));
  // Span 0.06, embedding 0.06 + 4 × 0.1 zigzag.
  const int zigzag = b.limb(x,
                            {Eigen::Vector3d(0.1, 1, 0), Eigen::Vector3d(0, 1, 0),
                             Eigen::Vector3d(0.1, 1, 0), Eigen::Vector3d(0, 1, 0)},
                            Eigen::Vector3d(-0.06, 1, 0));
  const int far = b.limb(x, Eigen::Vector3d(0.2, 1, 0));
  const int straight = b.limb(x, Eigen::Vector3d(0, 0.8, 0));
  ASSERT_GT(b.graph().arcs[b.arcTo(zigzag)].length, 0.4);
  const FilteredGraph f = filterGraph(b.graph(), 0.1);
  EXPECT_EQ(f.links.nodeCoarser[zigzag], -1);
  EXPECT_GE(f.links.nodeCoarser[far], 0);
  EXPECT_GE(f.links.nodeCoarser[straight], 0);
  // An internal arc keeps its embedding length: the bent trunk is not collapsed.
  GraphBuilder t(Eigen::Vector3d(0, 2, 0));
  const int hip = t.limb(t.root(), {Eigen::Vector3d(0.15, 1.95, 0)}, Eigen::Vector3d(0, 1.9, 0));
  t.limb(hip, Eigen::Vector3d(0.5, 1.5, 0));
  t.limb(hip, Eigen::Vector3d(-0.5, 1.5, 0));
  const FilteredGraph g = filterGraph(t.graph(), 0.2);
  EXPECT_GE(g.links.nodeCoarser[hip], 0);
  EXPECT_EQ(g.graph.leaves().size(), 2u);
}

// Poirier Figure 3c: after filtering no node other than the root has degree 2, even when the
// base graph has some (the finest level keeps them: it is unfiltered).
TEST(Multires, NoDegreeTwoNodesRemainExceptRoot) {
  GraphBuilder b(Eigen::Vector3d(0, 3, 0));
  const int n1 = b.limb(b.root(), Eigen::Vector3d(0, 2.5, 0.1));
  const int n2 = b.limb(n1, Eigen::Vector3d(0, 2.0, 0.0));
  const int n3 = b.limb(n2, Eigen::Vector3d(0, 1.5, 0.1));
  b.limb(n3, Eigen::Vector3d(0.8, 0.8, 0));
  b.limb(n3, Eigen::Vector3d(-0.8, 0.8, 0));
  const MultiresGraph chain = buildMultiresolution(b.graph());
  EXPECT_EQ(chain.finest().nodeCount(), 6);
  for (int i = 0; i + 1 < chain.levelCount(); ++i) {
    const TopologyGraph& g = chain.levels[i].graph;
    EXPECT_EQ(g.nodeCount(), 4);
    EXPECT_EQ(g.arcs[g.nodes[g.root].arcs[0]].polyline.size(), 4u);  // through n1, n2
  }

  const NoisyHumanoid noisy = noisyHumanoid();
  const MultiresGraph m = buildMultiresolution(noisy.h.graph);
  int degreeTwoInBase = 0;
  for (int node = 0; node < m.finest().nodeCount(); ++node)
    if (node != m.finest().root && m.finest().degree(node) == 2) ++degreeTwoInBase;
  EXPECT_GT(degreeTwoInBase, 0);
  for (int i = 0; i + 1 < m.levelCount(); ++i)
    for (int node = 0; node < m.levels[i].graph.nodeCount(); ++node)
      if (node != m.levels[i].graph.root) {
        EXPECT_NE(m.levels[i].graph.degree(node), 2);
      }
}

TEST(Multires, CountsNonIncreasingFromFineToCoarse) {
  const NoisyHumanoid n = noisyHumanoid();
  const MultiresGraph m = buildMultiresolution(n.h.graph);
  for (int i = 0; i + 1 < m.levelCount(); ++i) {
    EXPECT_LE(m.levels[i].graph.arcCount(), m.levels[i + 1].graph.arcCount());
    EXPECT_LE(m.levels[i].graph.nodeCount(), m.levels[i + 1].graph.nodeCount());
    EXPECT_TRUE(m.levels[i].graph.isTree());
  }
  EXPECT_LT(m.coarsest().arcCount(), m.finest().arcCount());
}

// Arcs stored pointing to the head are turned around; a graph with a cycle is not filtered.
TEST(Multires, OrientationAndNonTreeInput) {
  GraphBuilder b(Eigen::Vector3d(0, 2, 0));
  const int mid = b.limb(b.root(), Eigen::Vector3d(0, 1, 0));
  const int l = b.limb(mid, Eigen::Vector3d(1, 0, 0));
  const int r = b.limb(mid, Eigen::Vector3d(-1, 0, 0));
  TopologyGraph reversed = b.graph();
  GraphArc& arc = reversed.arcs[b.arcTo(l)];
  std::swap(arc.from, arc.to);
  std::reverse(arc.polyline.begin(), arc.polyline.end());
  const MultiresGraph m = buildMultiresolution(reversed);
  EXPECT_EQ(m.finest().arcs[b.arcTo(l)].from, mid);
  EXPECT_EQ(m.finest().arcs[b.arcTo(l)].polyline.front(), b.position(mid));

  TopologyGraph cyclic = b.graph();
  cyclic.addArc(l, r, {});
  const MultiresGraph single = buildMultiresolution(cyclic);
  ASSERT_EQ(single.levelCount(), 1);
  EXPECT_EQ(single.finest().arcCount(), cyclic.arcCount());
}

TEST(Multires, LastArcIsNeverRemoved) {
  GraphBuilder b(Eigen::Vector3d(0, 1, 0));
  b.limb(b.root(), Eigen::Vector3d(0, 0, 0));
  const MultiresGraph m = buildMultiresolution(b.graph(), MultiresParams{4, 2.0});
  ASSERT_EQ(m.levelCount(), 4);
  EXPECT_EQ(m.coarsest().arcCount(), 1);
  EXPECT_EQ(m.coarsest().nodeCount(), 2);
}

// Poirier §5: symmetry is computed on every level; coarse levels see the arms as bare limbs,
// the finest sees the hands' fingers.
TEST(Multires, SymmetryPerLevel) {
  test::HumanoidShape shape;
  shape.fingers = kFingers;
  const test::HumanoidGraph h = test::humanoidGraph(shape);
  const MultiresGraph m = buildMultiresolution(h.graph);
  const std::vector<GraphSymmetry> perLevel = detectSymmetry(m);
  ASSERT_EQ(perLevel.size(), std::size_t(m.levelCount()));
  for (int i = 0; i < m.levelCount(); ++i) {
    const GraphSymmetry single = detectSymmetry(m.levels[i].graph);
    ASSERT_EQ(perLevel[i].arcs.size(), single.arcs.size());
    for (std::size_t a = 0; a < single.arcs.size(); ++a) {
      EXPECT_EQ(perLevel[i].arcs[a].tag, single.arcs[a].tag);
      EXPECT_EQ(perLevel[i].arcs[a].group, single.arcs[a].group);
    }
  }

  const GraphSymmetry& coarse = perLevel.front();
  const TopologyGraph& cg = m.coarsest();
  int axialPairs = 0, primary = 0;
  for (const SymmetryGroup& group : coarse.groups) axialPairs += group.tag == SymmetryTag::Axial;
  for (const ArcSymmetry& arc : coarse.arcs) primary += arc.tag == SymmetryTag::Primary;
  EXPECT_EQ(axialPairs, 2);  // arms, legs
  EXPECT_EQ(primary, 2);     // head to neck, spine
  for (int a = 0; a < cg.arcCount(); ++a)
    if (coarse.arcs[a].tag == SymmetryTag::Axial) {
      EXPECT_EQ(coarse.arcDescriptors[a], (ShapeDescriptor{1}));
      const bool plusX = cg.nodes[cg.arcs[a].to].position.x() > 0;
      EXPECT_EQ(coarse.arcs[a].side, plusX ? SymmetrySide::Left : SymmetrySide::Right);
    }

  const GraphSymmetry& fine = perLevel.back();
  EXPECT_EQ(fine.arcDescriptors[h.armL], (ShapeDescriptor{1, 5}));
  EXPECT_EQ(fine.arcs[h.armL].side, SymmetrySide::Left);
  for (int finger : h.fingersR) {
    EXPECT_EQ(fine.arcs[finger].tag, SymmetryTag::Radial);
    EXPECT_EQ(fine.arcs[finger].level, 3);
  }
}

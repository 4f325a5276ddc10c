// Symmetry detection and tagging (Poirier §5) on procedural topology graphs.
#include <gtest/gtest.h>

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <numeric>

#include "support/graph_builders.h"
#include "symmetry/detect_symmetry.h"
#include "symmetry/sibling_grouping.h"

using namespace rw;
using rw::test::GraphBuilder;

namespace {

const Eigen::Vector3d kHead(0.0, 2.0, 0.0);
const Eigen::Vector3d kCentre(0.0, 1.0, 0.0);

/// Unit vector in the XZ plane at `angle` radians from +X.
Eigen::Vector3d around(double angle) {
  return {std::cos(angle), 0.0, std::sin(angle)};
}

/// Head above a centre node with k limbs spread around it in the XZ plane; limb i (creation
/// order) has length lengths[i], its polyline bent downwards halfway.
struct Star {
  TopologyGraph graph;
  int headArc = -1;
  std::vector<int> limbs;  ///< arcs, creation order
};

Star star(const std::vector<double>& lengths) {
  GraphBuilder b(kHead);
  const int centre = b.limb(b.root(), kCentre);
  Star s;
  const int k = static_cast<int>(lengths.size());
  for (int i = 0; i < k; ++i) {
    const Eigen::Vector3d d = around(2.0 * M_PI * i / k + 0.1);
    const Eigen::Vector3d tip = kCentre + lengths[i] * d;
    s.limbs.push_back(b.arcTo(
        b.limb(centre, {kCentre + 0.5 * lengths[i] * d - 0.1 * Eigen::Vector3d::UnitY()}, tip)));
  }
  s.headArc = b.arcTo(centre);
  s.graph = b.graph();
  return s;
}

/// The ranks 1..n of `arcs` by increasing polyline length.
std::vector<int> rankByLength(const TopologyGraph& g, const std::vector<int>& arcs) {
  std::vector<int> order(arcs.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(),
            [&](int a, int b) { return g.arcs[arcs[a]].length < g.arcs[arcs[b]].length; });
  std::vector<int> rank(arcs.size());
  for (std::size_t r = 0; r < order.size(); ++r) rank[order[r]] = static_cast<int>(r) + 1;
  return rank;
}

}  // namespace

TEST(Symmetry, TagAndSideNames) {
  EXPECT_STREQ(symmetryTagName(SymmetryTag::Primary), "primary");
  EXPECT_STREQ(symmetryTagName(SymmetryTag::Axial), "axial");
  EXPECT_STREQ(symmetryTagName(SymmetryTag::Radial), "radial");
  EXPECT_STREQ(symmetryTagName(SymmetryTag::None), "none");
  EXPECT_STREQ(symmetrySideName(SymmetrySide::Left), "left");
  EXPECT_STREQ(symmetrySideName(SymmetrySide::Right), "right");
  EXPECT_STREQ(symmetrySideName(SymmetrySide::None), "none");
  EXPECT_EQ(symmetryTagFromName("radial"), SymmetryTag::Radial);
  EXPECT_EQ(symmetrySideFromName("left"), SymmetrySide::Left);
  EXPECT_FALSE(symmetryTagFromName("Primary").has_value());
}

// Poirier Figure 4: a node with two children is {1,2}; with two and three grandchildren
// {1,2,5}. An arc's descriptor is its far node's.
TEST(Symmetry, ShapeDescriptorsOfFigure4) {
  GraphBuilder b(kHead);
  const int top = b.limb(b.root(), kCentre);
  const int left = b.limb(top, kCentre + Eigen::Vector3d(1, -1, 0));
  const int right = b.limb(top, kCentre + Eigen::Vector3d(-1, -1, 0));
  const GraphSymmetry small = detectSymmetry(b.graph());
  EXPECT_EQ(small.nodeDescriptors[top], (ShapeDescriptor{1, 2}));
  EXPECT_EQ(small.nodeDescriptors[b.root()], (ShapeDescriptor{1, 1, 2}));
  EXPECT_EQ(small.nodeDescriptors[left], (ShapeDescriptor{1}));
  EXPECT_EQ(small.arcDescriptors[b.arcTo(top)], (ShapeDescriptor{1, 2}));

  for (int i = 0; i < 2; ++i) b.limb(left, b.position(left) + Eigen::Vector3d(0.3 * i, -1, 0));
  for (int i = 0; i < 3; ++i) b.limb(right, b.position(right) + Eigen::Vector3d(-0.3 * i, -1, 0));
  const GraphSymmetry big = detectSymmetry(b.graph());
  EXPECT_EQ(big.nodeDescriptors[top], (ShapeDescriptor{1, 2, 5}));
  EXPECT_EQ(big.arcDescriptors[b.arcTo(left)], (ShapeDescriptor{1, 2}));
  EXPECT_EQ(big.arcDescriptors[b.arcTo(right)], (ShapeDescriptor{1, 3}));
  EXPECT_EQ(localShape(big.nodeDescriptors[top]), (ShapeDescriptor{1, 2}));
}

// k limbs of nearly equal length around a centre: one radial group numbered 1..k by length
// (k ≥ 3), an axial pair for k = 2, the primary axis going on for k = 1.
TEST(Symmetry, StarWithKLimbs) {
  for (int k = 1; k <= 7; ++k) {
    SCOPED_TRACE("k = " + std::to_string(k));
    std::vector<double> lengths;
    for (int i = 0; i < k; ++i) lengths.push_back(1.0 + 0.03 * ((i * 3) % k));  // shuffled
    const Star s = star(lengths);
    const GraphSymmetry sym = detectSymmetry(s.graph);
    EXPECT_EQ(sym.arcs[s.headArc].tag, SymmetryTag::Primary);
    EXPECT_EQ(sym.arcs[s.headArc].level, 1);
    const int group = sym.arcs[s.limbs[0]].group;
    const std::vector<int> rank = rankByLength(s.graph, s.limbs);
    for (int i = 0; i < k; ++i) {
      const ArcSymmetry& limb = sym.arcs[s.limbs[i]];
      EXPECT_EQ(limb.group, group);
      if (k >= 3) {
        EXPECT_EQ(limb.tag, SymmetryTag::Radial);
        EXPECT_EQ(limb.radialIndex, rank[i]);
        EXPECT_EQ(limb.level, 2);
      } else if (k == 2) {
        EXPECT_EQ(limb.tag, SymmetryTag::Axial);
        EXPECT_EQ(limb.level, 2);
      } else {
        EXPECT_EQ(limb.tag, SymmetryTag::Primary);
        EXPECT_EQ(limb.level, 1);
      }
    }
    EXPECT_EQ(static_cast<int>(sym.groups[group].arcs.size()), k);
  }
}

// Humanoid: spine primary, arms and legs two axial pairs although each pair differs by 8–12%
// in length, left = +X.
TEST(Symmetry, HumanoidSpinePrimaryArmsAndLegsAxialLeftIsPlusX) {
  const test::HumanoidGraph h = test::humanoidGraph();
  const GraphSymmetry sym = detectSymmetry(h.graph);

  EXPECT_EQ(sym.primaryAxis, (std::vector<int>{h.neckArc, h.spineArc}));
  for (int arc : {h.neckArc, h.spineArc}) {
    EXPECT_EQ(sym.arcs[arc].tag, SymmetryTag::Primary);
    EXPECT_EQ(sym.arcs[arc].level, 1);
    EXPECT_EQ(sym.arcs[arc].side, SymmetrySide::None);
  }
  for (auto [left, right] : {std::pair{h.armL, h.armR}, std::pair{h.legL, h.legR}}) {
    EXPECT_GT(std::abs(h.graph.arcs[left].length - h.graph.arcs[right].length),
              0.05 * h.graph.arcs[left].length);  // really not equal
    EXPECT_EQ(sym.arcs[left].tag, SymmetryTag::Axial);
    EXPECT_EQ(sym.arcs[right].tag, SymmetryTag::Axial);
    EXPECT_EQ(sym.arcs[left].side, SymmetrySide::Left);
    EXPECT_EQ(sym.arcs[right].side, SymmetrySide::Right);
    EXPECT_EQ(sym.arcs[left].group, sym.arcs[right].group);
    EXPECT_EQ(sym.arcs[left].level, 2);
    EXPECT_EQ(sym.arcs[left].radialIndex, 0);
    const SymmetryGroup& group = sym.groups[sym.arcs[left].group];
    EXPECT_EQ(group.tag, SymmetryTag::Axial);
    EXPECT_EQ(group.axis, 0);
    EXPECT_EQ(group.arcs.size(), 2u);
  }
  EXPECT_NE(sym.arcs[h.armL].group, sym.arcs[h.legL].group);
  EXPECT_EQ(sym.groups[sym.arcs[h.armL].group].node, h.neck);
  EXPECT_EQ(sym.groups[sym.arcs[h.legL].group].node, h.pelvis);
  EXPECT_EQ(sym.nodeDescriptors[h.head], (ShapeDescriptor{1, 1, 3, 2}));
}

// Mirroring the character across X swaps the sides: left stays the +X limb.
TEST(Symmetry, MirroredHumanoidSwapsSides) {
  test::HumanoidGraph h = test::humanoidGraph();
  for (GraphNode& n : h.graph.nodes) n.position.x() = -n.position.x();
  for (GraphArc& a : h.graph.arcs)
    for (Eigen::Vector3d& p : a.polyline) p.x() = -p.x();
  const GraphSymmetry sym = detectSymmetry(h.graph);
  EXPECT_EQ(sym.arcs[h.armL].side, SymmetrySide::Right);
  EXPECT_EQ(sym.arcs[h.armR].side, SymmetrySide::Left);
  EXPECT_EQ(sym.arcs[h.legL].side, SymmetrySide::Right);
  EXPECT_EQ(sym.arcs[h.legR].side, SymmetrySide::Left);
}

// Fingers: the four of similar length are a radial group one level below the arms; the thumb,
// 40% shorter than the longest, is split off and stays a lone arc of the arm's level.
TEST(Symmetry, HumanoidFingersRadialBelowArms) {
  test::HumanoidShape shape;
  shape.fingers = {0.05, 0.075, 0.085, 0.08, 0.07};  // thumb first
  const test::HumanoidGraph h = test::humanoidGraph(shape);
  const GraphSymmetry sym = detectSymmetry(h.graph);
  EXPECT_EQ(sym.arcs[h.armL].tag, SymmetryTag::Axial);
  EXPECT_EQ(sym.arcDescriptors[h.armL], (ShapeDescriptor{1, 5}));
  for (const std::vector<int>& fingers : {h.fingersL, h.fingersR}) {
    const ArcSymmetry& thumb = sym.arcs[fingers[0]];
    EXPECT_EQ(thumb.tag, SymmetryTag::None);
    EXPECT_EQ(thumb.level, 2);
    EXPECT_EQ(sym.groups[thumb.group].arcs.size(), 1u);
    const std::vector<int> rest(fingers.begin() + 1, fingers.end());
    const std::vector<int> rank = rankByLength(h.graph, rest);
    for (std::size_t i = 0; i < rest.size(); ++i) {
      EXPECT_EQ(sym.arcs[rest[i]].tag, SymmetryTag::Radial);
      EXPECT_EQ(sym.arcs[rest[i]].level, 3);
      EXPECT_EQ(sym.arcs[rest[i]].group, sym.arcs[rest[0]].group);
      EXPECT_EQ(sym.arcs[rest[i]].radialIndex, rank[i]);
    }
  }
  EXPECT_EQ(sym.arcs[h.fingersL[2]].radialIndex, 4);  // the longest
}

// An octopus: eight tentacles curling at different lengths (within 15%): one radial group,
// numbered 1..8 by length whatever the order they were built in.
TEST(Symmetry, OctopusEightTentaclesOneRadialGroup) {
  const std::vector<double> lengths = {2.10, 2.30, 2.00, 2.25, 2.05, 2.35, 2.15, 2.20};
  GraphBuilder b(kHead);
  const int body = b.limb(b.root(), kCentre);
  std::vector<int> tentacles;
  for (int i = 0; i < 8; ++i) {
    const Eigen::Vector3d d = around(M_PI / 4 * i);
    const Eigen::Vector3d side = Eigen::Vector3d::UnitY().cross(d);
    std::vector<Eigen::Vector3d> curl;
    for (int s = 1; s < 6; ++s)
      curl.push_back(kCentre + lengths[i] * s / 6.0 * d + 0.1 * std::sin(s) * side -
                     0.05 * s * Eigen::Vector3d::UnitY());
    tentacles.push_back(b.arcTo(b.limb(body, curl, kCentre + lengths[i] * d)));
  }
  const GraphSymmetry sym = detectSymmetry(b.graph());
  const std::vector<int> rank = rankByLength(b.graph(), tentacles);
  std::vector<int> indices;
  for (int i = 0; i < 8; ++i) {
    const ArcSymmetry& t = sym.arcs[tentacles[i]];
    EXPECT_EQ(t.tag, SymmetryTag::Radial);
    EXPECT_EQ(t.group, sym.arcs[tentacles[0]].group);
    EXPECT_EQ(t.radialIndex, rank[i]);
    indices.push_back(t.radialIndex);
  }
  std::sort(indices.begin(), indices.end());
  EXPECT_EQ(indices, (std::vector<int>{1, 2, 3, 4, 5, 6, 7, 8}));
  EXPECT_EQ(sym.arcs[tentacles[5]].radialIndex, 8);  // 2.35, the longest
  EXPECT_EQ(sym.arcs[tentacles[2]].radialIndex, 1);  // 2.00, the shortest
}

// Poirier Figure 6: two posterior legs and a longer tail of the same shape hang from one node;
// the legs are an axial pair, the tail is alone and continues the primary axis.
TEST(Symmetry, Figure6LegsPairedTailAlone) {
  GraphBuilder b(kHead);
  const int thorax = b.limb(b.root(), kCentre);
  const int legL = b.arcTo(b.limb(thorax, kCentre + Eigen::Vector3d(0.7, -0.7, 0.1)));
  const int tail = b.arcTo(b.limb(thorax, {kCentre + Eigen::Vector3d(0, -0.8, -0.1)},
                                  kCentre + Eigen::Vector3d(0, -1.5, 0)));
  const int legR = b.arcTo(b.limb(thorax, kCentre + Eigen::Vector3d(-0.75, -0.75, 0.1)));
  const TopologyGraph& g = b.graph();
  ASSERT_GT(g.arcs[tail].length, 1.4 * g.arcs[legL].length);

  const GraphSymmetry sym = detectSymmetry(g);
  EXPECT_EQ(sym.arcDescriptors[tail], sym.arcDescriptors[legL]);  // same shape
  EXPECT_EQ(sym.arcs[legL].tag, SymmetryTag::Axial);
  EXPECT_EQ(sym.arcs[legR].tag, SymmetryTag::Axial);
  EXPECT_EQ(sym.arcs[legL].group, sym.arcs[legR].group);
  EXPECT_EQ(sym.arcs[legL].side, SymmetrySide::Left);
  EXPECT_EQ(sym.arcs[legR].side, SymmetrySide::Right);
  EXPECT_NE(sym.arcs[tail].group, sym.arcs[legL].group);
  EXPECT_EQ(sym.groups[sym.arcs[tail].group].arcs, std::vector<int>{tail});
  EXPECT_EQ(sym.arcs[tail].tag, SymmetryTag::Primary);
  EXPECT_EQ(sym.arcs[tail].level, 1);

  // With a threshold above the spread, the three fall into one radial group.
  const GraphSymmetry loose = detectSymmetry(g, SymmetryParams{0.6});
  EXPECT_EQ(loose.arcs[tail].tag, SymmetryTag::Radial);
  EXPECT_EQ(loose.arcs[tail].group, loose.arcs[legL].group);
  EXPECT_EQ(loose.arcs[tail].radialIndex, 3);
}

// Poirier Figure 5: subtrees {1,2,3}, {1,2,2}, {1,2,3} from one node (depth 3, first child
// degree 2 for all three): the two {1,2,3} are grouped, the {1,2,2} one is alone.
TEST(Symmetry, Figure5DescriptorsSeparateSameDepthAndDegree) {
  GraphBuilder b(kHead);
  const int top = b.limb(b.root(), kCentre);
  auto subtree = [&](const Eigen::Vector3d& d, int grandchildren) {
    const int n = b.limb(top, kCentre + d);
    const int c0 = b.limb(n, b.position(n) + 0.5 * d + Eigen::Vector3d(0, -0.3, 0));
    b.limb(n, b.position(n) + 0.5 * d + Eigen::Vector3d(0, 0.3, 0));
    for (int i = 0; i < grandchildren; ++i)
      b.limb(c0, b.position(c0) + 0.3 * d + Eigen::Vector3d(0, 0, 0.2 * i - 0.2));
    return b.arcTo(n);
  };
  const int left = subtree(Eigen::Vector3d(1, 0, 0), 3);
  const int middle = subtree(Eigen::Vector3d(0, 0, 1), 2);
  const int right = subtree(Eigen::Vector3d(-1, 0, 0), 3);
  const GraphSymmetry sym = detectSymmetry(b.graph());
  EXPECT_EQ(sym.arcDescriptors[left], (ShapeDescriptor{1, 2, 3}));
  EXPECT_EQ(sym.arcDescriptors[right], (ShapeDescriptor{1, 2, 3}));
  EXPECT_EQ(sym.arcDescriptors[middle], (ShapeDescriptor{1, 2, 2}));
  EXPECT_EQ(sym.arcs[left].group, sym.arcs[right].group);
  EXPECT_EQ(sym.arcs[left].tag, SymmetryTag::Axial);
  EXPECT_EQ(sym.arcs[left].side, SymmetrySide::Left);
  EXPECT_NE(sym.arcs[middle].group, sym.arcs[left].group);
  EXPECT_EQ(sym.groups[sym.arcs[middle].group].arcs.size(), 1u);
}

// C is relative to the group's longest arc: the same lengths at any scale group the same way,
// and the cut goes at the largest gap.
TEST(Symmetry, LengthThresholdIsRelativeAndCutsAtLargestGap) {
  for (double scale : {0.001, 1.0, 1000.0}) {
    SCOPED_TRACE(scale);
    std::vector<double> lengths = {1.0, 1.2, 1.25, 1.4, 1.05, 1.5, 2.0};
    for (double& l : lengths) l *= scale;
    const double c = SymmetryParams{}.lengthThreshold;
    EXPECT_EQ(splitByLength({0, 1}, lengths, c).size(), 1u);  // 17% apart
    EXPECT_EQ(splitByLength({0, 2}, lengths, c).size(), 1u);  // 20% of the longer
    EXPECT_EQ(splitByLength({0, 3}, lengths, c).size(), 2u);  // 29%
    EXPECT_EQ(splitByLength({0, 4, 5}, lengths, c),           // Figure 6
              (std::vector<std::vector<int>>{{0, 4}, {5}}));
    EXPECT_EQ(splitByLength({6, 0, 4, 5}, lengths, c),
              (std::vector<std::vector<int>>{{0, 4}, {5}, {6}}));
  }
}

// The left/right axis is the principal axis nearest the vector between the limbs.
TEST(Symmetry, AxialSidesAlongNearestPrincipalAxis) {
  GraphBuilder b(kHead);
  const int top = b.limb(b.root(), kCentre);
  const int back = b.arcTo(b.limb(top, kCentre + Eigen::Vector3d(0.2, 0.1, -1.0)));
  const int front = b.arcTo(b.limb(top, kCentre + Eigen::Vector3d(-0.1, 0.1, 1.0)));
  const GraphSymmetry sym = detectSymmetry(b.graph());
  EXPECT_EQ(sym.groups[sym.arcs[front].group].axis, 2);
  EXPECT_EQ(sym.arcs[front].side, SymmetrySide::Left);
  EXPECT_EQ(sym.arcs[back].side, SymmetrySide::Right);
}

// Several lone arcs on a node of the primary axis: the one reaching farthest (arc + longest
// path below) continues the axis; the others are untagged, one level away from it.
TEST(Symmetry, PrimaryAxisFollowsTheFarthestReachingLoneArc) {
  GraphBuilder b(kHead);
  const int chest = b.limb(b.root(), kCentre);
  // A bump with a longer arc than the body's, but a shorter reach; shapes {1,2} vs {1,2,2}.
  const int bump = b.limb(chest, kCentre + Eigen::Vector3d(0, 0, 0.7));
  const int bumpA = b.limb(bump, b.position(bump) + Eigen::Vector3d(0, 0, 0.3));
  const int bumpB = b.limb(bump, b.position(bump) + Eigen::Vector3d(0.1, 0, 0.28));
  const int body = b.limb(chest, kCentre + Eigen::Vector3d(0, -0.6, 0));
  // Two legs of different shapes ({1,2} and {1}): both lone.
  const int legL = b.limb(body, b.position(body) + Eigen::Vector3d(0.5, -0.8, 0));
  const int legR = b.limb(body, b.position(body) + Eigen::Vector3d(-0.5, -0.8, 0));
  const int heel = b.limb(legL, b.position(legL) + Eigen::Vector3d(0, -0.1, 0.1));
  const int toe = b.limb(legL, b.position(legL) + Eigen::Vector3d(0.05, -0.1, 0.3));
  const TopologyGraph& g = b.graph();
  ASSERT_LT(g.arcs[b.arcTo(body)].length, g.arcs[b.arcTo(bump)].length);

  const GraphSymmetry sym = detectSymmetry(g);
  EXPECT_EQ(sym.primaryAxis,
            (std::vector<int>{b.arcTo(chest), b.arcTo(body), b.arcTo(legL), b.arcTo(toe)}));
  EXPECT_EQ(sym.arcs[b.arcTo(bump)].tag, SymmetryTag::None);
  EXPECT_EQ(sym.arcs[b.arcTo(bump)].level, 2);
  EXPECT_EQ(sym.arcs[b.arcTo(legR)].tag, SymmetryTag::None);
  EXPECT_EQ(sym.arcs[b.arcTo(legR)].level, 2);
  EXPECT_EQ(sym.arcs[b.arcTo(heel)].tag, SymmetryTag::None);  // heel and toe split by length
  EXPECT_EQ(sym.arcs[b.arcTo(heel)].level, 2);
  // The bump's two children are a pair, one level below the bump.
  EXPECT_EQ(sym.arcs[b.arcTo(bumpA)].tag, SymmetryTag::Axial);
  EXPECT_EQ(sym.arcs[b.arcTo(bumpA)].group, sym.arcs[b.arcTo(bumpB)].group);
  EXPECT_EQ(sym.arcs[b.arcTo(bumpA)].level, 3);
}

// A lone arc below a paired limb (an arm continuing past an elbow bump) keeps the limb's level.
TEST(Symmetry, LoneArcBelowAPairKeepsItsLevel) {
  GraphBuilder b(kHead);
  const int neck = b.limb(b.root(), kCentre);
  std::vector<int> elbows, hands, bumps;
  for (double side : {1.0, -1.0}) {
    elbows.push_back(b.limb(neck, kCentre + Eigen::Vector3d(side * 0.4, 0, 0)));
    const Eigen::Vector3d elbow = b.position(elbows.back());
    hands.push_back(b.limb(elbows.back(), elbow + Eigen::Vector3d(side * 0.4, 0, 0)));
    bumps.push_back(b.limb(elbows.back(), elbow + Eigen::Vector3d(0, 0, -0.05)));
  }
  const GraphSymmetry sym = detectSymmetry(b.graph());
  for (int i = 0; i < 2; ++i) {
    EXPECT_EQ(sym.arcs[b.arcTo(elbows[i])].tag, SymmetryTag::Axial);
    EXPECT_EQ(sym.arcs[b.arcTo(elbows[i])].level, 2);
    for (int lone : {hands[i], bumps[i]}) {
      EXPECT_EQ(sym.arcs[b.arcTo(lone)].tag, SymmetryTag::None);
      EXPECT_EQ(sym.arcs[b.arcTo(lone)].level, 2);
    }
  }
}

// Arcs outside the tree (a cycle) are left untagged; the rest is still tagged.
TEST(Symmetry, ArcClosingACycleIsUntagged) {
  GraphBuilder b(kHead);
  const int top = b.limb(b.root(), kCentre);
  const int l = b.limb(top, kCentre + Eigen::Vector3d(1, -1, 0));
  const int r = b.limb(top, kCentre + Eigen::Vector3d(-1, -1, 0));
  TopologyGraph g = b.graph();
  const int loop = g.addArc(l, r, {});
  const GraphSymmetry sym = detectSymmetry(g);
  EXPECT_EQ(sym.arcs[loop].group, -1);
  EXPECT_EQ(sym.arcs[loop].level, 0);
  EXPECT_EQ(sym.arcs[loop].tag, SymmetryTag::None);
  EXPECT_EQ(sym.arcs[b.arcTo(top)].tag, SymmetryTag::Primary);
}

// Issue 20: a low-poly bull's horns split off at a saddle to one side of the mirror plane, so
// from their node one horn measures 0.89 and the other 0.53 (40% apart, more than C) though
// their tips mirror each other exactly. They are a pair: lone arcs of one shape whose tips are
// mirror images across a principal plane through the head. A lone arc whose tip mirrors no
// other stays alone.
TEST(Symmetry, HornsFromANodeOffThePlaneArePairedByTheirMirroredTips) {
  GraphBuilder b(Eigen::Vector3d(0, 2.3, 3.6));
  const int saddle = b.limb(b.root(), Eigen::Vector3d(-0.21, 2.77, 2.74));
  const int hornL = b.arcTo(b.limb(saddle, Eigen::Vector3d(0.6, 2.52, 3.0)));
  const int hornR = b.arcTo(b.limb(saddle, Eigen::Vector3d(-0.6, 2.52, 3.0)));
  b.limb(saddle, Eigen::Vector3d(0.0, 1.9, 1.1));  // the body goes on
  const TopologyGraph& g = b.graph();
  SymmetryParams noMirror;
  noMirror.mirrorPairTolerance = 0;
  const GraphSymmetry before = detectSymmetry(g, noMirror);
  ASSERT_NE(before.arcs[hornL].group, before.arcs[hornR].group) << "C alone already pairs them";
  const GraphSymmetry sym = detectSymmetry(g);
  EXPECT_EQ(sym.arcs[hornL].tag, SymmetryTag::Axial);
  EXPECT_EQ(sym.arcs[hornR].tag, SymmetryTag::Axial);
  EXPECT_EQ(sym.arcs[hornL].group, sym.arcs[hornR].group);
  EXPECT_EQ(sym.arcs[hornL].side, SymmetrySide::Left);

  // One horn bent back: its tip mirrors nothing, and the two stay apart.
  GraphBuilder c(Eigen::Vector3d(0, 2.3, 3.6));
  const int node = c.limb(c.root(), Eigen::Vector3d(-0.21, 2.77, 2.74));
  const int bent = c.arcTo(c.limb(node, Eigen::Vector3d(0.6, 2.52, 2.2)));
  const int straight = c.arcTo(c.limb(node, Eigen::Vector3d(-0.6, 2.52, 3.0)));
  c.limb(node, Eigen::Vector3d(0.0, 1.9, 1.1));
  const GraphSymmetry apart = detectSymmetry(c.graph());
  EXPECT_NE(apart.arcs[bent].group, apart.arcs[straight].group);
}

// The skeleton graph that is matched (issue 20): side branches left out, control joints that
// connect deform chains standing where those chains meet.
#include <gtest/gtest.h>

#include <algorithm>

#include "io/rig_json.h"
#include "retarget/side_branches.h"
#include "support/procedural_characters.h"

using namespace rw;
using Eigen::Vector3d;
using rw::test::addJoint;

namespace {

Skeleton bundledQuadruped() {
  Expected<RigDocument> rig = readRigJson(std::string(RIGWRIGHT_SKELETONS_DIR) + "/quadruped.json");
  EXPECT_TRUE(rig.ok());
  return rig.ok() ? rig->skeleton : Skeleton{};
}

Vector3d headOf(const Skeleton& s, const std::string& joint) {
  return s.restGlobals()[s.indexOf(joint)].translation();
}

/// A joint at `head` in character space (global orientation the identity) under a parent that
/// may be turned, with its tail at `tail`.
int addTurnedParentJoint(Skeleton& s, const std::string& name, const std::string& parent,
                         const Vector3d& head, const Vector3d& tail) {
  const Transform parentRest = s.restGlobals()[s.indexOf(parent)];
  const int j = addJoint(s, name, parent, head, tail);
  s.joints[j].restLocal = parentRest.inverse() * Transform(Eigen::Translation3d(head));
  s.joints[j].deform = true;
  return j;
}

}  // namespace

// A belly bone under the spine and the jaw under the head are lone short leaves off the primary
// axis: left out. The tail (the axis's end) and the legs stay.
TEST(SideBranches, ABellyAndAJawAreLeftOutTheTailAndLimbsStay) {
  Skeleton s = bundledQuadruped();
  ASSERT_FALSE(s.empty());
  const Vector3d spine = headOf(s, "spine.01");
  const int belly = addJoint(s, "belly", "spine.01", spine, spine - Vector3d(0, 0.15, 0));
  s.joints[belly].deform = true;
  const int jaw = s.indexOf("jaw");
  ASSERT_GE(jaw, 0);
  const int headJoint = s.indexOf("head");

  Expected<SkeletonGraph> all = buildSkeletonGraph(s, headJoint);
  ASSERT_TRUE(all.ok());
  const GraphSymmetry tags = detectSymmetry(all->graph, skeletonSymmetryParams({}));
  EXPECT_EQ(sideBranchJoints(*all, tags), (std::vector<int>{jaw, belly}));

  Expected<SkeletonGraph> matched = matchableSkeletonGraph(s, headJoint, {});
  ASSERT_TRUE(matched.ok());
  EXPECT_LT(matched->arcOfJoint[belly], 0);
  EXPECT_LT(matched->arcOfJoint[jaw], 0);
  for (const char* kept : {"tail.04", "foot.L", "foot.R", "front_foot.L", "front_foot.R"}) {
    const int j = s.indexOf(kept);
    ASSERT_GE(j, 0) << kept;
    EXPECT_GE(matched->arcOfJoint[j], 0) << kept;
  }
  // Two arcs fewer for the two leaves, and one more: the spine is one chain again where the
  // belly split it.
  EXPECT_EQ(matched->graph.arcs.size() + 3, all->graph.arcs.size());
}

// Flank helpers (a pair of two-joint leaves that skin the ribs) hang off the spine between the
// forelegs and the hind legs, short against the legs: left out, or matching pairs them with the
// mesh's hind legs and leaves the legs hanging from the pelvis out as "hidden" (a production
// polar bear's walk 10.6% of its height from its artist's). A pair of three joints is a limb and
// stays, however short; a pair before the first limbs (ears, horns) is the mesh's too and stays.
TEST(SideBranches, FlankHelpersBetweenTheLimbPairsAreLeftOutShortLimbsAndEarsStay) {
  Skeleton s = bundledQuadruped();
  ASSERT_FALSE(s.empty());
  const Vector3d spine = headOf(s, "spine.02");
  const Vector3d head = headOf(s, "head");
  std::vector<int> helpers, ears;
  for (const double side : {1.0, -1.0}) {
    const std::string suffix = side > 0 ? ".L" : ".R";
    const Vector3d flank = spine + Vector3d(0.12 * side, -0.05, 0.0);
    const Vector3d low = flank + Vector3d(0.02 * side, -0.15, 0.0);
    helpers.push_back(addTurnedParentJoint(s, "flank" + suffix, "spine.02", flank, low));
    helpers.push_back(addTurnedParentJoint(s, "flank_low" + suffix, "flank" + suffix, low,
                                           low + Vector3d(0, -0.05, 0)));
    const Vector3d ear = head + Vector3d(0.06 * side, 0.08, 0);
    const Vector3d tip = ear + Vector3d(0.02 * side, 0.08, 0);
    ears.push_back(addTurnedParentJoint(s, "ear" + suffix, "head", ear, tip));
    ears.push_back(addTurnedParentJoint(s, "ear_tip" + suffix, "ear" + suffix, tip,
                                        tip + Vector3d(0, 0.03, 0)));
  }
  const int headJoint = s.indexOf("head");

  Expected<SkeletonGraph> all = buildSkeletonGraph(s, headJoint);
  ASSERT_TRUE(all.ok());
  const GraphSymmetry tags = detectSymmetry(all->graph, skeletonSymmetryParams({}));
  const std::vector<int> side = sideBranchJoints(*all, tags);
  for (int j : helpers)
    EXPECT_NE(std::find(side.begin(), side.end(), j), side.end()) << s.joints[j].name;
  for (int j : ears)
    EXPECT_EQ(std::find(side.begin(), side.end(), j), side.end()) << s.joints[j].name;

  Expected<SkeletonGraph> matched = matchableSkeletonGraph(s, headJoint, {});
  ASSERT_TRUE(matched.ok());
  for (int j : helpers) EXPECT_LT(matched->arcOfJoint[j], 0) << s.joints[j].name;
  for (const char* kept : {"foot.L", "foot.R", "front_foot.L", "front_foot.R", "ear_tip.L"}) {
    const int j = s.indexOf(kept);
    ASSERT_GE(j, 0) << kept;
    EXPECT_GE(matched->arcOfJoint[j], 0) << kept;
  }

  // A third joint makes each a limb: kept, short as it is.
  Skeleton limbs = s;
  for (const std::string suffix : {".L", ".R"}) {
    const Vector3d low = headOf(limbs, "flank_low" + suffix);
    addTurnedParentJoint(limbs, "flank_toe" + suffix, "flank_low" + suffix,
                         low + Vector3d(0, -0.05, 0.03), low + Vector3d(0, -0.07, 0.05));
  }
  Expected<SkeletonGraph> three = buildSkeletonGraph(limbs, headJoint);
  ASSERT_TRUE(three.ok());
  const std::vector<int> none =
      sideBranchJoints(*three, detectSymmetry(three->graph, skeletonSymmetryParams({})));
  for (int j : helpers)
    EXPECT_EQ(std::find(none.begin(), none.end(), j), none.end()) << limbs.joints[j].name;
}

// A game rig's root control stands on the floor and the shoulders (controls too) and the spine
// hang from it. Before, the shoulders were out of the graph (no deform joint above them) and
// the forelegs with them; the root's node stood on the floor, so the neck's chain ran down to
// the floor and back up the spine.
TEST(SkeletonGraph, AControlRootOnTheFloorJoinsTheForelegsWhereTheyMeet) {
  Skeleton s;
  addJoint(s, "root", "", {0, 0, 0.8}, {0, 0.3, 0.8});
  addJoint(s, "body", "root", {0, 2, 0.8}, {0, 2, -0.8});
  addJoint(s, "rear", "body", {0, 2, -0.8}, {0, 2, -1.2});
  addJoint(s, "neck", "root", {0, 2.2, 1.1}, {0, 2.6, 1.6});
  addJoint(s, "head", "neck", {0, 2.6, 1.6}, {0, 2.8, 2.2});
  for (const double side : {1.0, -1.0}) {
    const std::string n = side > 0 ? ".L" : ".R";
    addJoint(s, "shoulder" + n, "root", {0, 2, 0.8}, {0.35 * side, 1.5, 1.0});
    addJoint(s, "leg" + n, "shoulder" + n, {0.35 * side, 1.5, 1.0}, {0.35 * side, 0, 1.0});
  }
  for (Joint& j : s.joints) j.deform = j.name != "root" && j.name.rfind("shoulder", 0) != 0;
  Expected<SkeletonGraph> g = buildSkeletonGraph(s, s.indexOf("head"));
  ASSERT_TRUE(g.ok());
  for (const char* joint : {"leg.L", "leg.R", "shoulder.L", "root", "body"})
    EXPECT_GE(g->arcOfJoint[s.indexOf(joint)], 0) << joint << " is not in the graph";
  int rootNode = -1;
  for (std::size_t n = 0; n < g->graph.nodes.size(); ++n)
    if (g->nodeJoint[n] == s.indexOf("root")) rootNode = int(n);
  ASSERT_GE(rootNode, 0);
  EXPECT_GT(g->graph.nodes[rootNode].position.y(), 1.5) << "the root's node is on the floor";
  for (const GraphArc& arc : g->graph.arcs)
    if (arc.from == rootNode) {
      EXPECT_GT(arc.polyline.front().y(), 1.5);
    }
  for (const GraphArc& arc : g->graph.arcs)
    if (arc.to == rootNode) {
      for (const Vector3d& p : arc.polyline) EXPECT_GT(p.y(), 1.5) << "the neck runs to the floor";
    }
}

// A game rig hangs the head from the pelvis (the corpus tiger): walked from the head, the graph
// ran down one bone to the pelvis and matched the whole body to it. The head now hangs from the
// joint where the neck's chain ends, as the body carries it; the neck is a chain of the graph.
TEST(SkeletonGraph, AHeadHungFromThePelvisHangsFromTheNecksEnd) {
  Skeleton s;
  addJoint(s, "pelvis", "", {0, 2, -1.2}, {0, 2, -0.4});
  addJoint(s, "spine", "pelvis", {0, 2, -0.4}, {0, 2, 0.8});
  addJoint(s, "neck.01", "spine", {0, 2.1, 0.8}, {0, 2.2, 1.3});
  addJoint(s, "neck.02", "neck.01", {0, 2.2, 1.3}, {0, 2.3, 1.8});
  addJoint(s, "head", "pelvis", {0, 2.3, 2.2}, {0, 2.4, 2.8});
  for (const double side : {1.0, -1.0}) {
    const std::string n = side > 0 ? ".L" : ".R";
    addJoint(s, "thigh" + n, "pelvis", {0.3 * side, 1.8, -1.2}, {0.3 * side, 0, -1.2});
    addJoint(s, "arm" + n, "spine", {0.3 * side, 1.8, 0.8}, {0.3 * side, 0, 0.8});
  }
  for (Joint& j : s.joints) j.deform = true;
  Expected<SkeletonGraph> g = buildSkeletonGraph(s, s.indexOf("head"));
  ASSERT_TRUE(g.ok());
  const GraphArc& first = g->graph.arcs[g->arcOfJoint[s.indexOf("neck.02")]];
  EXPECT_EQ(first.from, g->graph.root) << "the neck does not hang from the head";
  EXPECT_EQ(g->arcOfJoint[s.indexOf("neck.01")], g->arcOfJoint[s.indexOf("neck.02")]);
  // The pelvis is a branching of the graph (legs), reached through the spine, not from the head.
  int pelvisNode = -1;
  for (std::size_t n = 0; n < g->graph.nodes.size(); ++n)
    if (g->nodeJoint[n] == s.indexOf("pelvis")) pelvisNode = int(n);
  ASSERT_GE(pelvisNode, 0);
  for (const GraphArc& arc : g->graph.arcs)
    if (arc.to == pelvisNode) {
      EXPECT_NE(arc.from, g->graph.root) << "the head hangs from the pelvis";
    }
}

// The skeleton graph of the artist rigs, rooted at their head joint, tagged by the same symmetry
// code as the mesh graph (Poirier §4–5).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>

#include "skeleton/skeleton_graph.h"
#include "support/real_models.h"
#include "symmetry/detect_symmetry.h"

using namespace rw;
using rw::test::loadModel;

namespace {

/// The symmetry of the arc holding a joint.
const ArcSymmetry& symmetryOf(const SkeletonGraph& g, const GraphSymmetry& sym, const Skeleton& s,
                              const std::string& joint) {
  const int j = s.indexOf(joint);
  EXPECT_GE(j, 0) << joint;
  EXPECT_GE(g.arcOfJoint[j], 0) << joint;
  return sym.arcs[g.arcOfJoint[j]];
}

}  // namespace

TEST(SkeletonGraphRealModels, BcnFromItsNeck) {
  Character c;
  ASSERT_TRUE(loadModel("X/BCN_Epileptic.X", c));
  const Skeleton& s = c.skeleton;
  Expected<SkeletonGraph> g = buildSkeletonGraph(s, s.indexOf("B_Neck"));
  ASSERT_TRUE(g) << g.error().message;
  EXPECT_TRUE(g->graph.isTree());
  // Every deform joint is on an arc (the head joint is the root node).
  for (int j = 0; j < s.size(); ++j)
    if (j != s.indexOf("B_Neck")) {
      EXPECT_GE(g->arcOfJoint[j], 0) << s.joints[j].name;
    }
  const GraphSymmetry sym = detectSymmetry(g->graph);
  // Arms and legs are axial pairs, and BCN's Left bones are on +X: tagged left.
  for (const char* limb : {"B_UpperArm", "B_ForeArm", "B_Knee", "B_Toe"}) {
    SCOPED_TRACE(limb);
    const ArcSymmetry& left = symmetryOf(*g, sym, s, std::string(limb) + "_Left");
    const ArcSymmetry& right = symmetryOf(*g, sym, s, std::string(limb) + "_Right");
    EXPECT_EQ(left.tag, SymmetryTag::Axial);
    EXPECT_EQ(left.group, right.group);
    EXPECT_EQ(left.side, SymmetrySide::Left);
    EXPECT_EQ(right.side, SymmetrySide::Right);
  }
  // The spine runs down from the neck on the primary axis.
  EXPECT_EQ(symmetryOf(*g, sym, s, "B_Spine2").tag, SymmetryTag::Primary);
}

TEST(SkeletonGraphRealModels, TestwusonThroughItsControlRoot) {
  Character c;
  ASSERT_TRUE(loadModel("X/Testwuson.X", c));
  const Skeleton& s = c.skeleton;
  Expected<SkeletonGraph> g = buildSkeletonGraph(s, s.indexOf("Neck"));
  ASSERT_TRUE(g) << g.error().message;
  EXPECT_TRUE(g->graph.isTree());
  // The two deform trees (front and back) are joined through the control "Root".
  for (const char* joint : {"Tail06", "HindLeg_L_04", "ForeLeg_R_05", "Spine_Back01"})
    EXPECT_GE(g->arcOfJoint[s.indexOf(joint)], 0) << joint;
  const GraphSymmetry sym = detectSymmetry(g->graph);
  for (const char* limb : {"ForeLeg_%s_03", "HindLeg_%s_03"}) {
    char left[32], right[32];
    std::snprintf(left, sizeof left, limb, "L");
    std::snprintf(right, sizeof right, limb, "R");
    SCOPED_TRACE(left);
    const ArcSymmetry& l = symmetryOf(*g, sym, s, left);
    const ArcSymmetry& r = symmetryOf(*g, sym, s, right);
    EXPECT_EQ(l.tag, SymmetryTag::Axial);
    EXPECT_EQ(l.group, r.group);
    EXPECT_NE(l.side, r.side);
  }
  EXPECT_NE(symmetryOf(*g, sym, s, "Tail03").tag, SymmetryTag::Axial);
}

TEST(SkeletonGraph, ControlHeadIsAnError) {
  Character c;
  ASSERT_TRUE(loadModel("X/Testwuson.X", c));
  EXPECT_FALSE(buildSkeletonGraph(c.skeleton, c.skeleton.indexOf("Root")));
  EXPECT_FALSE(buildSkeletonGraph(c.skeleton, 999));
}

// Issue 20: studios' skeletons have non-deforming joints inside their chains (a corpus donkey's
// right thigh). Such a joint bound among its deform neighbours keeps its place in the graph;
// moved to their mean, that thigh sat in the middle of the crotch and the leg was placed there.
TEST(SkeletonGraphRealModels, ANonDeformingThighKeepsItsPlace) {
  Character c;
  ASSERT_TRUE(loadModel("X/BCN_Epileptic.X", c));
  Skeleton s = c.skeleton;
  const int thigh = s.indexOf("B_Hip_Right");
  ASSERT_GE(thigh, 0);
  s.joints[thigh].deform = false;
  const Eigen::Vector3d bound = s.restGlobals()[thigh].translation();
  auto nearestOnItsArc = [&](const SkeletonGraphParams& params) {
    Expected<SkeletonGraph> g = buildSkeletonGraph(s, s.indexOf("B_Neck"), {}, params);
    EXPECT_TRUE(bool(g));
    if (!g) return 1e9;
    EXPECT_GE(g->arcOfJoint[thigh], 0);
    double nearest = 1e9;
    for (const Eigen::Vector3d& p : g->graph.arcs[g->arcOfJoint[thigh]].polyline)
      nearest = std::min(nearest, (p - bound).norm());
    return nearest;
  };
  EXPECT_LT(nearestOnItsArc({}), 1e-9);
  SkeletonGraphParams meanAlways;
  meanAlways.connectorSpan = 0.0;
  EXPECT_GT(nearestOnItsArc(meanAlways), 0.02 * c.mesh.size());
}

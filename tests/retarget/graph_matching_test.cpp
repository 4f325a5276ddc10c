// Multiresolution matching (retarget/graph_matching.h, Poirier 2009 Algorithm 1) called directly
// on the stages of a procedural humanoid whose true joints are known: the same matching as the
// session's, each limb's arc on its own limb, and a partial match that stays below its start.
#include <gtest/gtest.h>

#include <set>

#include "retarget/graph_matching.h"
#include "support/procedural_characters.h"
#include "support/retarget_runs.h"

using namespace rw;
using namespace rw::test;
using Eigen::Vector3d;

namespace {

struct HumanoidStages {
  Skeleton skeleton = bentHumanoid();
  Mesh mesh = meshAround(skeleton, humanoidRadius, 0.02);
  std::unique_ptr<RigSession> session;
  double size = 0.0;

  HumanoidStages() {
    size = mesh.bounds().diagonal().norm();
    session = runRetarget(mesh, {0, mesh.bounds().max().y(), 0}, skeleton, "head");
  }

  MatchingInput input() const {
    MatchingInput in;
    in.skeleton = session->skeletonGraph().get();
    in.skeletonSymmetry = session->skeletonSymmetry().get();
    in.mesh = session->multires().get();
    in.meshSymmetry = session->meshSymmetry().get();
    return in;
  }

  /// The skeleton arc whose chain holds the joint called `name`.
  int arcOf(const std::string& name) const {
    return session->skeletonGraph()->arcOfJoint[skeleton.indexOf(name)];
  }
};

const HumanoidStages& stages() {
  static const HumanoidStages s;
  return s;
}

}  // namespace

TEST(GraphMatching, IsAFunctionOfItsInputs) {
  const HumanoidStages& h = stages();
  ASSERT_TRUE(h.session->matching());
  const GraphMatching again = matchGraphs(h.input());
  const GraphMatching& run = *h.session->matching();
  ASSERT_EQ(again.matches.size(), run.matches.size());
  for (size_t i = 0; i < run.matches.size(); ++i) {
    EXPECT_EQ(again.matches[i].skeletonArc, run.matches[i].skeletonArc);
    EXPECT_EQ(again.matches[i].level, run.matches[i].level);
    EXPECT_EQ(again.matches[i].meshArc, run.matches[i].meshArc);
    EXPECT_EQ(again.matches[i].rule, run.matches[i].rule);
  }
  EXPECT_TRUE(again.unmatched.empty());
  EXPECT_FALSE(again.partial);
}

TEST(GraphMatching, EveryLimbArcRunsAlongItsOwnLimb) {
  const HumanoidStages& h = stages();
  const GraphMatching m = matchGraphs(h.input());
  // The chain ends: the limb's path ends at the mesh's tip beyond the end bone's tail (the
  // capsule's radius), on the limb's side of the body.
  for (const std::string end : {"forearm.L", "forearm.R", "shin.L", "shin.R"}) {
    const int arc = h.arcOf(end);
    ASSERT_GE(arc, 0) << end;
    ASSERT_GE(m.matchOfArc[arc], 0) << end << " unmatched";
    const ArcMatch& match = m.matches[m.matchOfArc[arc]];
    ASSERT_FALSE(match.path.empty()) << end;
    const Vector3d tail = h.skeleton.boneShape(h.skeleton.indexOf(end)).tail;
    const Vector3d tip = match.path.back();
    EXPECT_LT((tip - tail).norm(), 0.06 * h.size) << end;
    EXPECT_GT(tip.x() * tail.x(), 0.0) << end << " on the wrong side";
    // Tagged limbs match by Algorithm 1's tags, not the direction fallback.
    EXPECT_NE(match.rule, MatchRule::Direction) << end;
  }
}

TEST(GraphMatching, APartialMatchStaysBelowItsStartArc) {
  const HumanoidStages& h = stages();
  const GraphMatching full = matchGraphs(h.input());
  const int armArc = h.arcOf("upperarm.L");
  ASSERT_GE(full.matchOfArc[armArc], 0);
  const ArcMatch& arm = full.matches[full.matchOfArc[armArc]];

  MatchingInput in = h.input();
  in.skeletonStartArc = armArc;
  in.meshStartLevel = arm.level;
  in.meshStartArc = arm.meshArc;
  const GraphMatching partial = matchGraphs(in);
  EXPECT_TRUE(partial.partial);
  ASSERT_FALSE(partial.matches.empty());
  EXPECT_EQ(partial.matches.front().skeletonArc, armArc);
  EXPECT_EQ(partial.matches.front().meshArc, arm.meshArc);
  // Nothing outside the left arm's chain is matched.
  const std::set<int> armArcs = {armArc, h.arcOf("forearm.L")};
  for (const ArcMatch& match : partial.matches)
    EXPECT_TRUE(armArcs.count(match.skeletonArc)) << "arc " << match.skeletonArc;
  EXPECT_LT(partial.matchOfArc[h.arcOf("thigh.R")], 0);
}

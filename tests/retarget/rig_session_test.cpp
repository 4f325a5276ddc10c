// The cached pipeline (docs/pipeline.md): a change re-runs only the stages downstream of it.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

#include "session/rig_session.h"
#include "support/real_models.h"
#include "support/retarget_runs.h"

using namespace rw;
using namespace rw::test;

namespace {

std::vector<RigStage> stages(std::initializer_list<RigStage> s) {
  return s;
}

class RigSessionTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(loadModel("X/BCN_Epileptic.X", character));
    session = runRetarget(character.mesh, topAbove(character.mesh, character.skeleton, "B_Neck"),
                          character.skeleton, "B_Neck");
    ASSERT_TRUE(session->retargeted());
  }
  Character character;
  std::unique_ptr<RigSession> session;
};

}  // namespace

TEST_F(RigSessionTest, FirstRunComputesEveryStage) {
  EXPECT_EQ(session->lastRun().size(), std::size_t(kRigStageCount));
  EXPECT_EQ(session->stageTimes().size(), std::size_t(kRigStageCount));
  // Nothing changed: nothing runs.
  ASSERT_FALSE(session->run());
  EXPECT_TRUE(session->lastRun().empty());
}

TEST_F(RigSessionTest, GammaReRunsPlacementOnly) {
  const auto before = session->retargeted();
  RigParams p = session->params();
  p.placement.gammaDistance = 5.0;
  session->setParams(p);
  ASSERT_FALSE(session->run());
  EXPECT_EQ(session->lastRun(), stages({RigStage::Place}));
  // The joints moved, the shared mesh graph is the very same object.
  const auto after = session->retargeted();
  ASSERT_NE(before, after);
  const auto a = before->skeleton.restGlobals(), b = after->skeleton.restGlobals();
  double moved = 0.0;
  for (std::size_t j = 0; j < a.size(); ++j)
    moved = std::max(moved, (a[j].translation() - b[j].translation()).norm());
  EXPECT_GT(moved, 1e-6);
}

TEST_F(RigSessionTest, LengthThresholdReRunsSymmetryOnward) {
  const auto multires = session->multires();
  RigParams p = session->params();
  p.mesh.symmetry.lengthThreshold = 0.3;
  session->setParams(p);
  ASSERT_FALSE(session->run());
  // The skeleton graph too: its side branches are found by the skeleton's symmetry (C).
  EXPECT_EQ(session->lastRun(),
            stages({RigStage::Symmetry, RigStage::SkeletonGraph, RigStage::SkeletonSymmetry,
                    RigStage::ControlLinks, RigStage::Match, RigStage::Place}));
  EXPECT_EQ(session->multires(), multires);
}

TEST_F(RigSessionTest, LevelsReRunMultiresOnward) {
  RigParams p = session->params();
  p.mesh.multires.levels = 6;
  session->setParams(p);
  ASSERT_FALSE(session->run());
  EXPECT_EQ(session->lastRun(),
            stages({RigStage::Multires, RigStage::Symmetry, RigStage::Match, RigStage::Place}));
  EXPECT_EQ(session->multires()->levelCount(), 6);
}

TEST_F(RigSessionTest, MeshHeadReRunsTheMeshSideAndSkeletonHeadTheSkeletonSide) {
  session->setMeshHead(session->meshHead() + 1);
  ASSERT_FALSE(session->run());
  EXPECT_EQ(session->lastRun(), stages({RigStage::Field, RigStage::Reeb, RigStage::Multires,
                                        RigStage::Symmetry, RigStage::Match, RigStage::Place}));
  session->setSkeletonHead(character.skeleton.indexOf("B_Root_Neck_H"));
  ASSERT_FALSE(session->run());
  EXPECT_EQ(session->lastRun(), stages({RigStage::SkeletonGraph, RigStage::SkeletonSymmetry,
                                        RigStage::ControlLinks, RigStage::Match, RigStage::Place}));
}

TEST_F(RigSessionTest, CancelStopsAndKeepsFinishedStages) {
  session->setMeshHead(session->meshHead() + 2);
  Progress progress;
  progress.cancel();
  const Status st = session->run(&progress);
  ASSERT_TRUE(st.has_value());
  EXPECT_EQ(st->message, "cancelled");
  EXPECT_FALSE(session->field());
  EXPECT_TRUE(session->skeletonGraph());  // untouched by the mesh head
  // Running again without the cancel finishes the job.
  ASSERT_FALSE(session->run());
  EXPECT_TRUE(session->retargeted());
}

TEST_F(RigSessionTest, ProgressIsReportedPerStage) {
  session->setMeshHead(session->meshHead() + 3);
  std::vector<std::string> reported;
  Progress progress([&](std::string_view stage, double) { reported.emplace_back(stage); });
  ASSERT_FALSE(session->run(&progress));
  EXPECT_NE(std::find(reported.begin(), reported.end(), "field"), reported.end());
  EXPECT_NE(std::find(reported.begin(), reported.end(), "place"), reported.end());
  EXPECT_EQ(reported.back(), "done");
}

// One list names the stages: every stage has its own report key and its own label.
TEST_F(RigSessionTest, TakeMeshGraphMovesTheResultsOutAndCopiesSharedOnes) {
  // The field is still held here: it is copied, the other results are moved.
  const std::shared_ptr<const HarmonicField> heldField = session->field();
  const std::size_t reebNodes = session->reeb()->graph.nodes.size();
  const std::size_t levels = session->multires()->levels.size();
  const std::vector<int> arcs = *session->arcOfSourceVertex();
  const MeshGraph graph = session->takeMeshGraph();
  // Equal values, NaN (vertices off the field's domain) included.
  const auto sameField = [&](const std::vector<double>& values) {
    return values.size() == heldField->values.size() &&
           std::equal(values.begin(), values.end(), heldField->values.begin(),
                      [](double a, double b) { return a == b || (a != a && b != b); });
  };
  EXPECT_TRUE(sameField(graph.field.values));
  EXPECT_FALSE(heldField->values.empty());
  EXPECT_EQ(graph.reeb.graph.nodes.size(), reebNodes);
  EXPECT_EQ(graph.multires.levels.size(), levels);
  EXPECT_EQ(graph.symmetry.size(), levels);
  EXPECT_EQ(graph.arcOfSourceVertex, arcs);
  EXPECT_EQ(graph.stageSeconds.size(), std::size_t(kRigStageCount));
  // The session no longer has them; it computes them again.
  EXPECT_FALSE(session->field());
  EXPECT_FALSE(session->upToDate(RigStage::Field));
  ASSERT_FALSE(session->run());
  EXPECT_TRUE(sameField(session->field()->values));
}

TEST(RigStageNames, EveryStageHasADistinctKeyAndLabel) {
  std::set<std::string> keys, labels;
  for (int i = 0; i < kRigStageCount; ++i) {
    const auto stage = static_cast<RigStage>(i);
    EXPECT_STRNE(rigStageName(stage), "?");
    EXPECT_STRNE(rigStageLabel(stage), "?");
    keys.insert(rigStageName(stage));
    labels.insert(rigStageLabel(stage));
  }
  EXPECT_EQ(int(keys.size()), kRigStageCount);
  EXPECT_EQ(int(labels.size()), kRigStageCount);
  EXPECT_STREQ(rigStageName(RigStage::ControlLinks), "control links");
  EXPECT_STREQ(rigStageLabel(RigStage::Multires), "levels");
}

// Issue 23: the workstation's placement method is a session parameter. A switch re-runs
// placement only, embeds the skeleton once for the mesh (a γ change or the next switch reuses
// it), and the result is the embedding's own placement: each joint's method and the decision.
TEST_F(RigSessionTest, AMethodSwitchRerunsPlacementOnlyAndEmbedsOnce) {
  EXPECT_FALSE(session->placement()) << "the retarget method reports no per-joint method";
  EXPECT_FALSE(session->embedding()) << "the retarget method embedded the skeleton";
  const auto retarget = session->retargeted();

  RigParams p = session->params();
  p.method = RigMethod::Embed;
  session->setParams(p);
  ASSERT_FALSE(session->run());
  EXPECT_EQ(session->lastRun(), stages({RigStage::Place}));
  ASSERT_TRUE(session->embedding());
  ASSERT_TRUE(session->embedding()->found) << session->embedding()->reason;
  ASSERT_TRUE(session->placement());
  EXPECT_EQ(session->placement()->decision, "embedding");
  const auto embedded = session->retargeted();
  ASSERT_TRUE(embedded);
  // The embedding's own placement, joint for joint.
  const FallbackPlacement alone =
      embeddingPlacement(character.skeleton, *session->embedding(), *session->controlLinks());
  const auto a = alone.rig.skeleton.restGlobals(), b = embedded->skeleton.restGlobals();
  ASSERT_EQ(a.size(), b.size());
  int fromEmbedding = 0;
  for (std::size_t j = 0; j < a.size(); ++j) {
    EXPECT_LT((a[j].translation() - b[j].translation()).norm(), 1e-9) << j;
    fromEmbedding += session->placement()->method[j] == PlacementMethod::Embedding;
  }
  EXPECT_GE(fromEmbedding, 10);
  // It differs from the retarget somewhere (the methods place joints differently).
  double moved = 0.0;
  const auto r = retarget->skeleton.restGlobals();
  for (std::size_t j = 0; j < r.size(); ++j)
    moved = std::max(moved, (r[j].translation() - b[j].translation()).norm());
  EXPECT_GT(moved, 1e-3 * character.mesh.size());

  // A γ change and a switch to auto keep the embedding.
  const auto embedding = session->embedding();
  p.placement.gammaDistance = 2.0;
  p.method = RigMethod::Auto;
  session->setParams(p);
  ASSERT_FALSE(session->run());
  EXPECT_EQ(session->lastRun(), stages({RigStage::Place}));
  EXPECT_EQ(session->embedding(), embedding);
  ASSERT_TRUE(session->placement());
  // BCN's matching places every joint: auto keeps the retarget, and says so.
  EXPECT_EQ(session->placement()->decision, "retarget") << session->placement()->reason;

  // Back to the retarget: no per-joint method, the retarget's joints.
  p.method = RigMethod::Retarget;
  session->setParams(p);
  ASSERT_FALSE(session->run());
  EXPECT_FALSE(session->placement());
  // A new skeleton drops the embedding.
  session->setSkeleton(std::make_shared<const Skeleton>(character.skeleton));
  EXPECT_FALSE(session->embedding());
}

TEST(RigMethodNames, EveryMethodHasADistinctNameThatReadsBack) {
  std::set<std::string> names;
  for (RigMethod m : {RigMethod::Retarget, RigMethod::Embed, RigMethod::Auto}) {
    names.insert(rigMethodName(m));
    EXPECT_EQ(rigMethodFromName(rigMethodName(m)), m);
  }
  EXPECT_EQ(names.size(), 3u);
  EXPECT_FALSE(rigMethodFromName("pinocchio"));
}

// The cached pipeline (docs/pipeline.md): a change re-runs only the stages downstream of it.
#include <gtest/gtest.h>

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

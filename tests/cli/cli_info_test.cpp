#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "support/real_models.h"
#include "support/run_process.h"

using namespace rw::test;

TEST(CliInfo, JsonReportOfBcn) {
  const ProcessResult r = runCli({"info", modelPath("X/BCN_Epileptic.X"), "--json"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["mesh"]["vertices_raw"], 3014);
  EXPECT_EQ(j["mesh"]["vertices_welded"], 2632);
  EXPECT_EQ(j["mesh"]["triangles_welded"], 5126);
  EXPECT_EQ(j["mesh"]["components"], 5);
  EXPECT_EQ(j["mesh"]["closed"], false);
  EXPECT_EQ(j["mesh"]["boundary_edges"], 130);
  EXPECT_EQ(j["mesh"]["parts"].size(), 3u);
  EXPECT_EQ(j["skeleton"]["bones"], 54);
  EXPECT_EQ(j["skeleton"]["deform"], 54);
  EXPECT_EQ(j["skeleton"]["tree"].size(), 54u);
  ASSERT_EQ(j["clips"].size(), 1u);
  EXPECT_EQ(j["clips"][0]["name"], "Epileptisch");
  EXPECT_NEAR(j["clips"][0]["duration"].get<double>(), 3.3, 0.01);
}

TEST(CliInfo, TextReportShowsTreeAndClips) {
  const ProcessResult r = runCli({"info", modelPath("X/Testwuson.X")});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("bones: 38 (37 deform, 1 control)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Root  [control]"), std::string::npos);
  EXPECT_NE(r.out.find("    Spine_Back01"), std::string::npos);  // indented under Root
  EXPECT_NE(r.out.find("'Wuson_Walk': 3.600 s"), std::string::npos);
  EXPECT_NE(r.out.find("51 components"), std::string::npos);
  EXPECT_NE(r.out.find("14 non-manifold edges"), std::string::npos);
}

TEST(CliInfo, MotionFile) {
  const ProcessResult r = runCli({"info", modelPath("BVH/01_01.bvh"), "--json"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["skeleton"]["bones"], 31);
  EXPECT_EQ(j["clips"][0]["frames"], 2752);
  EXPECT_EQ(j["clips"][0]["frames_per_second"], 120.0);
}

TEST(CliGraph, JsonReportHasLevelsTagsLinksAndTimes) {
  const std::string out = std::string(::testing::TempDir()) + "/graph_human.json";
  const ProcessResult r = runCli(
      {"graph", modelPath("BLEND/HUMAN.blend"), "--head", "auto", "--levels", "4", "--json", out});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  std::ifstream f(out);
  const auto j = nlohmann::json::parse(f);
  ASSERT_EQ(j["levels"].size(), 4u);
  const auto& coarse = j["levels"][0];
  EXPECT_EQ(coarse["arcs"].size(), coarse["nodes"].size() - 1);  // a tree
  int axial = 0, primary = 0;
  for (const auto& arc : coarse["arcs"]) {
    EXPECT_GE(arc["polyline"].size(), 2u);
    EXPECT_GT(arc["length"].get<double>(), 0.0);
    for (const char* key : {"tag", "side", "radial_index", "symmetry_level", "group", "from", "to"})
      EXPECT_TRUE(arc.contains(key)) << key;
    axial += arc["tag"] == "axial";
    primary += arc["tag"] == "primary";
  }
  EXPECT_EQ(axial, 4);  // two arms, two legs
  EXPECT_GE(primary, 1);
  EXPECT_TRUE(coarse.contains("links"));
  EXPECT_EQ(coarse["links"]["node_finer"].size(), coarse["nodes"].size());
  for (const char* stage : {"field", "reeb", "multires", "symmetry", "total"})
    EXPECT_TRUE(j["stage_seconds"].contains(stage)) << stage;
  EXPECT_TRUE(j["loops_cut"].is_array());
}

TEST(CliGraph, BadHeadIsExitTwoWithTheFile) {
  const std::string path = modelPath("BLEND/HUMAN.blend");
  const ProcessResult r = runCli({"graph", path, "--head", "vertex:999999"});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_EQ(r.err.rfind(path + ": ", 0), 0u) << r.err;
}

TEST(CliAnimate, CmuWalkOntoBcnWritesTheClipAndAReport) {
  const std::string out = std::string(::testing::TempDir()) + "/bcn_walk.json";
  const std::string report = std::string(::testing::TempDir()) + "/bcn_walk_report.json";
  const ProcessResult r = runCli({"animate", modelPath("X/BCN_Epileptic.X"),
                                  modelPath("BVH/01_01.bvh"), "-o", out, "--json", report});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  std::ifstream clipFile(out), reportFile(report);
  const auto clip = nlohmann::json::parse(clipFile);
  const auto rep = nlohmann::json::parse(reportFile);
  EXPECT_EQ(clip["framesPerSecond"], 120.0);
  EXPECT_GT(clip["channels"].size(), 20u);  // the mapped BCN bones are animated
  EXPECT_EQ(rep["frames"], 2752);
  // Measured on BCN's skinned mesh against the floor its rest mesh stands on.
  const auto& ground = rep["ground"]["percentOfHeight"];
  EXPECT_LT(ground["penetration"].get<double>(), 1.0);
  EXPECT_LT(ground["plantedSoleWorst"].get<double>(), 1.0);
  EXPECT_GT(rep["ground"]["plantedFootFrames"].get<int>(), 0);
  EXPECT_GT(rep["rootHeight"]["correlationWithSource"].get<double>(), 0.95);
  EXPECT_EQ(rep["clips"].size(), 1u);
  EXPECT_LT(rep["footSkate"]["percentLegPerSecond"].get<double>(), 1.0);
  EXPECT_LT(rep["poseFidelityDegrees"]["mean"].get<double>(), 10.0);
  EXPECT_GT(rep["footSkate"]["plantedFootFrames"].get<int>(), 0);  // feet were planted and pinned
}

TEST(CliAnimate, MissingMotionIsExitTwo) {
  const ProcessResult r =
      runCli({"animate", modelPath("X/BCN_Epileptic.X"), "/nonexistent/walk.bvh", "-o",
              std::string(::testing::TempDir()) + "/never.json"});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("/nonexistent/walk.bvh"), std::string::npos) << r.err;
}

TEST(CliEval, BoneHeatWeightsAgainstTheArtistWeightsOfBcn) {
  const std::string rig = std::string(::testing::TempDir()) + "/bcn_heat.json";
  const std::string bcn = modelPath("X/BCN_Epileptic.X");
  ASSERT_EQ(runCli({"skin", bcn, "-o", rig}).exitCode, 0);
  const ProcessResult r = runCli({"eval", rig, "--reference", bcn, "--json", "-"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  const std::string json = r.out.substr(0, r.out.rfind("}") + 1);
  const auto j = nlohmann::json::parse(json)["skin"];
  EXPECT_EQ(j["vertices"], 3014);
  EXPECT_EQ(j["clip"], "Epileptisch");
  EXPECT_GT(j["poses"].get<int>(), 0);
  EXPECT_EQ(j["influences_on_unknown_joints"], 0);
  // Bone heat finds most of the artist's influences (recall) and deforms the body close to the
  // artist's weights over the clip on average.
  EXPECT_GT(j["influence_recall"].get<double>(), 0.6);
  EXPECT_GT(j["influence_precision"].get<double>(), 0.2);
  EXPECT_LT(j["mean_distance_relative"].get<double>(), 0.01);
}

#include <gtest/gtest.h>

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

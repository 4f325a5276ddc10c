// rigwright-cli autorig: a rig file and a report from an unrigged real mesh, FBX/glTF output
// that Assimp reads back with the skeleton, and clean failures on bad input.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "io/import_character.h"
#include "io/rig_json.h"
#include "support/real_models.h"
#include "support/run_process.h"

using namespace rw;
using rw::test::modelPath;
using rw::test::runCli;

namespace {

std::filesystem::path scratch(const std::string& name) {
  const auto dir = std::filesystem::temp_directory_path() / "rigwright_cli_autorig";
  std::filesystem::create_directories(dir);
  return dir / name;
}

}  // namespace

TEST(CliAutorig, HumanBlendGivesABipedRigFileAndReport) {
  const std::string mesh = modelPath("BLEND/HUMAN.blend");
  const auto out = scratch("human.json"), report = scratch("human_report.json");
  const auto r =
      runCli({"autorig", mesh, "--head", "auto", "-o", out.string(), "--json", report.string()});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("biped"), std::string::npos) << r.out;

  std::ifstream in(report);
  const nlohmann::json j = nlohmann::json::parse(in);
  EXPECT_EQ(j["class"], "biped");
  EXPECT_EQ(j["joint_count"], 22);
  EXPECT_EQ(j["joints"].size(), 22u);
  for (const char* stage :
       {"read", "field", "reeb", "multires", "symmetry", "classify", "embed", "write"})
    EXPECT_TRUE(j["stage_seconds"].contains(stage)) << stage;
  EXPECT_GT(j["total_seconds"].get<double>(), 0.0);

  Expected<RigDocument> rig = readRigJson(out.string());
  ASSERT_TRUE(rig) << rig.error().message;
  EXPECT_EQ(rig->skeleton.size(), 22);
  EXPECT_GE(rig->skeleton.indexOf("upperarm.L"), 0);
  EXPECT_EQ(rig->symmetryTags.at("thigh.R").tag, "axial");
  EXPECT_EQ(rig->symmetryTags.at("thigh.R").side, "right");
  EXPECT_EQ(rig->parameters["autorig"]["class"], "biped");
  EXPECT_TRUE(rig->meshHeadVertex.has_value());
  EXPECT_EQ(std::filesystem::path(rig->meshPath).filename(), "HUMAN.blend");
}

TEST(CliAutorig, SkinnedRigFileCarriesAWeightForEveryVertex) {
  const std::string mesh = modelPath("BLEND/HUMAN.blend");
  const auto out = scratch("human_skinned.json");
  const auto r = runCli({"autorig", mesh, "--head", "auto", "--skin", "-o", out.string()}, 300);
  ASSERT_EQ(r.exitCode, 0) << r.err;
  Expected<RigDocument> rig = readRigJson(out.string());
  ASSERT_TRUE(rig) << rig.error().message;
  ASSERT_TRUE(rig->skin.has_value()) << "the rig file has no skin section";
  Expected<Character> human = importCharacter(mesh);
  ASSERT_TRUE(human) << human.error().message;
  EXPECT_EQ(rig->skin->vertexCount(), int(human->mesh.source.positions.size()));
  EXPECT_EQ(rig->skin->unweightedVertices(), 0);
}

TEST(CliAutorig, SkinnedGlbCarriesTheAutomaticSkeletonAndWeights) {
  const std::string mesh = modelPath("Collada/human.zae");
  const auto out = scratch("human_zae.glb");
  const auto r = runCli({"autorig", mesh, "--head", "auto", "--skin", "-o", out.string()}, 300);
  ASSERT_EQ(r.exitCode, 0) << r.err;
  Expected<Character> back = importCharacter(out.string());
  ASSERT_TRUE(back) << back.error().message;
  EXPECT_EQ(back->skeleton.size(), 22);
  EXPECT_GE(back->skeleton.indexOf("thigh.L"), 0);
  EXPECT_FALSE(back->skin.empty());
}

TEST(CliAutorig, BadInputIsExitTwoWithTheFileNamed) {
  const auto out = scratch("bad.json");
  const auto missing = runCli({"autorig", "/nonexistent/mesh.obj", "-o", out.string()});
  EXPECT_EQ(missing.exitCode, 2);
  EXPECT_NE(missing.err.find("/nonexistent/mesh.obj"), std::string::npos) << missing.err;

  const std::string mesh = modelPath("BLEND/HUMAN.blend");
  const auto head = runCli({"autorig", mesh, "--head", "vertex:999999999", "-o", out.string()});
  EXPECT_EQ(head.exitCode, 2);
  EXPECT_NE(head.err.find("HUMAN.blend"), std::string::npos) << head.err;

  const auto format = runCli({"autorig", mesh, "-o", scratch("rig.txt").string()});
  EXPECT_EQ(format.exitCode, 2);
  EXPECT_NE(format.err.find("rig.txt"), std::string::npos) << format.err;
}

// `rigwright-cli retarget` and `rigwright-cli rig` (issues 5 and 8) on real characters.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "io/import_character.h"
#include "io/rig_json.h"
#include "support/real_models.h"
#include "support/run_process.h"

using namespace rw;
using namespace rw::test;

namespace {

std::string skeletonFile(const std::string& name) {
  return std::string(RIGWRIGHT_SKELETONS_DIR) + "/" + name;
}

std::string tempPath(const std::string& name) {
  const auto dir = std::filesystem::temp_directory_path() / "rigwright_cli_retarget";
  std::filesystem::create_directories(dir);
  return (dir / name).string();
}

nlohmann::json readJson(const std::string& path) {
  std::ifstream in(path);
  return nlohmann::json::parse(in);
}

}  // namespace

TEST(CliRetarget, ProductionBipedIntoBcnWritesTheRigAndTheReport) {
  const std::string out = tempPath("bcn_biped.json"), report = tempPath("bcn_biped_report.json");
  const ProcessResult r =
      runCli({"retarget", modelPath("X/BCN_Epileptic.X"), skeletonFile("biped_production.json"),
              "--mesh-head", "0,0.79,0", "--skeleton-head", "head", "-o", out, "--json", report});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  Expected<RigDocument> rig = readRigJson(out);
  ASSERT_TRUE(rig.ok()) << (rig ? "" : rig.error().message);
  EXPECT_EQ(rig->skeleton.size(), 77);
  EXPECT_EQ(rig->skeleton.controlCount(), 25);
  EXPECT_EQ(rig->skeletonHeadJoint.value_or(""), "head");
  EXPECT_EQ(rig->symmetryTags.at("upperarm.L").side, "left");
  const nlohmann::json j = readJson(report);
  EXPECT_GE(j["matches"].size(), 6u);
  EXPECT_EQ(j["joints"].size(), 77u);
  for (const char* stage : {"field", "reeb", "multires", "symmetry", "match", "place"})
    EXPECT_TRUE(j["stage_seconds"].contains(stage)) << stage;
  // Every matched limb pairs a left skeleton arc with a left mesh arc.
  for (const auto& m : j["matches"])
    if (m["skeleton_tag"] == "axial") EXPECT_EQ(m["skeleton_side"], m["mesh_side"]) << m.dump();
}

TEST(CliRetarget, UnknownHeadJointIsExitTwoNamingTheFile) {
  const ProcessResult r =
      runCli({"retarget", modelPath("X/BCN_Epileptic.X"), skeletonFile("biped_simple.json"),
              "--skeleton-head", "nohead", "-o", tempPath("x.json")});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("biped_simple.json"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("nohead"), std::string::npos) << r.err;
}

TEST(CliRetarget, SkeletonlessFileIsExitTwo) {
  const ProcessResult r =
      runCli({"retarget", modelPath("X/BCN_Epileptic.X"), modelPath("OBJ/WusonOBJ.obj"),
              "--skeleton-head", "head", "-o", tempPath("y.json")});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("WusonOBJ.obj"), std::string::npos) << r.err;
}

// The whole chain: retarget, skin, motion, FBX — read back by Assimp.
TEST(CliRig, BcnWithTheProductionBipedAndTheCmuWalkToFbx) {
  const std::string out = tempPath("bcn_rig.fbx"), report = tempPath("bcn_rig_report.json");
  std::filesystem::remove(out);
  const ProcessResult r =
      runCli({"rig", modelPath("X/BCN_Epileptic.X"), skeletonFile("biped_production.json"),
              modelPath("BVH/01_01.bvh"), "--mesh-head", "0,0.79,0", "--skeleton-head", "head",
              "-o", out, "--json", report},
             300);
  ASSERT_EQ(r.exitCode, 0) << r.err;
  Expected<Character> back = importCharacter(out);
  ASSERT_TRUE(back.ok()) << (back ? "" : back.error().message);
  // Every deform bone comes back by name (the importer folds some control leaves into tails).
  Expected<RigDocument> biped = readRigJson(skeletonFile("biped_production.json"));
  ASSERT_TRUE(biped.ok());
  for (const Joint& j : biped->skeleton.joints)
    if (j.deform) EXPECT_GE(back->skeleton.indexOf(j.name), 0) << j.name;
  EXPECT_EQ(back->mesh.source.positions.size(), 3014u);
  ASSERT_EQ(back->skin.perVertex.size(), back->mesh.source.positions.size());
  for (const auto& vertex : back->skin.perVertex) {
    double sum = 0.0;
    for (const auto& inf : vertex) sum += inf.weight;
    EXPECT_NEAR(sum, 1.0, 1e-4);
  }
  ASSERT_EQ(back->clips.size(), 1u);
  EXPECT_NEAR(back->clips.front().duration, 2751.0 / 120.0, 0.05);
  const nlohmann::json j = readJson(report);
  EXPECT_TRUE(j["stage_seconds"].contains("skin"));
  EXPECT_LT(j["motion"]["foot_skate_percent_leg_per_second"].get<double>(), 1.0);
  EXPECT_LE(j["motion"]["max_penetration"].get<double>(), 1e-6);
}

TEST(CliRig, MissingMotionIsExitTwoBeforeAnyWork) {
  const ProcessResult r =
      runCli({"rig", modelPath("X/BCN_Epileptic.X"), skeletonFile("biped_production.json"),
              "/nonexistent/walk.bvh", "--skeleton-head", "head", "-o", tempPath("z.fbx")});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("walk.bvh"), std::string::npos) << r.err;
}

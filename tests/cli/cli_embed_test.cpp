// `rigwright-cli embed` (issue 23): a skeleton embedded into a mesh by Baran & Popović's method,
// written as a rig and reported joint by joint; a mesh with no inside is refused with a reason.
// `rig --method embed|auto`: the whole chain (skin, motion, export) on an embedded skeleton, and
// the retarget with the embedding as its fallback, each joint's method reported.
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

std::string tempPath(const std::string& name) {
  const auto dir = std::filesystem::temp_directory_path() / "rigwright_cli_embed";
  std::filesystem::create_directories(dir);
  return (dir / name).string();
}

std::string skeletonFile(const std::string& name) {
  return std::string(RIGWRIGHT_SKELETONS_DIR) + "/" + name;
}

nlohmann::json readJson(const std::string& path) {
  std::ifstream in(path);
  return nlohmann::json::parse(in);
}

Eigen::Vector3d restAt(const Skeleton& s, const std::string& name) {
  const int j = s.indexOf(name);
  EXPECT_GE(j, 0) << name;
  if (j < 0) return Eigen::Vector3d::Zero();
  return s.restGlobals()[j].translation();
}

}  // namespace

TEST(CliEmbed, TheProductionBipedIntoHumanBlendIsARigWithEveryLimbOnItsSide) {
  const std::string out = tempPath("human_biped.json"), report = tempPath("human_report.json");
  const ProcessResult r =
      runCli({"embed", modelPath("BLEND/HUMAN.blend"), skeletonFile("biped_production.json"), "-o",
              out, "--json", report});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  Expected<RigDocument> rig = readRigJson(out);
  ASSERT_TRUE(rig.ok()) << (rig ? "" : rig.error().message);
  const Skeleton& s = rig->skeleton;
  EXPECT_EQ(s.size(), 77);
  EXPECT_GT(restAt(s, "hand.L").x(), 1.0);
  EXPECT_LT(restAt(s, "hand.R").x(), -1.0);
  EXPECT_GT(restAt(s, "toe.L").x(), 0.0);
  EXPECT_LT(restAt(s, "toe.R").x(), 0.0);
  EXPECT_GT(restAt(s, "head").y(), restAt(s, "spine.03").y());
  EXPECT_GT(restAt(s, "spine.03").y(), restAt(s, "hips").y());
  EXPECT_GT(restAt(s, "hips").y(), restAt(s, "shin.L").y());
  // Control bones follow their Poirier links (§6.3), as after a retarget: each IK target on
  // its hand or foot, the knee poles at their knees' height in front, the elbow poles behind.
  // (Carried by their parent chain instead, the hands' targets were 7-8 units from the hands
  // and the knee poles under the floor.)
  for (const char* side : {"L", "R"}) {
    const std::string s_ = std::string(".") + side;
    EXPECT_LT((restAt(s, "hand_ik" + s_) - restAt(s, "hand" + s_)).norm(), 0.3) << side;
    EXPECT_LT((restAt(s, "foot_ik" + s_) - restAt(s, "foot" + s_)).norm(), 0.3) << side;
    const Eigen::Vector3d knee = restAt(s, "shin" + s_), kneePole = restAt(s, "knee_pole" + s_);
    EXPECT_LT(std::abs(kneePole.y() - knee.y()), 1.0) << side;
    EXPECT_GT(kneePole.z(), knee.z() + 1.0) << side;
    EXPECT_LT(restAt(s, "elbow_pole" + s_).z(), restAt(s, "forearm" + s_).z() - 1.0) << side;
  }
  const nlohmann::json j = readJson(report);
  EXPECT_EQ(j["reduced_joints"].size(), 7u);
  EXPECT_GE(j["spheres"].get<int>(), 20);
  EXPECT_EQ(j["skeleton_turn_degrees"], 0);
  EXPECT_EQ(j["facing_from"], "the least penalty");
  EXPECT_EQ(j["joints"]["hand.L"], "embedded");
  EXPECT_EQ(j["joints"]["index.02.L"], "followed");
  EXPECT_EQ(j["joints"]["hand_ik.L"], "control");
}

TEST(CliEmbed, ABullModelledFacingBackIsReportedWithTheSkeletonTurned) {
  const std::string out = tempPath("wuson.glb"), report = tempPath("wuson_report.json");
  const ProcessResult r = runCli({"embed", modelPath("OBJ/WusonOBJ.obj"),
                                  skeletonFile("quadruped.json"), "-o", out, "--json", report});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_TRUE(std::filesystem::file_size(out) > 0);
  EXPECT_EQ(readJson(report)["skeleton_turn_degrees"], 180);
  EXPECT_EQ(readJson(report)["facing_from"], "the mesh's head in front of a long body");
  EXPECT_NE(r.out.find("turned 180° by the mesh's head"), std::string::npos) << r.out;
}

TEST(CliEmbed, AFlatSheetHasNoInsideToEmbedIn) {
  const std::string sheet = tempPath("sheet.obj");
  {
    std::ofstream obj(sheet);
    obj << "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nf 1 2 3\nf 1 3 4\n";
  }
  const ProcessResult r = runCli(
      {"embed", sheet, skeletonFile("biped_production.json"), "-o", tempPath("sheet_rig.json")});
  EXPECT_EQ(r.exitCode, 3) << r.err;
  EXPECT_NE(r.err.find(sheet), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("sphere"), std::string::npos) << r.err;
}

TEST(CliRigMethod, EmbedRigsSkinsAndAnimatesHumanBlendWithEachJointsMethodReported) {
  const std::string out = tempPath("human_embed.glb"), report = tempPath("human_embed.json");
  const ProcessResult r =
      runCli({"rig", modelPath("BLEND/HUMAN.blend"), skeletonFile("biped_production.json"),
              modelPath("BVH/01_01.bvh"), "--method", "embed", "-o", out, "--json", report});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  // What a client reads back: the skinned mesh, the skeleton and the clip.
  Expected<Character> rigged = importCharacter(out);
  ASSERT_TRUE(rigged.ok()) << (rigged ? "" : rigged.error().message);
  EXPECT_EQ(rigged->clips.size(), 1u);
  EXPECT_GE(rigged->skeleton.size(), 77);
  EXPECT_EQ(rigged->skin.vertexCount(), int(rigged->mesh.source.positions.size()));
  const nlohmann::json j = readJson(report);
  ASSERT_TRUE(j.contains("placement")) << j.dump();
  EXPECT_EQ(j["placement"]["method"], "embed");
  EXPECT_EQ(j["placement"]["decision"], "embedding");
  EXPECT_EQ(j["placement"]["joints"]["hand.L"], "embedding");
  EXPECT_EQ(j["placement"]["joints"]["thigh.R"], "embedding");
  EXPECT_EQ(j["placement"]["joints"]["index.02.L"], "carried");
  EXPECT_EQ(j["placement"]["joints"]["hand_ik.L"], "control");
  EXPECT_EQ(j["motion"]["frames"], 2752);
  // Which mocap joint drives which rig joint, for a TD to check before writing a --map.
  EXPECT_EQ(j["motion"]["joint_map"]["thigh.L"], "LeftUpLeg");
  EXPECT_EQ(j["motion"]["joint_map"]["upperarm.R"], "RightArm");
  EXPECT_FALSE(j["motion"]["joint_map"].contains("hand_ik.L")) << "a control keeps no source";
  EXPECT_FALSE(j["motion"]["unmapped_motion_joints"].empty());
  for (const char* stage : {"read", "embed", "skin", "motion", "write"})
    EXPECT_TRUE(j["stage_seconds"].contains(stage)) << stage;
  // The clip keeps the feet on the ground (the motion stage's own measure).
  EXPECT_LT(j["motion"]["max_penetration"].get<double>(), 1e-6);
  EXPECT_NE(r.out.find("embedded"), std::string::npos) << r.out;
}

TEST(CliRigMethod, AutoKeepsARetargetThatPlacedEveryJointAndSaysSo) {
  const std::string out = tempPath("bcn_auto.json"), report = tempPath("bcn_auto_report.json");
  const ProcessResult r =
      runCli({"rig", modelPath("X/BCN_Epileptic.X"), skeletonFile("biped_production.json"),
              "--method", "auto", "-o", out, "--json", report});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  const nlohmann::json j = readJson(report);
  EXPECT_EQ(j["placement"]["decision"], "retarget") << j["placement"].dump();
  EXPECT_EQ(j["placement"]["joints"]["hand.L"], "retarget");
  EXPECT_GE(j["matches"].size(), 10u);  // the retarget's own report is there too
  EXPECT_NE(r.out.find("placement: retarget"), std::string::npos) << r.out;
  Expected<RigDocument> rig = readRigJson(out);
  ASSERT_TRUE(rig.ok());
  EXPECT_EQ(rig->parameters["method"], "auto");
  ASSERT_TRUE(rig->skin);
  EXPECT_EQ(rig->skin->vertexCount(), 3014);
}

TEST(CliRigMethod, AnUnknownMethodIsRefused) {
  const ProcessResult r =
      runCli({"rig", modelPath("X/BCN_Epileptic.X"), skeletonFile("biped_production.json"),
              "--method", "guess", "-o", tempPath("never.json")});
  EXPECT_NE(r.exitCode, 0);
  EXPECT_NE(r.err.find("guess"), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(tempPath("never.json")));
}

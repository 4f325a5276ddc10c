// `rigwright-cli retarget` and `rigwright-cli rig` (issues 5 and 8) on real characters.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

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
  // BCN's head shell is welded to its neck: the field starts where the head was picked.
  EXPECT_EQ(j["mesh_field_head_vertex"], j["mesh_head_vertex"]);
  EXPECT_EQ(j["mesh_head_note"], "");
  EXPECT_TRUE(j["mesh_notes"].is_array());
  for (const char* stage :
       {"read", "field", "reeb", "multires", "symmetry", "match", "place", "write"})
    EXPECT_TRUE(j["stage_seconds"].contains(stage)) << stage;
  // Every matched limb pairs a left skeleton arc with a left mesh arc.
  for (const auto& m : j["matches"]) {
    if (m["skeleton_tag"] == "axial") {
      EXPECT_EQ(m["skeleton_side"], m["mesh_side"]) << m.dump();
    }
  }
  EXPECT_TRUE(j["partial"].is_null());  // the whole skeleton
}

namespace {

/// BCN's left knee (the artist's B_Knee_Left) as "x,y,z", a point on the left leg.
std::string bcnLeftKnee() {
  Expected<Character> bcn = importCharacter(modelPath("X/BCN_Epileptic.X"));
  EXPECT_TRUE(bcn.ok());
  if (!bcn) return "0,0,0";
  const Eigen::Vector3d knee =
      bcn->skeleton.restGlobals()[bcn->skeleton.indexOf("B_Knee_Left")].translation();
  return std::to_string(knee.x()) + "," + std::to_string(knee.y()) + "," + std::to_string(knee.z());
}

Eigen::Vector3d positionOf(const Skeleton& s, const std::string& joint) {
  EXPECT_GE(s.indexOf(joint), 0) << joint;
  return s.restGlobals()[std::max(0, s.indexOf(joint))].translation();
}

}  // namespace

// Partial retargeting from the command line: the production biped's left arm (the subtree of
// upperarm.L) onto BCN's left leg, picked by a point at the knee. The arm runs down the leg;
// everything outside the subtree keeps the skeleton file's positions.
TEST(CliRetarget, PartialRetargetPutsTheLeftArmDownTheLeftLeg) {
  const std::string out = tempPath("bcn_partial.json"), report = tempPath("bcn_partial.report");
  const std::string knee = bcnLeftKnee();
  const ProcessResult r =
      runCli({"retarget", modelPath("X/BCN_Epileptic.X"), skeletonFile("biped_production.json"),
              "--mesh-head", "0,0.79,0", "--skeleton-head", "head", "--partial-joint", "upperarm.L",
              "--partial-vertex", knee, "-o", out, "--json", report});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("partial"), std::string::npos) << r.out;
  Expected<RigDocument> rig = readRigJson(out);
  ASSERT_TRUE(rig.ok()) << (rig ? "" : rig.error().message);
  Expected<RigDocument> source = readRigJson(skeletonFile("biped_production.json"));
  ASSERT_TRUE(source.ok());
  const Skeleton& before = source->skeleton;
  const Skeleton& after = rig->skeleton;
  ASSERT_EQ(after.size(), before.size());

  // The report says the run was partial, with what was chosen.
  const nlohmann::json j = readJson(report);
  ASSERT_TRUE(j["partial"].is_object()) << j["partial"].dump();
  EXPECT_EQ(j["partial"]["joint"], "upperarm.L");
  EXPECT_EQ(j["partial"]["vertex"], knee);
  EXPECT_GE(j["partial"]["welded_vertex"].get<int>(), 0);
  EXPECT_GE(j["partial"]["mesh_arc"].get<int>(), 0);
  EXPECT_EQ(rig->parameters["partial"]["joint"], "upperarm.L");  // and so does the rig file
  // Only arcs of the subtree were matched.
  ASSERT_FALSE(j["matches"].empty());
  for (const auto& m : j["matches"]) {
    const std::string last = m["joints"].back();
    EXPECT_EQ(last.substr(last.size() - 2), ".L") << m.dump();
  }

  // The subtree moved onto the left leg: below BCN's hips (y ~ 0), left of the mirror plane,
  // the hand near the foot (BCN's knee is at y ~ -0.5, its feet at -1.02).
  const Eigen::Vector3d kneePoint = [&] {
    std::stringstream in(knee);
    double x, y, z;
    char c;
    in >> x >> c >> y >> c >> z;
    return Eigen::Vector3d(x, y, z);
  }();
  for (const char* joint : {"forearm.L", "hand.L", "index.03.L"}) {
    const Eigen::Vector3d p = positionOf(after, joint);
    EXPECT_GT((p - positionOf(before, joint)).norm(), 0.5) << joint;  // it really moved
    EXPECT_GT(p.x(), 0.0) << joint;
    EXPECT_LT(p.y(), -0.1) << joint;
  }
  EXPECT_LT(positionOf(after, "hand.L").y(), kneePoint.y());
  EXPECT_LT((positionOf(after, "forearm.L") - kneePoint).norm(), 0.25);
  // Outside the subtree (the other arm, both legs, the spine, the head, controls of other
  // limbs) nothing moved.
  const std::vector<Transform> gb = before.restGlobals(), ga = after.restGlobals();
  std::set<int> subtree = {before.indexOf("upperarm.L")};
  for (int k = 0; k < before.size(); ++k)
    if (subtree.count(before.joints[k].parent)) subtree.insert(k);
  int unchanged = 0;
  for (int k = 0; k < before.size(); ++k) {
    const std::string& name = before.joints[k].name;
    // The arm's IK target and pole follow the arm (control links), everything else stays.
    if (subtree.count(k) || name == "hand_ik.L" || name == "elbow_pole.L") continue;
    EXPECT_LT((ga[k].translation() - gb[k].translation()).norm(), 1e-9) << name;
    ++unchanged;
  }
  EXPECT_EQ(unchanged, 77 - int(subtree.size()) - 2);
}

// A joint placed by hand from a script (the workstation's pin): `--pin shin.L=X,Y,Z` puts the
// knee exactly there, the report says "pinned", and a bad pin is exit 2 naming the problem.
TEST(CliRetarget, APinnedJointIsWhereTheScriptPutIt) {
  const std::string knee = bcnLeftKnee();  // the artist's knee, not where placement puts shin.L
  const std::string out = tempPath("bcn_pinned.json"), report = tempPath("bcn_pinned.report");
  const ProcessResult r =
      runCli({"retarget", modelPath("X/BCN_Epileptic.X"), skeletonFile("biped_production.json"),
              "--skeleton-head", "head", "--pin", "shin.L=" + knee, "-o", out, "--json", report});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  Expected<RigDocument> rig = readRigJson(out);
  ASSERT_TRUE(rig.ok());
  Expected<Character> bcn = importCharacter(modelPath("X/BCN_Epileptic.X"));
  ASSERT_TRUE(bcn.ok());
  const Eigen::Vector3d artist = positionOf(bcn->skeleton, "B_Knee_Left");
  EXPECT_LT((positionOf(rig->skeleton, "shin.L") - artist).norm(), 1e-5);  // printed to 6 places
  const nlohmann::json j = readJson(report);
  bool pinned = false;
  for (const auto& joint : j["joints"])
    if (joint["name"] == "shin.L") pinned = joint["fate"] == "pinned";
  EXPECT_TRUE(pinned) << "the report calls shin.L pinned";
  for (const char* bad : {"nosuch.L=0,0,0", "shin.L=0,0", "shin.L=0,x,0", "shin.L"}) {
    const ProcessResult e =
        runCli({"retarget", modelPath("X/BCN_Epileptic.X"), skeletonFile("biped_production.json"),
                "--skeleton-head", "head", "--pin", bad, "-o", tempPath("bad_pin.json")});
    EXPECT_EQ(e.exitCode, 2) << bad;
    EXPECT_NE(e.err.find("--pin"), std::string::npos) << bad << ": " << e.err;
  }
}

TEST(CliRetarget, ARollSetByTheScriptTurnsTheBonesAxes) {
  const std::string plain = tempPath("bcn_unrolled.json"), out = tempPath("bcn_rolled.json");
  for (const auto& [file, roll] :
       {std::pair{plain, std::string()}, std::pair{out, std::string("upperarm.R=-35")}}) {
    std::vector<std::string> args = {"retarget",
                                     modelPath("X/BCN_Epileptic.X"),
                                     skeletonFile("biped_production.json"),
                                     "--skeleton-head",
                                     "head",
                                     "-o",
                                     file};
    if (!roll.empty()) args.insert(args.end(), {"--roll", roll});
    const ProcessResult r = runCli(args);
    ASSERT_EQ(r.exitCode, 0) << r.err;
  }
  Expected<RigDocument> a = readRigJson(plain), b = readRigJson(out);
  ASSERT_TRUE(a.ok());
  ASSERT_TRUE(b.ok());
  const int arm = b->skeleton.indexOf("upperarm.R");
  ASSERT_GE(arm, 0);
  EXPECT_NEAR(b->skeleton.boneShape(arm).roll, -35.0 * M_PI / 180.0, 1e-4);  // 6 places
  EXPECT_GT(std::abs(a->skeleton.boneShape(arm).roll + 35.0 * M_PI / 180.0), 0.05);
  EXPECT_LT((positionOf(a->skeleton, "hand.R") - positionOf(b->skeleton, "hand.R")).norm(), 1e-5);
  for (const char* bad : {"nosuch.L=10", "upperarm.R=", "upperarm.R=ten", "upperarm.R"}) {
    const ProcessResult e =
        runCli({"retarget", modelPath("X/BCN_Epileptic.X"), skeletonFile("biped_production.json"),
                "--skeleton-head", "head", "--roll", bad, "-o", tempPath("bad_roll.json")});
    EXPECT_EQ(e.exitCode, 2) << bad;
    EXPECT_NE(e.err.find("--roll"), std::string::npos) << bad << ": " << e.err;
  }
}

TEST(CliRetarget, PartialRetargetWithAnUnknownJointIsExitTwoNamingIt) {
  const ProcessResult r =
      runCli({"retarget", modelPath("X/BCN_Epileptic.X"), skeletonFile("biped_production.json"),
              "--skeleton-head", "head", "--partial-joint", "tentacle.L", "--partial-vertex", "100",
              "-o", tempPath("p1.json")});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("tentacle.L"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("biped_production.json"), std::string::npos) << r.err;
}

TEST(CliRetarget, PartialRetargetOnAControlBoneIsExitTwo) {
  const ProcessResult r =
      runCli({"retarget", modelPath("X/BCN_Epileptic.X"), skeletonFile("biped_production.json"),
              "--skeleton-head", "head", "--partial-joint", "hand_ik.L", "--partial-vertex", "100",
              "-o", tempPath("p2.json")});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("hand_ik.L"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("control bone"), std::string::npos) << r.err;
}

TEST(CliRetarget, PartialRetargetWithAVertexOutOfRangeIsExitTwo) {
  for (const char* vertex : {"3014", "vertex:99999", "99999999999999"}) {
    const ProcessResult r =
        runCli({"retarget", modelPath("X/BCN_Epileptic.X"), skeletonFile("biped_production.json"),
                "--skeleton-head", "head", "--partial-joint", "upperarm.L", "--partial-vertex",
                vertex, "-o", tempPath("p3.json")});
    EXPECT_EQ(r.exitCode, 2) << vertex;
    EXPECT_NE(r.err.find("BCN_Epileptic.X"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("0..3013"), std::string::npos) << r.err;  // BCN has 3014 vertices
  }
  const ProcessResult garbage =
      runCli({"retarget", modelPath("X/BCN_Epileptic.X"), skeletonFile("biped_production.json"),
              "--skeleton-head", "head", "--partial-joint", "upperarm.L", "--partial-vertex",
              "knee", "-o", tempPath("p3.json")});
  EXPECT_EQ(garbage.exitCode, 2);
  EXPECT_NE(garbage.err.find("expected N, vertex:N or x,y,z"), std::string::npos) << garbage.err;
}

// A vertex on one of BCN's eyes (a separate 144-triangle shell the mesh graph leaves out) names
// no limb: exit 2 saying so, not the algorithm's failure.
TEST(CliRetarget, PartialRetargetOnAnEyeIsExitTwo) {
  Expected<Character> bcn = importCharacter(modelPath("X/BCN_Epileptic.X"));
  ASSERT_TRUE(bcn.ok());
  const Mesh& mesh = bcn->mesh;
  // Parts by welded triangles; the eye is the part of 144 triangles.
  std::vector<int> parent(mesh.positions.size());
  for (std::size_t v = 0; v < parent.size(); ++v) parent[v] = int(v);
  auto find = [&](int x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  };
  for (const auto& t : mesh.triangles)
    parent[find(t[0])] = find(t[1]), parent[find(t[1])] = find(t[2]);
  std::vector<int> triangles(mesh.positions.size(), 0);
  for (const auto& t : mesh.triangles) ++triangles[find(t[0])];
  int eyeVertex = -1;  // a file vertex on an eye
  for (std::size_t v = 0; v < mesh.weldedOfSource.size() && eyeVertex < 0; ++v)
    if (triangles[find(mesh.weldedOfSource[v])] == 144) eyeVertex = int(v);
  ASSERT_GE(eyeVertex, 0);
  const ProcessResult r =
      runCli({"retarget", modelPath("X/BCN_Epileptic.X"), skeletonFile("biped_production.json"),
              "--mesh-head", "0,0.79,0", "--skeleton-head", "head", "--partial-joint", "upperarm.L",
              "--partial-vertex", std::to_string(eyeVertex), "-o", tempPath("p5.json")});
  EXPECT_EQ(r.exitCode, 2) << r.err;
  EXPECT_NE(r.err.find("BCN_Epileptic.X"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("separate part"), std::string::npos) << r.err;
}

// Both flags or neither: for retarget and for rig, which shares the options.
TEST(CliRetarget, PartialJointWithoutAVertexIsExitTwo) {
  for (const char* command : {"retarget", "rig"}) {
    const ProcessResult r = runCli(
        {command, modelPath("X/BCN_Epileptic.X"), skeletonFile("biped_production.json"),
         "--skeleton-head", "head", "--partial-joint", "upperarm.L", "-o", tempPath("p4.json")});
    EXPECT_EQ(r.exitCode, 2) << command;
    EXPECT_NE(r.err.find("--partial-vertex"), std::string::npos) << command << ": " << r.err;
  }
}

TEST(CliRetarget, UnknownHeadJointIsExitTwoNamingTheFile) {
  const ProcessResult r =
      runCli({"retarget", modelPath("X/BCN_Epileptic.X"), skeletonFile("biped_simple.json"),
              "--skeleton-head", "nohead", "-o", tempPath("x.json")});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("biped_simple.json"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("nohead"), std::string::npos) << r.err;
}

// Issue 20: without --skeleton-head the head is found and said: a bull retargeted with its own
// skeleton, whose head joint is named by no convention (the joint carrying ears and mouth).
TEST(CliRetarget, WithoutASkeletonHeadTheHeadIsFoundAndSaid) {
  const std::string out = tempPath("wuson_self.json"), report = tempPath("wuson_self_report.json");
  const ProcessResult r = runCli({"retarget", modelPath("OBJ/WusonOBJ.obj"),
                                  modelPath("X/Testwuson.X"), "-o", out, "--json", report});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("skeleton head: Neck (auto: "), std::string::npos) << r.out;
  const nlohmann::json j = readJson(report);
  EXPECT_EQ(j["skeleton_head"], "Neck");
  EXPECT_TRUE(j.contains("skeleton_head_auto"));
  // The skeleton comes with its own mesh: its artist's spine depth is measured there, said and
  // used (own_spine_depth.h).
  EXPECT_NE(r.out.find("spine depth: 0.6"), std::string::npos) << r.out;
  ASSERT_TRUE(j.contains("spine_depth_own_mesh")) << j.dump();
  EXPECT_NEAR(j["spine_depth_own_mesh"].get<double>(), 0.66, 0.03);
  // The mesh's head node too (the default `--mesh-head auto`): the bull's snout, found by its
  // ears and horns, not the hump its highest point is.
  EXPECT_NE(r.out.find("mesh head: vertex "), std::string::npos) << r.out;
  ASSERT_TRUE(j.contains("mesh_head_auto")) << j.dump();
  EXPECT_NE(j["mesh_head_auto"].get<std::string>().find("paired ears or horns"), std::string::npos)
      << j["mesh_head_auto"];
  Expected<RigDocument> rig = readRigJson(out);
  ASSERT_TRUE(rig.ok());
  EXPECT_EQ(rig->skeletonHeadJoint.value_or(""), "Neck");
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
  for (const Joint& j : biped->skeleton.joints) {
    if (j.deform) {
      EXPECT_GE(back->skeleton.indexOf(j.name), 0) << j.name;
    }
  }
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
  for (const char* stage : {"read", "place", "skin", "motion", "write"})
    EXPECT_TRUE(j["stage_seconds"].contains(stage)) << stage;
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

// rigwright-cli eval: RigNet's skeleton metrics (and skin metrics when both sides have weights)
// against BCN_Epileptic's artist rig.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "io/rig_json.h"
#include "support/real_models.h"
#include "support/run_process.h"

using namespace rw;
using namespace rw::test;

namespace {

nlohmann::json readJson(const std::string& path) {
  std::ifstream f(path);
  return nlohmann::json::parse(f);
}

std::string temp(const std::string& name) {
  return std::string(::testing::TempDir()) + "/" + name;
}

}  // namespace

TEST(CliEval, BcnAgainstItselfIsZero) {
  const std::string bcn = modelPath("X/BCN_Epileptic.X");
  const std::string out = temp("eval_bcn_self.json");
  const ProcessResult r = runCli({"eval", bcn, "--reference", bcn, "--json", out});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  const auto j = readJson(out);
  const auto& s = j["skeleton"];
  EXPECT_EQ(s["joints"], 54);
  EXPECT_EQ(s["reference_joints"], 54);
  EXPECT_EQ(s["size_from"], "reference mesh");
  EXPECT_NEAR(s["size"].get<double>(), 1.944, 1e-3);  // BCN's bounding-box diagonal (docs/data.md)
  EXPECT_NEAR(s["cd_j2j"].get<double>(), 0.0, 1e-12);
  EXPECT_NEAR(s["cd_j2b"].get<double>(), 0.0, 1e-12);
  EXPECT_NEAR(s["cd_b2b"].get<double>(), 0.0, 1e-12);
  EXPECT_EQ(s["matched"], 54);  // co-located pairs included: matched one-to-one
  EXPECT_EQ(s["joint_precision"], 1.0);
  EXPECT_EQ(s["joint_recall"], 1.0);
  // Its own weights against themselves: every influence found, no deformation difference.
  ASSERT_TRUE(j.contains("skin"));
  EXPECT_EQ(j["skin"]["influence_precision"], 1.0);
  EXPECT_EQ(j["skin"]["influence_recall"], 1.0);
  EXPECT_NEAR(j["skin"]["mean_l1"].get<double>(), 0.0, 1e-12);
  EXPECT_EQ(j["skin"]["dominant_agreement"], 1.0);
  EXPECT_EQ(j["skin"]["bleed"], j["skin"]["reference_bleed"]);
  EXPECT_EQ(j["skin"]["clip"], "Epileptisch");
  EXPECT_NEAR(j["skin"]["mean_distance_height"].get<double>(), 0.0, 1e-12);
  EXPECT_NEAR(j["skin"]["p95_distance_height"].get<double>(), 0.0, 1e-12);
  EXPECT_NE(r.out.find("CD-J2J 0.000%"), std::string::npos) << r.out;
}

// --clip names the reference's clip the skins deform over; a clip it does not have is bad input.
TEST(CliEval, ClipByNameAndUnknownClip) {
  const std::string bcn = modelPath("X/BCN_Epileptic.X");
  const std::string out = temp("eval_bcn_clip.json");
  const ProcessResult r =
      runCli({"eval", bcn, "--reference", bcn, "--clip", "Epilep", "--json", out});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(readJson(out)["skin"]["clip"], "Epileptisch");
  EXPECT_NE(r.out.find("skin deformation over 'Epileptisch'"), std::string::npos) << r.out;
  const ProcessResult bad = runCli({"eval", bcn, "--reference", bcn, "--clip", "Jump"});
  EXPECT_EQ(bad.exitCode, 2);
  EXPECT_NE(bad.err.find("no clip 'Jump'"), std::string::npos) << bad.err;
}

// BCN's skeleton written as rig json with the left forearm (and so everything below it) moved:
// the metrics rise, the moved joints stop matching, and the per-joint table names exactly the
// moved joints with their displacement.
TEST(CliEval, PerturbedBcnRigJsonAgainstBcn) {
  const std::string bcn = modelPath("X/BCN_Epileptic.X");
  const std::string exported = temp("eval_bcn.json"), perturbed = temp("eval_bcn_moved.json");
  ASSERT_EQ(runCli({"export", bcn, "-o", exported}).exitCode, 0);
  Expected<RigDocument> rig = readRigJson(exported);
  ASSERT_TRUE(rig) << rig.error().message;
  Skeleton& s = rig->skeleton;
  const int forearm = s.indexOf("B_ForeArm_Left");
  ASSERT_GE(forearm, 0);
  const std::vector<Transform> before = s.restGlobals();
  // The reference as eval reads it (the rig json's T/R/S round trip moves BCN's joints by up
  // to ~3e-7, far below any metric's resolution).
  Character reference;
  ASSERT_TRUE(loadModel("X/BCN_Epileptic.X", reference));
  const std::vector<Transform> artist = reference.skeleton.restGlobals();
  s.joints[forearm].restLocal.pretranslate(Eigen::Vector3d(0.0, -0.15, 0.1));
  const std::vector<Transform> after = s.restGlobals();
  ASSERT_FALSE(writeRigJson(*rig, perturbed));

  int moved = 0;
  double shift = 0.0;
  for (int j = 0; j < s.size(); ++j) {
    const double d = (after[j].translation() - before[j].translation()).norm();
    if (d > 1e-6) ++moved, shift = d;
  }
  EXPECT_GE(moved, 5);  // forearm, hand, fingers

  const std::string out = temp("eval_bcn_moved_report.json");
  const ProcessResult r =
      runCli({"eval", perturbed, "--reference", bcn, "--json", out, "--match-names"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  const auto j = readJson(out);
  const auto& m = j["skeleton"];
  const double size = m["size"].get<double>();
  // Each moved joint is at most `shift` from its old place and vice versa, the others at 0.
  EXPECT_GT(m["cd_j2j"].get<double>(), 0.0);
  EXPECT_LE(m["cd_j2j"].get<double>(), (moved * shift + 54 * 1e-6) / (54 * size));
  EXPECT_GT(m["cd_j2b"].get<double>(), 0.0);
  EXPECT_GT(m["cd_b2b"].get<double>(), 0.0);
  EXPECT_LE(m["cd_j2b"].get<double>(), m["cd_j2j"].get<double>() + 1e-9);
  // 0.18 is beyond the 5% tolerance (0.097): the moved joints are not matched.
  EXPECT_GT(shift, 0.05 * size);
  EXPECT_LE(m["matched"].get<int>(), 54 - moved + 2);  // a moved joint may land near another
  EXPECT_LT(m["joint_recall"].get<double>(), 1.0);

  const auto& table = m["by_name"];
  ASSERT_EQ(table.size(), 54u);
  EXPECT_TRUE(m["missing_in_reference"].empty());
  int nonzero = 0;
  for (const auto& row : table) {
    const int jt = s.indexOf(row["name"].get<std::string>());
    ASSERT_GE(jt, 0);
    const int ja = reference.skeleton.indexOf(row["name"].get<std::string>());
    ASSERT_GE(ja, 0);
    const double expected = (after[jt].translation() - artist[ja].translation()).norm();
    EXPECT_NEAR(row["distance"].get<double>(), expected, 1e-9) << row["name"];
    EXPECT_NEAR(row["relative"].get<double>(), expected / size, 1e-9);
    nonzero += row["distance"].get<double>() > 1e-6;
  }
  EXPECT_EQ(nonzero, moved);
  EXPECT_NE(r.out.find("B_ForeArm_Left"), std::string::npos);
  // The exported rig has no skin section: skin metrics are skipped and say why.
  EXPECT_FALSE(j.contains("skin"));
  ASSERT_EQ(j["notes"].size(), 1u);
  EXPECT_NE(j["notes"][0].get<std::string>().find("no skin weights"), std::string::npos);
}

// Rig json against rig json: no mesh, so the size is the reference joints' box.
TEST(CliEval, RigJsonReferenceUsesItsJointBox) {
  const std::string bcn = modelPath("X/BCN_Epileptic.X");
  const std::string exported = temp("eval_bcn_ref.json");
  ASSERT_EQ(runCli({"export", bcn, "-o", exported}).exitCode, 0);
  const ProcessResult r = runCli({"eval", exported, "--reference", exported, "--json", "-"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out.substr(0, r.out.rfind('}') + 1));
  EXPECT_EQ(j["skeleton"]["size_from"], "reference joints");
  EXPECT_GT(j["skeleton"]["size"].get<double>(), 1.0);
  EXPECT_LT(j["skeleton"]["size"].get<double>(), 1.944);  // joints lie inside the mesh
  EXPECT_NEAR(j["skeleton"]["cd_j2j"].get<double>(), 0.0, 1e-12);
}

// A bundled skeleton against BCN: different names, so the table lists them all as missing;
// control bones count only when asked.
TEST(CliEval, BundledBipedAgainstBcnNamesAndControls) {
  const std::string biped = std::string(RIGWRIGHT_SKELETONS_DIR) + "/biped_production.json";
  const std::string bcn = modelPath("X/BCN_Epileptic.X");
  ProcessResult r = runCli({"eval", biped, "--reference", bcn, "--json", "-", "--match-names"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  auto j = nlohmann::json::parse(r.out.substr(0, r.out.rfind('}') + 1));
  EXPECT_EQ(j["skeleton"]["joints"], 52);
  EXPECT_TRUE(j["skeleton"]["by_name"].empty());
  EXPECT_EQ(j["skeleton"]["missing_in_reference"].size(), 52u);
  EXPECT_GT(j["skeleton"]["cd_j2j"].get<double>(), 0.0);
  r = runCli({"eval", biped, "--reference", bcn, "--json", "-", "--include-control"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  j = nlohmann::json::parse(r.out.substr(0, r.out.rfind('}') + 1));
  EXPECT_EQ(j["skeleton"]["joints"], 77);
}

TEST(CliEval, NothingToCompareIsExitTwo) {
  const std::string obj = modelPath("OBJ/WusonOBJ.obj");  // a mesh without skeleton
  const ProcessResult r = runCli({"eval", obj, "--reference", modelPath("X/BCN_Epileptic.X")});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find(obj), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("nothing to compare"), std::string::npos) << r.err;
}

TEST(CliEval, ReportsEachClipOnTheFloorAsAViewerSeesIt) {
  // BCN with CMU 01_01 retargeted onto it by `animate`: eval measures every clip of both sides
  // on their skinned meshes against the floor their rest meshes stand on (issue 17).
  const std::string bcn = modelPath("X/BCN_Epileptic.X");
  const std::string animated = temp("eval_bcn_walk.glb");
  ASSERT_EQ(runCli({"animate", bcn, modelPath("BVH/01_01.bvh"), "-o", animated}).exitCode, 0);
  const ProcessResult r = runCli({"eval", animated, "--reference", bcn, "--json", "-"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  const nlohmann::json j = nlohmann::json::parse(r.out.substr(0, r.out.rfind('}') + 1));
  ASSERT_EQ(j["motion"]["rig"].size(), 2u) << "BCN's own clip and the walk";
  ASSERT_EQ(j["motion"]["reference"].size(), 1u);
  for (const auto& clip : j["motion"]["rig"]) {
    EXPECT_GT(clip["plantedFootFrames"].get<int>(), 0) << clip["clip"];
    EXPECT_LT(clip["percentOfHeight"]["penetration"].get<double>(), 1.0) << clip["clip"];
  }
  // The walk was put on BCN's floor: its planted soles touch it on average.
  const auto& walk = j["motion"]["rig"][1]["percentOfHeight"];
  EXPECT_LT(std::abs(walk["plantedSoleMean"].get<double>()), 0.5);
}

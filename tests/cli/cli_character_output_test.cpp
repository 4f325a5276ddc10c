// The commands that write take -o OUT.fbx|.glb|.gltf|.json. `skin` and `animate` writing a
// whole character: the file must hold exactly the character they describe, checked with the
// export checks (io/export_checks.h) against the same computation done here in-process:
//   skin    BCN with bone-heat weights in place of the artist's;
//   animate BCN with CMU 01_01 retargeted onto it, added to its own clip.
// Read back through Assimp (bones, weights, every clip with its duration and frame count,
// deformed poses) and, for the animate FBX, opened in Blender.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

#include "io/export_checks.h"
#include "io/import_character.h"
#include "io/rig_json.h"
#include "motion/joint_correspondence.h"
#include "motion/retarget_character.h"
#include "skin/bone_heat.h"
#include "support/real_models.h"
#include "support/run_process.h"

using namespace rw;
namespace fs = std::filesystem;

namespace {

/// Largest weight difference of any vertex and joint between two skins of one skeleton.
double maxWeightDifference(const SkinWeights& a, const SkinWeights& b, int joints) {
  double err = 0;
  for (int v = 0; v < a.vertexCount(); ++v) {
    std::vector<double> wa(joints, 0.0), wb(joints, 0.0);
    for (const Influence& i : a.perVertex[v]) wa[i.joint] += i.weight;
    for (const Influence& i : b.perVertex[v]) wb[i.joint] += i.weight;
    for (int j = 0; j < joints; ++j) err = std::max(err, std::abs(wa[j] - wb[j]));
  }
  return err;
}

/// BCN with CMU 01_01 retargeted onto it the way `animate` does (no map, default parameters).
Character bcnWithWalk() {
  Character bcn, walk;
  EXPECT_TRUE(test::loadModel("X/BCN_Epileptic.X", bcn));
  EXPECT_TRUE(test::loadModel("BVH/01_01.bvh", walk));
  if (bcn.skeleton.empty() || walk.clips.empty()) return bcn;
  auto map = matchJoints(walk.skeleton, bcn.skeleton);
  EXPECT_TRUE(map) << map.error().message;
  if (!map) return bcn;
  auto result = retargetOntoCharacter(walk, walk.clips.front(), bcn, *map);
  EXPECT_TRUE(result) << result.error().message;
  if (result) bcn.clips.push_back(result->clip);
  return bcn;
}

}  // namespace

TEST(CliSkinOutput, FbxAndGlbCarryTheBoneHeatWeights) {
  Character expected;
  ASSERT_TRUE(test::loadModel("X/BCN_Epileptic.X", expected));
  const SkinWeights artist = expected.skin;
  auto heat = boneHeatWeights(expected.mesh, expected.skeleton);
  ASSERT_TRUE(heat) << heat.error().message;
  expected.skin = heat->weights;
  // The check can tell the two skins apart: bone heat is not the artist's painting.
  ASSERT_GT(maxWeightDifference(artist, expected.skin, expected.skeleton.size()), 0.3);

  const fs::path dir = test::scratchFolder("cli-skin-out");
  const std::string bcn = test::modelPath("X/BCN_Epileptic.X");
  for (const char* ext : {".fbx", ".glb"}) {
    const std::string out = (dir / (std::string("bcn_heat") + ext)).string();
    const test::ProcessResult r = test::runCli({"skin", bcn, "-o", out});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    test::checkAssimpReimport(expected, out);
  }
  // From a rig file: its skeleton, the mesh (and clips) of the file it names. The rig's
  // joints come back within 1e-7 of the file's (rotations go through quaternions), and the eye
  // bones of BCN coincide: which of the equal-weighted eye bones makes a vertex's four strongest
  // may then differ, so the expected weights are the rig skeleton's own.
  const std::string rig = (dir / "bcn_rig.json").string();
  ASSERT_EQ(test::runCli({"export", bcn, "-o", rig}).exitCode, 0);
  Expected<RigDocument> rigDocument = readRigJson(rig);
  ASSERT_TRUE(rigDocument) << rigDocument.error().message;
  Character fromRig = expected;
  fromRig.skeleton = rigDocument->skeleton;
  auto rigHeat = boneHeatWeights(fromRig.mesh, fromRig.skeleton);
  ASSERT_TRUE(rigHeat) << rigHeat.error().message;
  fromRig.skin = rigHeat->weights;
  const std::string out = (dir / "bcn_rig_heat.gltf").string();
  const test::ProcessResult r = test::runCli({"skin", rig, "-o", out});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  test::checkAssimpReimport(fromRig, out);
  fs::remove_all(dir);
}

TEST(CliAnimateOutput, FbxAndGlbCarryTheRetargetedClip) {
  const Character expected = bcnWithWalk();
  ASSERT_EQ(expected.clips.size(), 2u);
  const AnimationClip& walk = expected.clips.back();
  const fs::path dir = test::scratchFolder("cli-animate-out");
  for (const char* ext : {".fbx", ".glb"}) {
    SCOPED_TRACE(ext);
    const std::string out = (dir / (std::string("bcn_walk") + ext)).string();
    const std::string report = (dir / "report.json").string();
    const test::ProcessResult r =
        test::runCli({"animate", test::modelPath("X/BCN_Epileptic.X"),
                      test::modelPath("BVH/01_01.bvh"), "-o", out, "--json", report});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const nlohmann::json rep = nlohmann::json::parse(std::ifstream(report));
    EXPECT_EQ(rep["clip"], walk.name);
    EXPECT_EQ(rep["frames"], 2752);

    // The walk comes back with its frames and duration next to BCN's own clip.
    Expected<Character> back = importCharacter(out);
    ASSERT_TRUE(back) << back.error().message;
    ASSERT_EQ(back->clips.size(), 2u);
    const AnimationClip& clip = back->clips.back();
    EXPECT_NE(clip.name.find(walk.name), std::string::npos) << clip.name;
    EXPECT_EQ(clip.frameCount(), 2752);
    // FBX stores the rate; glTF has none, the importer infers it from float32 key times.
    EXPECT_NEAR(clip.framesPerSecond, 120.0, std::string(ext) == ".fbx" ? 1e-9 : 1e-2);
    EXPECT_NEAR(clip.duration, 2751.0 / 120.0, 1e-6);
    test::checkAssimpReimport(expected, out);
    if (std::string(ext) == ".fbx") test::checkBlenderImport(expected, out);
  }
  fs::remove_all(dir);
}

TEST(CliAnimateOutput, RigFileWithoutMeshWritesTheSkeletonAndClip) {
  // A rig that names no mesh: the character is its skeleton and the new clip.
  const fs::path dir = test::scratchFolder("cli-animate-rig");
  const std::string rig = (dir / "rig.json").string();
  ASSERT_EQ(test::runCli({"export", test::modelPath("X/BCN_Epileptic.X"), "-o", rig}).exitCode, 0);
  nlohmann::json j = nlohmann::json::parse(std::ifstream(rig));
  ASSERT_TRUE(j.contains("source"));
  j["source"].erase("mesh");
  std::ofstream(rig) << j.dump(2);
  const std::string out = (dir / "walk.glb").string();
  const test::ProcessResult r =
      test::runCli({"animate", rig, test::modelPath("BVH/01_01.bvh"), "-o", out});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  Expected<Character> back = importCharacter(out);
  ASSERT_TRUE(back) << back.error().message;
  EXPECT_TRUE(back->mesh.empty());
  Character bcn;
  ASSERT_TRUE(test::loadModel("X/BCN_Epileptic.X", bcn));
  EXPECT_EQ(back->skeleton.size(), bcn.skeleton.size());
  ASSERT_EQ(back->clips.size(), 1u);
  EXPECT_EQ(back->clips.front().frameCount(), 2752);
  fs::remove_all(dir);
}

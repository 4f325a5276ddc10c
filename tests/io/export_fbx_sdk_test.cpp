// Our FBX opened by Autodesk's FBX SDK (through FBX2glTF, io/fbx_sdk_checks.h), the reader of
// Maya, Unity and Unreal (issue 18). Five characters as users make them: an artist's rig with a
// retargeted mocap clip (BCN + CMU 01_01), an artist's rig with its own three clips (Testwuson,
// one of them a single pose), an FBX from the test models exported again (huesitos), the bundled
// production biped retargeted into human.zae and bone-heat skinned with CMU 01_01 on it (control
// bones keyed), and an automatic quadruped skeleton in WusonOBJ, skinned, with Wuson_Run on it.
// Each must come back with our vertices, bones, rest pose, clips and skinned poses.
#include <gtest/gtest.h>

#include <filesystem>

#include "autorig/autorig.h"
#include "io/export/export_character.h"
#include "io/export_checks.h"
#include "io/fbx_sdk_checks.h"
#include "io/rig_json.h"
#include "skin/bone_heat.h"
#include "support/real_models.h"
#include "support/retarget_runs.h"

using namespace rw;
namespace fs = std::filesystem;

namespace {

/// Writes `c` as FBX and checks the SDK's reading of it.
test::FbxSdkReading exportAndRead(const Character& c, const std::string& name) {
  const fs::path dir = test::scratchFolder("fbx-sdk-" + name);
  const std::string out = (dir / (name + ".fbx")).string();
  const Status written = exportCharacter(c, out);
  EXPECT_FALSE(written) << written->message;
  test::FbxSdkReading reading = test::checkFbxSdkImport(c, out);
  fs::remove_all(dir);
  return reading;
}

void skinByBoneHeat(Character& c) {
  Expected<BoneHeatResult> heat = boneHeatWeights(c.mesh, c.skeleton);
  ASSERT_TRUE(heat) << heat.error().message;
  c.skin = heat->weights;
}

}  // namespace

TEST(ExportFbxSdk, BcnWithCmuWalk) {
  Character bcn;
  ASSERT_TRUE(test::loadModel("X/BCN_Epileptic.X", bcn));
  ASSERT_NO_FATAL_FAILURE(test::addRetargetedClip(bcn, "BVH/01_01.bvh"));
  const test::FbxSdkReading r = exportAndRead(bcn, "bcn_walk");
  EXPECT_EQ(r.poses, 10);
}

TEST(ExportFbxSdk, TestwusonWithItsOwnClips) {
  Character wuson;
  ASSERT_TRUE(test::loadModel("X/Testwuson.X", wuson));
  ASSERT_EQ(wuson.clips.size(), 3u);
  const test::FbxSdkReading r = exportAndRead(wuson, "testwuson");
  EXPECT_EQ(r.poses, 11) << "5 + 5 + the single pose";
}

TEST(ExportFbxSdk, HuesitosExportedAgain) {
  Character huesitos;
  ASSERT_TRUE(test::loadModel("FBX/huesitos.fbx", huesitos));
  const test::FbxSdkReading r = exportAndRead(huesitos, "huesitos");
  EXPECT_EQ(r.poses, 5);
}

TEST(ExportFbxSdk, ProductionBipedRetargetedIntoHumanZae) {
  Expected<RigDocument> biped =
      readRigJson(std::string(RIGWRIGHT_SKELETONS_DIR) + "/biped_production.json");
  ASSERT_TRUE(biped) << biped.error().message;
  Character human;
  ASSERT_TRUE(test::loadModel("Collada/human.zae", human));
  Character rig = test::rigWithSkeleton(human.mesh, "auto", biped->skeleton);
  ASSERT_FALSE(rig.skin.empty());
  ASSERT_NO_FATAL_FAILURE(test::addRetargetedClip(rig, "BVH/01_01.bvh"));
  const test::FbxSdkReading r = exportAndRead(rig, "human_production");
  EXPECT_EQ(r.poses, 5);
}

TEST(ExportFbxSdk, AutorigQuadrupedInWusonObj) {
  Character bull, artist;
  ASSERT_TRUE(test::loadModel("OBJ/WusonOBJ.obj", bull));
  ASSERT_TRUE(test::loadModel("X/Testwuson.X", artist));
  // The head node as the autorig tests pick it: the front of the head (the OBJ faces -Z,
  // docs/data.md) at the height of the artist's neck joint in the same mesh.
  const Eigen::Vector3d neck = test::jointPosition(artist.skeleton, "Neck");
  const Eigen::Vector3d front(neck.x(), neck.y(), bull.mesh.bounds().min().z());
  int head = 0;
  for (int v = 0; v < int(bull.mesh.positions.size()); ++v)
    if ((bull.mesh.positions[v] - front).norm() < (bull.mesh.positions[head] - front).norm())
      head = v;
  Expected<AutorigResult> rig = autorig(bull.mesh, head);
  ASSERT_TRUE(rig) << rig.error().message;
  ASSERT_EQ(rig->bodyClass(), BodyClass::Quadruped);
  bull.skeleton = rig->skeleton;
  ASSERT_NO_FATAL_FAILURE(skinByBoneHeat(bull));
  ASSERT_NO_FATAL_FAILURE(test::addRetargetedClip(bull, "X/Testwuson.X", "Wuson_Run"));
  const test::FbxSdkReading r = exportAndRead(bull, "wuson_autorig");
  EXPECT_EQ(r.poses, 5);
}

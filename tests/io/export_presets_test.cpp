// Engine presets (issue 18, io/export/export_settings.h): the rig `rigwright-cli rig` makes
// (the bundled production biped retargeted into BCN, bone-heat skinned, CMU 01_01 on it: 52
// deform bones and 25 control bones) exported for Unity and Unreal and read by Autodesk's FBX
// SDK (FBX2glTF, io/fbx_sdk_checks.h). The character is 1.81 units tall and BCN's units are
// metres: through the SDK it must be 1.81 m tall whatever the preset; Unreal's file holds
// centimetres (181 units, UnitScaleFactor 1), Unity's metres. One root bone, no bone that skins
// nothing below it, every vertex weighted, and the deform bones moving exactly as the full rig's
// did (the control bones' effect baked into their keys).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "io/export/engine_skeleton.h"
#include "io/export/export_character.h"
#include "io/export_checks.h"
#include "io/fbx_sdk_checks.h"
#include "io/import_character.h"
#include "io/rig_json.h"
#include "skin/linear_blend_skinning.h"
#include "support/real_models.h"
#include "support/retarget_runs.h"
#include "support/run_process.h"

using namespace rw;
namespace fs = std::filesystem;

namespace {

/// The production biped in BCN, skinned, with 01_01: what `rig` writes.
const Character& productionRig() {
  static const Character rig = [] {
    Expected<RigDocument> biped =
        readRigJson(std::string(RIGWRIGHT_SKELETONS_DIR) + "/biped_production.json");
    EXPECT_TRUE(biped) << biped.error().message;
    Character bcn;
    EXPECT_TRUE(test::loadModel("X/BCN_Epileptic.X", bcn));
    if (!biped || bcn.mesh.empty()) return Character{};
    Character out = test::rigWithSkeleton(bcn.mesh, "0,0.79,0", biped->skeleton);
    if (!out.skin.empty()) test::addRetargetedClip(out, "BVH/01_01.bvh");
    return out;
  }();
  return rig;
}

double height(const std::vector<Eigen::Vector3d>& points) {
  double lo = INFINITY, hi = -INFINITY;
  for (const Eigen::Vector3d& p : points) lo = std::min(lo, p.y()), hi = std::max(hi, p.y());
  return hi - lo;
}

/// The skinned mesh of `a` and `b` (same vertices) at every 50th key of the first clip.
double largestPoseDifference(const Character& a, const Character& b) {
  const AnimationClip& ca = a.clips.front();
  const AnimationClip& cb = b.clips.front();
  double worst = 0;
  for (int f = 0; f < ca.frameCount(); f += 50) {
    const double t = f / ca.framesPerSecond;
    const auto pa =
        skinLinearBlend(a, a.skeleton.globalsFromLocals(ca.sampleLocals(a.skeleton, t)));
    const auto pb =
        skinLinearBlend(b, b.skeleton.globalsFromLocals(cb.sampleLocals(b.skeleton, t)));
    for (std::size_t v = 0; v < pa.size(); ++v) worst = std::max(worst, (pa[v] - pb[v]).norm());
  }
  return worst / a.mesh.size();
}

/// Exports the rig with `preset`, reads it through the SDK and checks what every engine
/// preset promises. Returns the file's own height (in its units, as Assimp reads it).
double checkEnginePreset(EnginePreset preset) {
  const Character& rig = productionRig();
  EXPECT_GT(rig.skeleton.controlCount(), 0);
  const ExportSettings settings = exportSettingsFor(preset);
  const Character prepared = prepareForExport(rig, settings);
  const fs::path dir = test::scratchFolder(std::string("preset-") + enginePresetName(preset));
  const std::string out = (dir / "rig.fbx").string();
  const Status written = exportCharacter(rig, out, settings);
  EXPECT_FALSE(written) << written->message;

  // The deform bones move as the full rig's did; the controls' effect is in their keys.
  EXPECT_LT(
      largestPoseDifference(rig, rescaled(prepared, prepared.metresPerUnit / rig.metresPerUnit)),
      1e-6);
  // The SDK reads what we meant (bones, rest pose, poses), in metres.
  const test::FbxSdkReading sdk = test::checkFbxSdkImport(prepared, out);
  Expected<Character> back = importCharacter(sdk.glb);
  EXPECT_TRUE(back) << back.error().message;
  Expected<Character> file = importCharacter(out);
  EXPECT_TRUE(file) << file.error().message;
  if (!back || !file) return 0;
  const double metres = height(rig.mesh.source.positions) * rig.metresPerUnit;
  EXPECT_NEAR(height(back->mesh.source.positions), metres, 1e-4 * metres) << "through the SDK";
  // One root bone; every bone below it skins something (no leaf or control bones); every
  // vertex weighted.
  EXPECT_EQ(back->skeleton.roots().size(), 1u);
  const std::vector<bool> deforming = deformingJoints(*back);
  for (int j = 0; j < back->skeleton.size(); ++j) {
    if (back->skeleton.joints[j].parent < 0) continue;
    EXPECT_TRUE(deforming[j]) << back->skeleton.joints[j].name << " skins nothing";
    EXPECT_EQ(back->skeleton.joints[j].name.find("_end"), std::string::npos);
  }
  EXPECT_EQ(back->skin.unweightedVertices(), 0);
  EXPECT_EQ(back->skeleton.size(), prepared.skeleton.size());
  EXPECT_EQ(back->skeleton.size(), rig.skeleton.deformCount() + 1) << "deform bones + the root";
  fs::remove_all(dir);
  return height(file->mesh.source.positions);
}

}  // namespace

TEST(ExportPresets, UnityIsInMetresWithDeformBonesUnderOneRoot) {
  const double fileHeight = checkEnginePreset(EnginePreset::Unity);
  const double metres = height(productionRig().mesh.source.positions);
  EXPECT_NEAR(fileHeight, metres, 1e-4 * metres);
}

TEST(ExportPresets, UnrealIsInCentimetresWithDeformBonesUnderOneRoot) {
  const double fileHeight = checkEnginePreset(EnginePreset::Unreal);
  const double centimetres = 100 * height(productionRig().mesh.source.positions);
  EXPECT_NEAR(fileHeight, centimetres, 1e-4 * centimetres);
}

TEST(ExportPresets, BlenderAndMayaKeepEveryBone) {
  const Character& rig = productionRig();
  for (EnginePreset preset : {EnginePreset::Blender, EnginePreset::Maya}) {
    SCOPED_TRACE(enginePresetName(preset));
    const fs::path dir = test::scratchFolder(std::string("preset-") + enginePresetName(preset));
    const std::string out = (dir / "rig.fbx").string();
    const ExportSettings settings = exportSettingsFor(preset);
    ASSERT_FALSE(exportCharacter(rig, out, settings));
    const test::FbxSdkReading sdk = test::checkFbxSdkImport(prepareForExport(rig, settings), out);
    Expected<Character> back = importCharacter(sdk.glb);
    ASSERT_TRUE(back) << back.error().message;
    EXPECT_EQ(back->skeleton.size(), rig.skeleton.size());
    fs::remove_all(dir);
  }
}

TEST(ExportPresets, CliRefusesAnUnknownPresetBeforeAnyWork) {
  const test::ProcessResult r = test::runCli(
      {"export", test::modelPath("X/BCN_Epileptic.X"), "-o", "/tmp/x.fbx", "--preset", "godot"});
  EXPECT_NE(r.exitCode, 0);
  EXPECT_NE(r.err.find("unknown preset 'godot'"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("unity, unreal"), std::string::npos) << r.err;
}

TEST(ExportPresets, CliExportsForUnreal) {
  const fs::path dir = test::scratchFolder("preset-cli");
  const std::string out = (dir / "bcn.fbx").string();
  const test::ProcessResult r = test::runCli(
      {"export", test::modelPath("X/BCN_Epileptic.X"), "-o", out, "--preset", "unreal"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  Expected<Character> file = importCharacter(out);
  ASSERT_TRUE(file) << file.error().message;
  EXPECT_NEAR(file->metresPerUnit, 0.01, 1e-9);
  EXPECT_NEAR(file->mesh.size(), 194.379, 0.01) << "BCN's 1.94379 m diagonal in centimetres";
  fs::remove_all(dir);
}

TEST(ExportPresets, DeformOnlyBakesADroppedParentsMotionIntoItsChildren) {
  // Testwuson's bones hang under 'Root', a node that skins nothing but moves (root motion).
  // Dropped, its motion must reappear in the keys of the bones below it.
  Character wuson;
  ASSERT_TRUE(test::loadModel("X/Testwuson.X", wuson));
  const int root = wuson.skeleton.indexOf("Root");
  ASSERT_GE(root, 0);
  ASSERT_FALSE(deformingJoints(wuson)[root]);
  const Character deformOnly = withDeformBonesOnly(wuson);
  EXPECT_EQ(deformOnly.skeleton.indexOf("Root"), -1);
  EXPECT_EQ(deformOnly.skeleton.size(), wuson.skeleton.size() - 1);
  for (std::size_t k = 0; k < wuson.clips.size(); ++k) {
    SCOPED_TRACE(wuson.clips[k].name);
    Character a = wuson, b = deformOnly;
    a.clips = {wuson.clips[k]};
    b.clips = {deformOnly.clips[k]};
    EXPECT_LT(largestPoseDifference(a, b), 1e-9);
  }
  // Without baking (the old keys kept under the new parents) the run would be off.
  Character unbaked = deformOnly;
  unbaked.clips = {wuson.clips.front()};
  std::vector<JointChannel>& channels = unbaked.clips.front().channels;
  channels.erase(std::remove_if(channels.begin(), channels.end(),
                                [root](const JointChannel& ch) { return ch.joint == root; }),
                 channels.end());
  for (JointChannel& ch : channels) ch.joint -= ch.joint > root ? 1 : 0;
  Character a = wuson;
  a.clips = {wuson.clips.front()};
  EXPECT_GT(largestPoseDifference(a, unbaked), 1e-3);
}

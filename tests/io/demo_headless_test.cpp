// The README's demo without a display (scripts/demo_headless.sh, issue 22): the demo project's
// whole job through the CLI, judged as an artist's tools would read it. The .glb passes the
// Khronos validator; Autodesk's FBX SDK (FBX2glTF) reads from the .fbx the same rig, weights and
// clip as the .glb holds; the rig has the production biped's 77 bones, every vertex weighted,
// the CMU clip retargeted, and the character stands on its rest floor at the clip's first frame.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "io/export_checks.h"
#include "io/fbx_sdk_checks.h"
#include "io/import_character.h"
#include "skin/skinning_deformer.h"
#include "support/run_process.h"

using namespace rw;
namespace fs = std::filesystem;

TEST(DemoHeadless, WritesTheRiggedAnimatedCharacterAsFbxAndGlb) {
  const fs::path out = test::scratchFolder("demo-headless");
  const test::ProcessResult run = test::runProcess(
      {"/bin/bash", RIGWRIGHT_SOURCE_DIR "/scripts/demo_headless.sh", RIGWRIGHT_CLI, out.string()},
      300);
  ASSERT_EQ(run.exitCode, 0) << run.out << run.err;
  EXPECT_NE(run.out.find("bcn_rigged.fbx"), std::string::npos) << "says where: " << run.out;
  const std::string glb = (out / "bcn_rigged.glb").string(),
                    fbx = (out / "bcn_rigged.fbx").string();

  const nlohmann::json report = test::validateGltf(glb);
  ASSERT_TRUE(report.is_object());
  EXPECT_EQ(report["errors"], 0) << report.dump(1);

  Expected<Character> rigged = importCharacter(glb);
  ASSERT_TRUE(rigged) << rigged.error().message;
  EXPECT_EQ(rigged->skeleton.size(), 77);
  ASSERT_EQ(rigged->clips.size(), 1u);
  EXPECT_GT(rigged->clips[0].frameCount(), 100);
  for (int v = 0; v < rigged->skin.vertexCount(); ++v)
    ASSERT_FALSE(rigged->skin.perVertex[std::size_t(v)].empty()) << "vertex " << v;
  EXPECT_EQ(rigged->skin.vertexCount(), int(rigged->mesh.source.positions.size()));
  // On its floor: the first frame's lowest vertex where the rest mesh's is (2% of height).
  const auto& rest = rigged->mesh.source.positions;
  double restLow = 1e300, frameLow = 1e300, top = -1e300;
  for (const Eigen::Vector3d& p : rest)
    restLow = std::min(restLow, p.y()), top = std::max(top, p.y());
  const auto posed = skinCharacter(
      *rigged,
      rigged->skeleton.globalsFromLocals(rigged->clips[0].sampleLocals(rigged->skeleton, 0.0)),
      SkinningMethod::LinearBlend);
  for (const Eigen::Vector3d& p : posed) frameLow = std::min(frameLow, p.y());
  EXPECT_LT(std::abs(frameLow - restLow), 0.02 * (top - restLow));

  // The FBX as Maya, Unity and Unreal read it: the same rig, weights and clip as the .glb.
  const test::FbxSdkReading sdk = test::checkFbxSdkImport(*rigged, fbx);
  EXPECT_EQ(sdk.animations, 1);
  EXPECT_GT(sdk.poses, 0);
  fs::remove_all(out);
}

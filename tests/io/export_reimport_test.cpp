// Our FBX and glTF read back through Assimp (our own importer): the same bones, parents and
// rest positions, weights, clips and deformed poses as the character we exported
// (io/export_checks.h).
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <map>

#include "io/export/export_character.h"
#include "io/export_checks.h"
#include "support/real_models.h"
#include "support/run_process.h"
#include "support/scratch_dir.h"

using namespace rw;
namespace fs = std::filesystem;

namespace {

void checkReimport(const std::string& model, const std::string& ext) {
  SCOPED_TRACE(model + " as " + ext);
  Character c;
  ASSERT_TRUE(test::loadModel(model, c));
  const fs::path dir = test::scratchFolder("reimport");
  const std::string out = (dir / (fs::path(model).stem().string() + ext)).string();
  ASSERT_FALSE(exportCharacter(c, out).has_value());
  test::checkAssimpReimport(c, out);
  fs::remove_all(dir);
}

}  // namespace

TEST(ExportReimport, BcnFbx) {
  checkReimport("X/BCN_Epileptic.X", ".fbx");
}
TEST(ExportReimport, WusonFbx) {
  checkReimport("X/Testwuson.X", ".fbx");
}
TEST(ExportReimport, BcnGlb) {
  checkReimport("X/BCN_Epileptic.X", ".glb");
}
TEST(ExportReimport, WusonGltf) {
  checkReimport("X/Testwuson.X", ".gltf");
}

TEST(ExportCli, WritesEveryFormatAndRejectsAnUnwritableFolder) {
  const fs::path dir = rw::test::processScratchDir("export-cli");
  fs::create_directories(dir);
  const std::string in = test::modelPath("X/BCN_Epileptic.X");
  for (const char* ext : {".fbx", ".glb", ".gltf", ".json"}) {
    const std::string out = (dir / (std::string("bcn") + ext)).string();
    const test::ProcessResult r = test::runCli({"export", in, "-o", out});
    EXPECT_EQ(r.exitCode, 0) << ext << r.err;
    EXPECT_GT(fs::file_size(out), 1000u) << ext;
  }
  const std::string bad = (dir / "no-such-folder" / "x.fbx").string();
  const test::ProcessResult r = test::runCli({"export", in, "-o", bad});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find(bad), std::string::npos) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  const test::ProcessResult unknown = test::runCli({"export", in, "-o", (dir / "x.obj").string()});
  EXPECT_EQ(unknown.exitCode, 2);
  fs::remove_all(dir);
}

// Our exports opened in a real client. Blender 3.4 (headless) imports our binary FBX and our
// .glb of the two artist rigs; tests/io/blender/inspect_import.py reports what it sees and
// io/export_checks.h compares it with the character we exported: one armature with our bone
// names, parents and rest positions (1e-4 of size), a mesh with our vertex count and vertex
// groups carrying our weights (1e-4; glTF: the top 4 renormalized), one action per clip over
// the right frames, and the deformed mesh at three key times equal to our own LBS (1e-3 of
// size). Blender missing is a failure, never a skip (scripts/setup.sh installs it).
#include <gtest/gtest.h>

#include <filesystem>

#include "io/export/export_character.h"
#include "io/export_checks.h"
#include "support/real_models.h"

using namespace rw;
namespace fs = std::filesystem;

namespace {

/// Exports `model` to `ext`, opens it in Blender and compares what Blender sees.
void checkInBlender(const std::string& model, const std::string& ext) {
  SCOPED_TRACE(model + " as " + ext);
  Character c;
  ASSERT_TRUE(test::loadModel(model, c));
  const fs::path dir = test::scratchFolder("blender");
  const std::string out = (dir / (fs::path(model).stem().string() + ext)).string();
  ASSERT_FALSE(exportCharacter(c, out).has_value());
  test::checkBlenderImport(c, out);
  fs::remove_all(dir);
}

}  // namespace

TEST(ExportBlender, BcnFbx) {
  checkInBlender("X/BCN_Epileptic.X", ".fbx");
}
TEST(ExportBlender, WusonFbx) {
  checkInBlender("X/Testwuson.X", ".fbx");
}
TEST(ExportBlender, BcnGlb) {
  checkInBlender("X/BCN_Epileptic.X", ".glb");
}
TEST(ExportBlender, WusonGlb) {
  checkInBlender("X/Testwuson.X", ".glb");
}

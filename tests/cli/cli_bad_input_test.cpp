// Bad input gives exit 2 and one clear line naming the file and the problem: never a crash,
// never a hang. Covers the files of assimp-testmodels' invalid/ folder plus truncated and
// byte-flipped copies of real files made here.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <random>

#include "support/real_models.h"
#include "support/run_process.h"
#include "support/scratch_dir.h"

using namespace rw::test;
namespace fs = std::filesystem;

namespace {

void expectRefusedWithOneLine(const std::string& path, const ProcessResult& r) {
  EXPECT_FALSE(r.crashed) << path << " crashed with signal " << r.signal;
  EXPECT_FALSE(r.timedOut) << path << " hung";
  EXPECT_EQ(r.exitCode, 2) << path << "\n" << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_EQ(r.err.rfind(path + ": ", 0), 0u) << r.err;
}

/// Exit 0 (the reader coped) or 2 with a one-line message; nothing else.
void expectReadOrRefused(const std::string& path, const ProcessResult& r) {
  EXPECT_FALSE(r.crashed) << path << " crashed with signal " << r.signal;
  EXPECT_FALSE(r.timedOut) << path << " hung";
  if (r.exitCode == 2)
    EXPECT_EQ(r.err.rfind(path + ": ", 0), 0u) << r.err;
  else
    EXPECT_EQ(r.exitCode, 0) << path << "\n" << r.err;
}

std::string readBytes(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(f), {});
}

fs::path scratch() {
  const fs::path dir = rw::test::processScratchDir("bad-input");
  fs::create_directories(dir);
  return dir;
}

}  // namespace

TEST(CliBadInput, EveryInvalidModelIsRefusedWithOneLine) {
  const fs::path invalid = modelPath("invalid");
  int checked = 0;
  for (const auto& entry : fs::directory_iterator(invalid)) {
    const std::string path = entry.path().string();
    if (entry.path().filename() == "readme.txt") continue;
    expectRefusedWithOneLine(path, runCli({"info", path}));
    ++checked;
  }
  EXPECT_GE(checked, 14);
}

TEST(CliBadInput, MissingEmptyAndFolder) {
  const fs::path dir = scratch();
  expectRefusedWithOneLine((dir / "nope.fbx").string(),
                           runCli({"info", (dir / "nope.fbx").string()}));
  const std::string empty = (dir / "empty.X").string();
  std::ofstream(empty).close();
  const ProcessResult r = runCli({"info", empty});
  expectRefusedWithOneLine(empty, r);
  EXPECT_NE(r.err.find("empty"), std::string::npos);
  expectRefusedWithOneLine(dir.string(), runCli({"info", dir.string()}));
  fs::remove_all(dir);
}

TEST(CliBadInput, TruncatedCopiesOfRealFiles) {
  const fs::path dir = scratch();
  for (const char* file :
       {"X/BCN_Epileptic.X", "X/Testwuson.X", "BVH/01_01.bvh", "FBX/huesitos.fbx",
        "BLEND/HUMAN.blend", "Collada/human.zae", "OBJ/spider.obj"}) {
    const std::string bytes = readBytes(modelPath(file));
    ASSERT_GT(bytes.size(), 100u) << file;
    for (double keep : {0.01, 0.3, 0.77}) {
      const fs::path copy = dir / ("cut" + std::to_string(int(keep * 100)) + "_" +
                                   fs::path(file).filename().string());
      std::ofstream(copy, std::ios::binary)
          .write(bytes.data(), std::streamsize(bytes.size() * keep));
      expectReadOrRefused(copy.string(), runCli({"info", copy.string()}));
    }
  }
  fs::remove_all(dir);
}

TEST(CliBadInput, ByteFlippedCopiesOfRealFiles) {
  const fs::path dir = scratch();
  std::mt19937 random(20261122);  // fixed seed: the same damage every run
  for (const char* file :
       {"X/BCN_Epileptic.X", "BVH/01_01.bvh", "FBX/huesitos.fbx", "BLEND/HUMAN.blend",
        "glTF2/simple_skin/simple_skin.gltf", "OBJ/spider.obj"}) {
    const std::string original = readBytes(modelPath(file));
    for (int copyIndex = 0; copyIndex < 3; ++copyIndex) {
      std::string bytes = original;
      std::uniform_int_distribution<std::size_t> where(0, bytes.size() - 1);
      for (int flip = 0; flip < 1 + int(bytes.size() / 2000); ++flip)
        bytes[where(random)] ^= char(1 << (flip % 8));
      const fs::path copy =
          dir / ("flip" + std::to_string(copyIndex) + "_" + fs::path(file).filename().string());
      std::ofstream(copy, std::ios::binary).write(bytes.data(), std::streamsize(bytes.size()));
      expectReadOrRefused(copy.string(), runCli({"info", copy.string()}));
    }
  }
  fs::remove_all(dir);
}

TEST(CliBadInput, UsageErrorsExitTwo) {
  const ProcessResult r = runCli({"info"});
  EXPECT_EQ(r.exitCode, 2);
  const ProcessResult unknown = runCli({"frobnicate"});
  EXPECT_EQ(unknown.exitCode, 2);
}

// A .gltf and its buffer are one file for the user (issue 25, D9): a write killed at any step
// leaves the old pair or the new pair, each complete and readable, and a finished write leaves
// exactly one buffer. Each kill happens in a child process (SIGKILL: nothing can clean up), at
// every step the writer reports.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "io/export/gltf_export.h"
#include "io/export_checks.h"
#include "io/import_character.h"
#include "support/real_models.h"

using namespace rw;
namespace fs = std::filesystem;

namespace {

/// The clip count of the pair at `gltf` as Assimp reads it, after checking that the .gltf names
/// a buffer file that exists with the length it declares.
int clipsOfPair(const fs::path& gltf) {
  std::ifstream in(gltf);
  const nlohmann::json doc = nlohmann::json::parse(in, nullptr, false);
  EXPECT_TRUE(doc.is_object()) << gltf;
  if (!doc.is_object()) return -1;
  for (const nlohmann::json& buffer : doc["buffers"]) {
    const fs::path bin = gltf.parent_path() / buffer["uri"].get<std::string>();
    EXPECT_TRUE(fs::exists(bin)) << bin;
    if (!fs::exists(bin)) return -1;
    EXPECT_EQ(fs::file_size(bin), buffer["byteLength"].get<std::uintmax_t>()) << bin;
  }
  ImportOptions options;
  options.isolateReader = false;
  Expected<Character> read = importCharacter(gltf.string(), options);
  EXPECT_TRUE(read.ok()) << (read ? "" : read.error().message);
  return read ? int(read->clips.size()) : -1;
}

std::vector<std::string> buffersIn(const fs::path& dir) {
  std::vector<std::string> names;
  for (const fs::directory_entry& e : fs::directory_iterator(dir))
    if (e.path().extension() == ".bin") names.push_back(e.path().filename().string());
  return names;
}

}  // namespace

TEST(GltfPairWrite, AKillAtAnyStepLeavesTheOldPairOrTheNewOne) {
  Character newer;
  ASSERT_TRUE(test::loadModel("X/Testwuson.X", newer));
  ASSERT_EQ(newer.clips.size(), 3u);
  Character older = newer;
  older.clips.resize(1);
  const fs::path dir = test::scratchFolder("gltf-pair-kill");
  const fs::path gltf = dir / "wuson.gltf";

  std::vector<std::string> steps;  // the steps a whole write reports
  ASSERT_FALSE(exportGltf(older, gltf.string()).has_value());
  ASSERT_FALSE(exportGltf(newer, gltf.string(), [&](const std::string& s) {
                 steps.push_back(s);
               }).has_value());
  ASSERT_EQ(steps.size(), 4u);  // written, renamed .bin, renamed .gltf, old buffer removed
  EXPECT_EQ(clipsOfPair(gltf), 3);
  EXPECT_EQ(buffersIn(dir).size(), 1u) << "the old buffer is removed";

  for (std::size_t k = 0; k < steps.size(); ++k) {
    SCOPED_TRACE("killed after '" + steps[k] + "'");
    ASSERT_FALSE(exportGltf(older, gltf.string()).has_value());  // the old pair, whole
    const pid_t child = fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
      std::size_t seen = 0;
      (void)exportGltf(newer, gltf.string(), [&](const std::string&) {
        if (seen++ == k) raise(SIGKILL);
      });
      _exit(0);
    }
    int status = 0;
    ASSERT_EQ(waitpid(child, &status, 0), child);
    ASSERT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
    const int clips = clipsOfPair(gltf);
    // Before the .gltf's rename the old pair stands; from it on, the new one.
    EXPECT_EQ(clips, k < 2 ? 1 : 3);
  }
  fs::remove_all(dir);
}

TEST(GltfPairWrite, AFailedGltfRenameLeavesNoNewBuffer) {
  Character wuson;
  ASSERT_TRUE(test::loadModel("X/Testwuson.X", wuson));
  const fs::path dir = test::scratchFolder("gltf-pair-fail");
  const fs::path gltf = dir / "wuson.gltf";
  fs::create_directories(gltf / "occupied");  // a folder where the .gltf would go
  const Status bad = exportGltf(wuson, gltf.string());
  ASSERT_TRUE(bad.has_value());
  EXPECT_EQ(bad->message.rfind(gltf.string() + ": ", 0), 0u) << bad->message;
  EXPECT_TRUE(buffersIn(dir).empty()) << "the new buffer was removed with the failed write";
  int entries = 0;
  for (const auto& e : fs::directory_iterator(dir)) entries += e.exists();
  EXPECT_EQ(entries, 1);  // only the folder: no temporary file either
  fs::remove_all(dir);
}

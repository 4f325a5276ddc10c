#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "util/atomic_file.h"

using namespace rw;
namespace fs = std::filesystem;

namespace {
std::string readAll(const fs::path& p) {
  std::ifstream f(p);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}
}  // namespace

TEST(AtomicFile, ReplacesTheFileAndLeavesNoTemporary) {
  const fs::path dir = fs::temp_directory_path() / ("rw-atomic-" + std::to_string(getpid()));
  fs::create_directories(dir);
  const fs::path target = dir / "rig.json";
  ASSERT_FALSE(writeFileAtomically(target.string(), "first").has_value());
  ASSERT_FALSE(writeFileAtomically(target.string(), "second").has_value());
  EXPECT_EQ(readAll(target), "second");
  int entries = 0;
  for (const auto& e : fs::directory_iterator(dir)) entries += e.exists();
  EXPECT_EQ(entries, 1);
  fs::remove_all(dir);
}

TEST(AtomicFile, UnwritableFolderIsAnErrorAndKeepsTheOldFile) {
  const fs::path dir = fs::temp_directory_path() / ("rw-atomic-ro-" + std::to_string(getpid()));
  fs::create_directories(dir);
  const fs::path target = dir / "rig.json";
  ASSERT_FALSE(writeFileAtomically(target.string(), "good").has_value());
  const Status missing = writeFileAtomically((dir / "no/such/folder/x.json").string(), "x");
  ASSERT_TRUE(missing.has_value());
  EXPECT_NE(missing->message.find("no/such/folder/x.json"), std::string::npos) << missing->message;
  if (geteuid() != 0) {  // root ignores permissions
    chmod(dir.c_str(), 0555);
    EXPECT_TRUE(writeFileAtomically(target.string(), "bad").has_value());
    chmod(dir.c_str(), 0755);
  }
  EXPECT_EQ(readAll(target), "good");
  fs::remove_all(dir);
}

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "support/scratch_dir.h"
#include "util/atomic_file.h"
#include "util/temp_file_guard.h"

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
  const fs::path dir = rw::test::processScratchDir("atomic");
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
  const fs::path dir = rw::test::processScratchDir("atomic-ro");
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

TEST(AtomicFile, FileSizeLimitIsAnErrorAndLeavesNoTemporary) {
  // A write that runs into RLIMIT_FSIZE (SIGXFSZ ignored: the write fails with EFBIG) in a
  // child, so the limit does not reach the test process.
  const fs::path dir = rw::test::processScratchDir("atomic-fsize");
  fs::create_directories(dir);
  const fs::path target = dir / "big.fbx";
  ASSERT_FALSE(writeFileAtomically(target.string(), "good").has_value());
  int pipeFds[2];
  ASSERT_EQ(pipe(pipeFds), 0);
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    close(pipeFds[0]);
    signal(SIGXFSZ, SIG_IGN);
    const rlimit limit{4096, 4096};
    setrlimit(RLIMIT_FSIZE, &limit);
    const Status s = writeFileAtomically(target.string(), std::string(100000, 'x'));
    const std::string message = s ? s->message : "";
    [[maybe_unused]] const ssize_t n = write(pipeFds[1], message.data(), message.size());
    _exit(s ? 1 : 0);
  }
  close(pipeFds[1]);
  std::string message;
  char buffer[512];
  for (ssize_t n; (n = read(pipeFds[0], buffer, sizeof buffer)) > 0;) message.append(buffer, n);
  close(pipeFds[0]);
  int status = 0;
  waitpid(child, &status, 0);
  ASSERT_TRUE(WIFEXITED(status)) << "killed by signal " << WTERMSIG(status);
  EXPECT_EQ(WEXITSTATUS(status), 1);
  EXPECT_NE(message.find(target.string()), std::string::npos) << message;
  EXPECT_NE(message.find("File too large"), std::string::npos) << message;
  EXPECT_EQ(readAll(target), "good");
  int entries = 0;
  for (const auto& e : fs::directory_iterator(dir)) entries += e.exists();
  EXPECT_EQ(entries, 1);
  fs::remove_all(dir);
}

TEST(AtomicFile, FilesWrittenTogetherReplaceNothingWhenOneFails) {
  const fs::path dir = rw::test::processScratchDir("atomic-set");
  fs::create_directories(dir);
  const fs::path bin = dir / "walk.bin", gltf = dir / "walk.gltf";
  ASSERT_FALSE(writeFilesAtomically({{bin.string(), "old buffer"}, {gltf.string(), "old gltf"}})
                   .has_value());
  const std::string missing = (dir / "gone" / "walk.gltf").string();
  const Status bad = writeFilesAtomically({{bin.string(), "new buffer"}, {missing, "new gltf"}});
  ASSERT_TRUE(bad.has_value());
  EXPECT_NE(bad->message.find(missing), std::string::npos) << bad->message;
  EXPECT_EQ(readAll(bin), "old buffer");
  EXPECT_EQ(readAll(gltf), "old gltf");
  int entries = 0;
  for (const auto& e : fs::directory_iterator(dir)) entries += e.exists();
  EXPECT_EQ(entries, 2);
  fs::remove_all(dir);
}

TEST(AtomicFile, KeepsThePermissionsOfTheFileItReplaces) {
  const fs::path dir = rw::test::processScratchDir("atomic-mode");
  fs::create_directories(dir);
  const fs::path target = dir / "private.json";
  ASSERT_FALSE(writeFileAtomically(target.string(), "first").has_value());
  struct stat st {};
  ASSERT_EQ(stat(target.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0644u);  // a new file: readable by everyone
  chmod(target.c_str(), 0600);
  ASSERT_FALSE(writeFileAtomically(target.string(), "second").has_value());
  ASSERT_EQ(stat(target.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0600u);
  EXPECT_EQ(readAll(target), "second");
  fs::remove_all(dir);
}

// Issue 25: a write interrupted by a signal we can catch leaves no temporary file behind, and
// the process still ends by that signal.
TEST(AtomicFile, InterruptedWriteRemovesItsTemporaryFile) {
  const fs::path dir = rw::test::processScratchDir("atomic-term");
  fs::create_directories(dir);
  const fs::path target = dir / "walk.fbx";
  std::ofstream(target) << "good";
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    installInterruptCleanup();
    (void)writeFilesAtomically({{target.string(), "new content"}}, [](const std::string& step) {
      if (step == "written") raise(SIGTERM);
    });
    _exit(0);  // not reached: SIGTERM ends the child
  }
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFSIGNALED(status));
  EXPECT_EQ(WTERMSIG(status), SIGTERM);
  EXPECT_EQ(readAll(target), "good");
  int entries = 0;
  for (const auto& e : fs::directory_iterator(dir)) entries += e.exists();
  EXPECT_EQ(entries, 1);  // the temporary file is gone
  fs::remove_all(dir);
}

// Files are read in a fresh reader program (rigwright-read), not a fork of the running one: a
// fork copies the locks other threads hold at that instant (TBB, OpenBLAS, Qt, our watchdog),
// and a child that needs one waits forever. CI once saw an artist's rig time out after 60 s
// that way, 1 run in hundreds.
#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "io/import_character.h"
#include "io/isolated_read_check.h"
#include "support/real_models.h"
#include "support/run_process.h"

using namespace rw;
using namespace rw::test;

TEST(IsolatedReader, TheReaderIsTheBuildsOwnProgram) {
  const std::string& program = isolatedReaderProgram();
  ASSERT_FALSE(program.empty()) << "rigwright-read not found";
  EXPECT_NE(program.find("rigwright-read"), std::string::npos) << program;
  // The job comes back from the program, not from the in-process work (the fork fallback).
  const std::string bcn = modelPath("X/BCN_Epileptic.X");
  Expected<std::string> answer =
      runInIsolation(bcn, {}, {{"check"}, [] { return std::string("from a fork"); }});
  ASSERT_TRUE(answer) << answer.error().message;
  EXPECT_EQ(*answer, "");
}

// Another thread holds a lock the read needs while the read starts: a forked child inherits
// the lock held and never gets it; the fresh program does not share it.
TEST(IsolatedReader, AReadStartedWhileAnotherThreadHoldsALockFinishes) {
  const std::string bcn = modelPath("X/BCN_Epileptic.X");
  std::mutex shared;
  std::mutex handshake;
  std::condition_variable changed;
  bool held = false, readDone = false;
  std::thread holder([&] {
    std::unique_lock<std::mutex> hold(shared);
    std::unique_lock<std::mutex> lock(handshake);
    held = true;
    changed.notify_all();
    changed.wait(lock, [&] { return readDone; });
  });
  {
    std::unique_lock<std::mutex> lock(handshake);
    changed.wait(lock, [&] { return held; });
  }
  IsolatedReadLimits limits;
  limits.timeoutSeconds = 20;
  Expected<std::string> answer =
      runInIsolation(bcn, limits, {{"check"}, [&]() -> Expected<std::string> {
                                     std::lock_guard<std::mutex> wait(shared);
                                     return readableByAssimp(bcn);
                                   }});
  {
    std::lock_guard<std::mutex> lock(handshake);
    readDone = true;
  }
  changed.notify_all();
  holder.join();
  EXPECT_TRUE(answer) << answer.error().message;
}

// Many reads from several threads at once, while the others compute: every one finishes
// with the same character (no pipe of one read held open by another's child).
TEST(IsolatedReader, ConcurrentReadsFromSeveralThreadsAllFinish) {
  const std::string bcn = modelPath("X/BCN_Epileptic.X");
  Expected<Character> reference = importCharacter(bcn);
  ASSERT_TRUE(reference) << reference.error().message;
  std::vector<std::thread> readers;
  std::vector<int> ok(4, 0);
  for (int t = 0; t < 4; ++t)
    readers.emplace_back([&, t] {
      for (int i = 0; i < 5; ++i) {
        Expected<Character> read = importCharacter(bcn);
        ok[t] += read && read->mesh.positions == reference->mesh.positions &&
                 read->skeleton.size() == reference->skeleton.size();
      }
    });
  for (std::thread& r : readers) r.join();
  for (int t = 0; t < 4; ++t) EXPECT_EQ(ok[t], 5) << "thread " << t;
}

// Started by hand, the reader says what it is for and fails.
TEST(IsolatedReader, ByHandTheReaderExplainsItself) {
  const ProcessResult r = runProcess({isolatedReaderProgram()});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("started by Rigwright"), std::string::npos) << r.err;
}

// Without the reader program (an install that lost it), the CLI still reads: a forked child.
TEST(IsolatedReader, WithoutTheProgramTheCliStillReads) {
  const std::string bcn = modelPath("X/BCN_Epileptic.X");
  const ProcessResult r = runProcess(
      {"/usr/bin/env", "RIGWRIGHT_READER=/nonexistent/rigwright-read", RIGWRIGHT_CLI, "info", bcn});
  EXPECT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("Torso: 1170 vertices"), std::string::npos) << r.out;
}

#include "support/run_process.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <thread>

extern char** environ;

namespace rw::test {
namespace {

std::string slurp(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

}  // namespace

ProcessResult runProcess(const std::vector<std::string>& argv, double timeoutSeconds) {
  ProcessResult result;
  char outPath[] = "/tmp/rw-test-out-XXXXXX";
  char errPath[] = "/tmp/rw-test-err-XXXXXX";
  const int outFd = mkstemp(outPath);
  const int errFd = mkstemp(errPath);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, outFd, 1);
  posix_spawn_file_actions_adddup2(&actions, errFd, 2);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = -1;
  const int spawned = posix_spawn(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(outFd);
  close(errFd);
  if (spawned != 0) {
    result.err = "cannot start " + argv[0];
  } else {
    const auto deadline =
        std::chrono::steady_clock::now() + std::chrono::duration<double>(timeoutSeconds);
    int status = 0;
    for (;;) {
      const pid_t done = waitpid(pid, &status, WNOHANG);
      if (done == pid) break;
      if (std::chrono::steady_clock::now() > deadline) {
        kill(pid, SIGKILL);
        waitpid(pid, &status, 0);
        result.timedOut = true;
        break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    if (WIFSIGNALED(status) && !result.timedOut) {
      result.crashed = true;
      result.signal = WTERMSIG(status);
    } else if (WIFEXITED(status)) {
      result.exitCode = WEXITSTATUS(status);
    }
  }
  result.out = slurp(outPath);
  result.err = slurp(errPath) + result.err;
  std::remove(outPath);
  std::remove(errPath);
  return result;
}

ProcessResult runCli(const std::vector<std::string>& args, double timeoutSeconds) {
  std::vector<std::string> argv = {RIGWRIGHT_CLI};
  argv.insert(argv.end(), args.begin(), args.end());
  return runProcess(argv, timeoutSeconds);
}

}  // namespace rw::test

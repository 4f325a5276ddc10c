#include "io/isolated_read_check.h"

#include "io/assimp_settings.h"
#include "io/isolated_child.h"

#include <assimp/scene.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <vector>

extern char** environ;

namespace rw {
namespace {

namespace fs = std::filesystem;

/// The file descriptor the reader program writes its message to (isolated_reader.h).
constexpr int kReaderMessageFd = 3;

std::size_t defaultMemoryCap() {
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long pageSize = sysconf(_SC_PAGESIZE);
  if (pages <= 0 || pageSize <= 0) return std::size_t(8) << 30;
  return std::size_t(pages) * std::size_t(pageSize) / 2;
}

bool isExecutable(const std::string& path) {
  return !path.empty() && access(path.c_str(), X_OK) == 0 && !fs::is_directory(path);
}

std::string findReaderProgram() {
  if (const char* chosen = std::getenv("RIGWRIGHT_READER"))
    return isExecutable(chosen) ? chosen : "";
  std::error_code ec;
  const fs::path self = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    const std::string beside = (self.parent_path() / "rigwright-read").string();
    if (isExecutable(beside)) return beside;
  }
#ifdef RIGWRIGHT_READER_BUILD_PATH
  if (isExecutable(RIGWRIGHT_READER_BUILD_PATH)) return RIGWRIGHT_READER_BUILD_PATH;
#endif
  return {};
}

/// Starts the reader program with its message on `messageFd`; -1 if it cannot start.
pid_t spawnReader(const std::string& program, const std::vector<std::string>& arguments,
                  int messageFd) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, messageFd, kReaderMessageFd);
  // The reader's own output (a reader that prints) stays out of ours.
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  std::vector<char*> argv;
  argv.push_back(const_cast<char*>(program.c_str()));
  for (const std::string& a : arguments) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  pid_t child = -1;
  const int failed = posix_spawn(&child, program.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  return failed ? -1 : child;
}

/// Forks a child that runs `work` (when no reader program exists); -1 if it cannot fork.
pid_t forkWorker(const std::function<Expected<std::string>()>& work, std::size_t memory,
                 int pipeFds[2]) {
  const pid_t parent = getpid();
  const pid_t child = fork();
  if (child != 0) return child;
  close(pipeFds[0]);
  if (!prepareIsolatedChild(parent, memory)) _exit(1);
  _exit(writeWholeMessage(pipeFds[1], runIsolatedWork(work)) ? 0 : 1);
}

/// Reads the child's whole message until it closes the pipe or `deadline` passes.
bool readUntilClosed(int fd, std::chrono::steady_clock::time_point deadline, std::string& message) {
  std::vector<char> buffer(std::size_t(1) << 20);
  for (;;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return false;
    pollfd p{fd, POLLIN, 0};
    const int ready = poll(&p, 1, int(std::min<long long>(left.count(), 1000)));
    if (ready < 0 && errno != EINTR) return true;
    if (ready <= 0) continue;
    const ssize_t n = read(fd, buffer.data(), buffer.size());
    if (n <= 0) return true;
    message.append(buffer.data(), std::size_t(n));
  }
}

/// The child's message, or the error of a child that crashed, hung or said nothing.
Expected<std::string> collectChild(pid_t child, int readFd, const std::string& path,
                                   const IsolatedReadLimits& limits) {
  std::string message;
  const auto deadline = std::chrono::steady_clock::now() +
                        std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                            std::chrono::duration<double>(limits.timeoutSeconds));
  const bool finished = readUntilClosed(readFd, deadline, message);
  close(readFd);
  if (!finished) kill(child, SIGKILL);
  int status = 0;
  while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
  }
  if (!finished)
    return Error{path + ": reading the file did not finish within " +
                 std::to_string(int(limits.timeoutSeconds)) + " s (malformed?)"};
  if (WIFSIGNALED(status))
    return Error{path + ": the file reader crashed on this file (" + strsignal(WTERMSIG(status)) +
                 "); the file is malformed or uses a feature Assimp cannot read"};
  if (message.empty() || (WIFEXITED(status) && WEXITSTATUS(status) != 0))
    return Error{path + ": cannot be read"};
  if (message[0] == 'E') return Error{path + ": " + message.substr(1)};
  return message.substr(1);
}

}  // namespace

const std::string& isolatedReaderProgram() {
  static const std::string program = findReaderProgram();
  return program;
}

Expected<std::string> runInIsolation(const std::string& path, const IsolatedReadLimits& limits,
                                     const IsolatedReadJob& job) {
  int fds[2];
  // Close-on-exec: a reader started meanwhile by another thread must not hold this pipe open.
  if (pipe2(fds, O_CLOEXEC) != 0) return job.work();  // cannot isolate: do the work here
  const std::size_t memory = limits.memoryBytes ? limits.memoryBytes : defaultMemoryCap();
  pid_t child = -1;
  const std::string& program = isolatedReaderProgram();
  if (!program.empty() && !job.readerArguments.empty()) {
    std::vector<std::string> arguments = {std::to_string(getpid()), std::to_string(memory)};
    arguments.push_back(job.readerArguments.at(0));
    arguments.push_back(path);
    arguments.insert(arguments.end(), job.readerArguments.begin() + 1, job.readerArguments.end());
    child = spawnReader(program, arguments, fds[1]);
  }
  if (child < 0) child = forkWorker(job.work, memory, fds);
  close(fds[1]);
  if (child < 0) {
    close(fds[0]);
    return job.work();
  }
  return collectChild(child, fds[0], path, limits);
}

Expected<std::string> readableByAssimp(const std::string& path) {
  Assimp::Importer importer;
  const aiScene* scene = readScene(importer, path);
  if (scene) return std::string();
  const std::string why = importer.GetErrorString();
  return Error{why.empty() ? "not a format Rigwright can read" : why};
}

Status checkReadableInIsolation(const std::string& path, const IsolatedReadLimits& limits) {
  Expected<std::string> read =
      runInIsolation(path, limits, {{"check"}, [&] { return readableByAssimp(path); }});
  if (!read) return read.error();
  return std::nullopt;
}

}  // namespace rw

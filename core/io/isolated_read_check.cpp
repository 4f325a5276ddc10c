#include "io/isolated_read_check.h"

#include "io/assimp_settings.h"

#include <assimp/scene.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <new>
#include <vector>

namespace rw {
namespace {

std::size_t defaultMemoryCap() {
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long pageSize = sysconf(_SC_PAGESIZE);
  if (pages <= 0 || pageSize <= 0) return std::size_t(8) << 30;
  return std::size_t(pages) * std::size_t(pageSize) / 2;
}

// AddressSanitizer reserves terabytes of shadow address space, which no address-space cap
// admits: a sanitizer build reads without the cap (the timeout still guards against hangs).
#if defined(__SANITIZE_ADDRESS__)
constexpr bool kCapAddressSpace = false;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kCapAddressSpace = false;
#else
constexpr bool kCapAddressSpace = true;
#endif
#else
constexpr bool kCapAddressSpace = true;
#endif

/// The child's message: 'O' and the work's bytes, or 'E' and its error.
[[noreturn]] void childRun(const std::function<Expected<std::string>()>& work,
                           std::size_t memoryBytes, int out, pid_t parent) {
  // The reader dies with its parent: a killed CLI must not leave a reader running on a file
  // that hangs it. (If the parent is already gone, the signal was missed: stop now.)
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != parent) _exit(1);
  if (kCapAddressSpace) {
    rlimit cap{memoryBytes, memoryBytes};
    setrlimit(RLIMIT_AS, &cap);
  }
  std::string message;
  try {
    Expected<std::string> result = work();
    message = result ? "O" + std::move(*result) : "E" + result.error().message;
  } catch (const std::bad_alloc&) {
    message = "Ethe file declares more data than fits in memory (malformed?)";
  } catch (const std::exception& e) {
    message = std::string("E") + e.what();
  }
  if (message == "Estd::bad_alloc")
    message = "Ethe file declares more data than fits in memory (malformed?)";
  for (std::size_t at = 0; at < message.size();) {
    const ssize_t n = write(out, message.data() + at, message.size() - at);
    if (n <= 0) _exit(1);
    at += std::size_t(n);
  }
  _exit(0);
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

}  // namespace

Expected<std::string> runInIsolation(const std::string& path, const IsolatedReadLimits& limits,
                                     const std::function<Expected<std::string>()>& work) {
  int fds[2];
  if (pipe(fds) != 0) return work();  // cannot isolate: do the work here
  const std::size_t memory = limits.memoryBytes ? limits.memoryBytes : defaultMemoryCap();
  const pid_t parent = getpid();
  const pid_t child = fork();
  if (child < 0) {
    close(fds[0]);
    close(fds[1]);
    return work();
  }
  if (child == 0) {
    close(fds[0]);
    childRun(work, memory, fds[1], parent);
  }
  close(fds[1]);
  std::string message;
  const auto deadline = std::chrono::steady_clock::now() +
                        std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                            std::chrono::duration<double>(limits.timeoutSeconds));
  const bool finished = readUntilClosed(fds[0], deadline, message);
  close(fds[0]);
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

Status checkReadableInIsolation(const std::string& path, const IsolatedReadLimits& limits) {
  Expected<std::string> read = runInIsolation(path, limits, [&]() -> Expected<std::string> {
    Assimp::Importer importer;
    const aiScene* scene = readScene(importer, path);
    if (scene) return std::string();
    const std::string why = importer.GetErrorString();
    return Error{why.empty() ? "not a format Rigwright can read" : why};
  });
  if (!read) return read.error();
  return std::nullopt;
}

}  // namespace rw

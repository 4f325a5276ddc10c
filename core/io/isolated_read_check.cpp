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

[[noreturn]] void childRead(const std::string& path, std::size_t memoryBytes, int out,
                            pid_t parent) {
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
    Assimp::Importer importer;
    const aiScene* scene = readScene(importer, path);
    if (!scene) message = importer.GetErrorString();
    if (!scene && message.empty()) message = "not a format Rigwright can read";
  } catch (const std::bad_alloc&) {
    message = "the file declares more data than fits in memory (malformed?)";
  } catch (const std::exception& e) {
    message = e.what();
  }
  if (message == "std::bad_alloc")
    message = "the file declares more data than fits in memory (malformed?)";
  if (!message.empty()) {
    const ssize_t ignored = write(out, message.data(), message.size());
    (void)ignored;
  }
  _exit(message.empty() ? 0 : 1);
}

}  // namespace

Status checkReadableInIsolation(const std::string& path, const IsolatedReadLimits& limits) {
  int fds[2];
  if (pipe(fds) != 0) return std::nullopt;  // cannot isolate: let the caller read directly
  const std::size_t memory = limits.memoryBytes ? limits.memoryBytes : defaultMemoryCap();
  const pid_t parent = getpid();
  const pid_t child = fork();
  if (child < 0) {
    close(fds[0]);
    close(fds[1]);
    return std::nullopt;
  }
  if (child == 0) {
    close(fds[0]);
    childRead(path, memory, fds[1], parent);
  }
  close(fds[1]);

  std::string message;
  const auto deadline =
      std::chrono::steady_clock::now() + std::chrono::duration<double>(limits.timeoutSeconds);
  bool timedOut = false;
  char buffer[4096];
  for (;;) {  // read the child's message until it closes the pipe (it exits) or time runs out
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) {
      timedOut = true;
      break;
    }
    pollfd p{fds[0], POLLIN, 0};
    const int ready = poll(&p, 1, int(std::min<long long>(left.count(), 1000)));
    if (ready < 0 && errno != EINTR) break;
    if (ready <= 0) continue;
    const ssize_t n = read(fds[0], buffer, sizeof buffer);
    if (n <= 0) break;
    message.append(buffer, std::size_t(n));
  }
  close(fds[0]);
  if (timedOut) kill(child, SIGKILL);
  int status = 0;
  while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
  }
  if (timedOut)
    return Error{path + ": reading the file did not finish within " +
                 std::to_string(int(limits.timeoutSeconds)) + " s (malformed?)"};
  if (WIFSIGNALED(status))
    return Error{path + ": the file reader crashed on this file (" + strsignal(WTERMSIG(status)) +
                 "); the file is malformed or uses a feature Assimp cannot read"};
  if (WIFEXITED(status) && WEXITSTATUS(status) != 0)
    return Error{path + ": " + (message.empty() ? "cannot be read" : message)};
  return std::nullopt;
}

}  // namespace rw

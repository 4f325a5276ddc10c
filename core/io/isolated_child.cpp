#include "io/isolated_child.h"

#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <unistd.h>

#include <new>

namespace rw {
namespace {

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

const char* const kOutOfMemory = "the file declares more data than fits in memory (malformed?)";

}  // namespace

bool prepareIsolatedChild(pid_t parent, std::size_t memoryBytes) {
  // The reader dies with its parent: a killed CLI must not leave a reader running on a file
  // that hangs it. (If the parent is already gone, the signal was missed: stop now.)
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != parent) return false;
  if (kCapAddressSpace && memoryBytes > 0) {
    rlimit cap{memoryBytes, memoryBytes};
    setrlimit(RLIMIT_AS, &cap);
  }
  return true;
}

std::string runIsolatedWork(const std::function<Expected<std::string>()>& work) {
  std::string message;
  try {
    Expected<std::string> result = work();
    message = result ? "O" + std::move(*result) : "E" + result.error().message;
  } catch (const std::bad_alloc&) {
    message = std::string("E") + kOutOfMemory;
  } catch (const std::exception& e) {
    message = std::string("E") + e.what();
  }
  if (message == "Estd::bad_alloc") message = std::string("E") + kOutOfMemory;
  return message;
}

bool writeWholeMessage(int fd, const std::string& message) {
  for (std::size_t at = 0; at < message.size();) {
    const ssize_t n = write(fd, message.data() + at, message.size() - at);
    if (n <= 0) return false;
    at += std::size_t(n);
  }
  return true;
}

}  // namespace rw

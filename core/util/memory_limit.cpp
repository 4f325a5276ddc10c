#include "util/memory_limit.h"

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cctype>
#include <chrono>
#include <cstdlib>
#include <thread>

#include "util/temp_file_guard.h"

namespace rw {
namespace {

/// Resident memory in bytes from /proc/self/statm (second field, in pages); 0 if unreadable.
std::size_t residentBytes() {
  const int fd = ::open("/proc/self/statm", O_RDONLY | O_CLOEXEC);
  if (fd < 0) return 0;
  char text[128];
  const ssize_t n = ::read(fd, text, sizeof text - 1);
  ::close(fd);
  if (n <= 0) return 0;
  text[n] = '\0';
  const char* p = text;
  while (*p && *p != ' ') ++p;  // skip the total size
  return std::size_t(std::strtoull(p, nullptr, 10)) * std::size_t(::sysconf(_SC_PAGESIZE));
}

/// How often the watchdog looks: fast enough that a growing solve overshoots the budget by
/// little, rare enough to cost nothing (one small read).
constexpr auto kPollInterval = std::chrono::milliseconds(20);

}  // namespace

std::optional<std::size_t> parseByteSize(const std::string& text) {
  std::size_t i = 0;
  std::size_t value = 0;
  while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) {
    if (value > (std::size_t(1) << 50)) return std::nullopt;  // beyond any machine
    value = value * 10 + std::size_t(text[i++] - '0');
  }
  if (i == 0) return std::nullopt;
  if (i == text.size()) return value;
  if (i + 1 != text.size()) return std::nullopt;
  switch (std::toupper(static_cast<unsigned char>(text[i]))) {
    case 'K':
      return value << 10;
    case 'M':
      return value << 20;
    case 'G':
      return value << 30;
    default:
      return std::nullopt;
  }
}

Expected<std::optional<std::size_t>> memoryLimitFromEnvironment() {
  const char* env = std::getenv("RIGWRIGHT_MEMORY_LIMIT");
  if (!env || !*env) return std::optional<std::size_t>();
  const std::optional<std::size_t> bytes = parseByteSize(env);
  if (!bytes || *bytes == 0)
    return Error{std::string("RIGWRIGHT_MEMORY_LIMIT: '") + env +
                 "' is not a size (bytes, or a number with K, M or G)"};
  return bytes;
}

void startMemoryWatchdog(std::size_t bytes, const std::string& message, int exitCode) {
  static std::atomic<bool> started{false};
  if (started.exchange(true)) return;
  // The stderr of now: a stage may point fd 2 elsewhere for a while (to silence a library).
  const int errors = ::fcntl(2, F_DUPFD_CLOEXEC, 3);
  std::thread([bytes, line = message + "\n", exitCode, errors] {
    for (;;) {
      std::this_thread::sleep_for(kPollInterval);
      if (residentBytes() <= bytes) continue;
      const ssize_t ignored = ::write(errors >= 0 ? errors : 2, line.data(), line.size());
      (void)ignored;
      removeTempFiles();
      ::_exit(exitCode);
    }
  }).detach();
}

}  // namespace rw

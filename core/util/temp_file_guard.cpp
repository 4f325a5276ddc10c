#include "util/temp_file_guard.h"

#include <signal.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cstring>

namespace rw {
namespace {

constexpr int kSlots = 32;
constexpr std::size_t kPathBytes = 4096;

/// A slot is claimed (0 -> 1), filled, then published (1 -> 2); the handler reads only
/// published slots, so it never sees a half-copied path. Everything it touches is static.
struct Slot {
  std::atomic<int> state{0};
  char path[kPathBytes];
};
std::array<Slot, kSlots> gSlots;

constexpr std::array<int, 4> kCleanupSignals = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};

void removeTempFilesAndDie(int signal) {
  removeTempFiles();
  // Die by the same signal, so the parent sees how we ended.
  struct sigaction fallback {};
  fallback.sa_handler = SIG_DFL;
  sigemptyset(&fallback.sa_mask);
  ::sigaction(signal, &fallback, nullptr);
  ::raise(signal);
}

}  // namespace

void removeTempFiles() {
  for (Slot& slot : gSlots)
    if (slot.state.load(std::memory_order_acquire) == 2) ::unlink(slot.path);
}

void installInterruptCleanup() {
  static std::atomic<bool> installed{false};
  if (installed.exchange(true)) return;
  ::signal(SIGXFSZ, SIG_IGN);
  for (int signal : kCleanupSignals) {
    struct sigaction old {};
    ::sigaction(signal, nullptr, &old);
    if (old.sa_handler == SIG_IGN) continue;  // e.g. nohup: the user asked to ignore it
    struct sigaction action {};
    action.sa_handler = removeTempFilesAndDie;
    sigemptyset(&action.sa_mask);
    for (int other : kCleanupSignals) sigaddset(&action.sa_mask, other);
    ::sigaction(signal, &action, nullptr);
  }
}

TempFileGuard::TempFileGuard(const std::string& path) {
  if (path.size() >= kPathBytes) return;
  for (int i = 0; i < kSlots; ++i) {
    int expected = 0;
    if (!gSlots[i].state.compare_exchange_strong(expected, 1)) continue;
    std::memcpy(gSlots[i].path, path.c_str(), path.size() + 1);
    gSlots[i].state.store(2, std::memory_order_release);
    slot_ = i;
    return;
  }
}

TempFileGuard::TempFileGuard(TempFileGuard&& other) noexcept : slot_(other.slot_) {
  other.slot_ = -1;
}

TempFileGuard::~TempFileGuard() {
  if (slot_ >= 0) gSlots[slot_].state.store(0, std::memory_order_release);
}

}  // namespace rw

#pragma once
// Temporary files removed when the process is interrupted. Atomic writes (util/atomic_file)
// register their temporary file while it exists; the handlers installed by
// installInterruptCleanup remove every registered file on SIGINT, SIGTERM, SIGHUP or SIGQUIT
// and then let the signal end the process as it would have. SIGKILL cannot be caught: a killed
// write leaves its hidden temporary file, never a damaged target.
#include <string>

namespace rw {

/// Installs the handlers (once; later calls do nothing) and ignores SIGXFSZ, so a file-size
/// limit (`ulimit -f`) makes write(2) fail with EFBIG, an error we report, instead of killing
/// the process mid-write.
void installInterruptCleanup();

/// Removes every registered temporary file now (async-signal-safe): for a process about to end
/// by _exit (the memory watchdog).
void removeTempFiles();

/// A temporary file removed on interruption while the guard lives. Up to a fixed number of
/// files are tracked at once (more are still written, just not cleaned up on a signal).
class TempFileGuard {
 public:
  explicit TempFileGuard(const std::string& path);
  ~TempFileGuard();
  TempFileGuard(const TempFileGuard&) = delete;
  TempFileGuard& operator=(const TempFileGuard&) = delete;
  TempFileGuard(TempFileGuard&& other) noexcept;
  TempFileGuard& operator=(TempFileGuard&&) = delete;

 private:
  int slot_ = -1;
};

}  // namespace rw

#include "util/blas_threads.h"

#include <dlfcn.h>

#include <shared_mutex>

namespace rw {
namespace {

// OpenBLAS's setters, looked up in the process: the BLAS is whichever libblas.so.3 the system's
// alternatives point to (Debian), and only OpenBLAS has them.
using SetThreads = void (*)(int);
using GetThreads = int (*)();

SetThreads setter() {
  static const SetThreads set =
      reinterpret_cast<SetThreads>(dlsym(RTLD_DEFAULT, "openblas_set_num_threads"));
  return set;
}

GetThreads getter() {
  static const GetThreads get =
      reinterpret_cast<GetThreads>(dlsym(RTLD_DEFAULT, "openblas_get_num_threads"));
  return get;
}

/// Held shared by sections at the current count, exclusively by a section that changes it.
std::shared_mutex& sections() {
  static std::shared_mutex mutex;
  return mutex;
}

}  // namespace

void parkBlasThreads() {
  using Shutdown = int (*)();
  if (const auto shutdown =
          reinterpret_cast<Shutdown>(dlsym(RTLD_DEFAULT, "blas_thread_shutdown_")))
    shutdown();
}

bool ScopedBlasThreads::available() {
  return setter() && getter();
}

int ScopedBlasThreads::current() {
  return available() ? getter()() : 0;
}

ScopedBlasThreads::ScopedBlasThreads(int threads) : exclusive_(threads >= 1) {
  if (!exclusive_) {
    sections().lock_shared();
    return;
  }
  sections().lock();
  if (!available()) return;
  previous_ = getter()();
  if (previous_ == threads) {
    previous_ = 0;  // nothing to restore
    return;
  }
  setter()(threads);
}

ScopedBlasThreads::~ScopedBlasThreads() {
  if (!exclusive_) {
    sections().unlock_shared();
    return;
  }
  if (previous_ > 0) setter()(previous_);
  sections().unlock();
}

}  // namespace rw

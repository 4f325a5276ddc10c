#include "util/blas_threads.h"

#include <dlfcn.h>

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

}  // namespace

bool ScopedBlasThreads::available() {
  return setter() && getter();
}

int ScopedBlasThreads::current() {
  return available() ? getter()() : 0;
}

ScopedBlasThreads::ScopedBlasThreads(int threads) {
  if (!available() || threads < 1) return;
  previous_ = getter()();
  if (previous_ == threads) {
    previous_ = 0;  // nothing to restore
    return;
  }
  setter()(threads);
}

ScopedBlasThreads::~ScopedBlasThreads() {
  if (previous_ > 0) setter()(previous_);
}

}  // namespace rw

#pragma once
// Wall-clock seconds for the reports' stage timings.
#include <chrono>

namespace rw {

using SteadyClock = std::chrono::steady_clock;

/// Seconds from `start` to now.
inline double secondsSince(SteadyClock::time_point start) {
  return std::chrono::duration<double>(SteadyClock::now() - start).count();
}

}  // namespace rw

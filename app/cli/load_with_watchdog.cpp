#include "cli/load_with_watchdog.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <future>
#include <iostream>
#include <thread>

#include "cli/exit_codes.h"

namespace rw::cli {

double importTimeoutSeconds() {
  if (const char* env = std::getenv("RIGWRIGHT_IMPORT_TIMEOUT")) {
    const double seconds = std::atof(env);
    if (seconds > 0) return seconds;
  }
  return 120.0;
}

Character loadOrExit(const std::string& path, const ImportOptions& options) {
  std::packaged_task<Expected<Character>()> task([&] { return importCharacter(path, options); });
  std::future<Expected<Character>> result = task.get_future();
  std::thread worker(std::move(task));
  const double timeout = importTimeoutSeconds();
  if (result.wait_for(std::chrono::duration<double>(timeout)) != std::future_status::ready) {
    std::cerr << path << ": reading the file did not finish within " << timeout
              << " s; it is probably malformed" << std::endl;
    std::fflush(nullptr);
    std::_Exit(kExitBadInput);  // the reader thread cannot be interrupted
  }
  worker.join();
  Expected<Character> loaded = result.get();
  if (!loaded) {
    std::cerr << loaded.error().message << std::endl;
    std::exit(kExitBadInput);
  }
  return std::move(loaded).value();
}

}  // namespace rw::cli

#include "cli/load_or_exit.h"

#include <cstdlib>
#include <iostream>

#include "cli/exit_codes.h"

namespace rw::cli {

Character loadOrExit(const std::string& path, ImportOptions options) {
  if (const char* env = std::getenv("RIGWRIGHT_IMPORT_TIMEOUT"))
    if (std::atof(env) > 0) options.readTimeoutSeconds = std::atof(env);
  Expected<Character> loaded = importCharacter(path, options);
  if (!loaded) {
    std::cerr << loaded.error().message << std::endl;
    std::exit(kExitBadInput);
  }
  return std::move(loaded).value();
}

}  // namespace rw::cli

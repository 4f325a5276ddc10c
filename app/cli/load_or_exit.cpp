#include "cli/load_or_exit.h"

#include <fcntl.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <iostream>

#include "cli/exit_codes.h"
#include "io/rig_json.h"

namespace rw::cli {
namespace {

/// Some of Assimp's readers print straight to stderr; while a file is read, that goes to
/// /dev/null so the user sees our one line naming the file and the problem.
class SilencedStderr {
 public:
  SilencedStderr() : saved_(dup(2)) {
    const int null = open("/dev/null", O_WRONLY);
    if (null >= 0) {
      dup2(null, 2);
      close(null);
    }
  }
  ~SilencedStderr() {
    if (saved_ >= 0) {
      dup2(saved_, 2);
      close(saved_);
    }
  }

 private:
  int saved_;
};

}  // namespace

Character loadOrExit(const std::string& path, ImportOptions options) {
  if (const char* env = std::getenv("RIGWRIGHT_IMPORT_TIMEOUT"))
    if (std::atof(env) > 0) options.readTimeoutSeconds = std::atof(env);
  Expected<Character> loaded = [&] {
    SilencedStderr quiet;
    return importCharacter(path, options);
  }();
  if (!loaded) {
    std::cerr << loaded.error().message << std::endl;
    std::exit(kExitBadInput);
  }
  return std::move(loaded).value();
}

RigDocument readRigOrExit(const std::string& path) {
  Expected<RigDocument> rig = readRigJson(path);
  if (!rig) {
    std::cerr << rig.error().message << std::endl;
    std::exit(kExitBadInput);
  }
  return std::move(rig).value();
}

Character loadCharacterOrRigOrExit(const std::string& path) {
  if (std::filesystem::path(path).extension() != ".json") return loadOrExit(path);
  RigDocument rig = readRigOrExit(path);
  Character character;
  character.sourcePath = path;
  character.skeleton = std::move(rig.skeleton);
  if (rig.skin) character.skin = std::move(*rig.skin);
  return character;
}

}  // namespace rw::cli

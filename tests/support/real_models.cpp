#include "support/real_models.h"

#include <filesystem>

#include "io/import_character.h"

namespace rw::test {

std::string modelsDir() {
  return RIGWRIGHT_MODELS_DIR;
}

std::string modelPath(const std::string& relative) {
  const std::string path = modelsDir() + "/" + relative;
  if (!std::filesystem::exists(path))
    ADD_FAILURE() << "real model missing: " << path
                  << " (install Debian's assimp-testmodels: bash scripts/setup.sh)";
  return path;
}

::testing::AssertionResult loadModel(const std::string& relative, Character& out) {
  const std::string path = modelsDir() + "/" + relative;
  if (!std::filesystem::exists(path))
    return ::testing::AssertionFailure()
           << "real model missing: " << path
           << " (install Debian's assimp-testmodels: bash scripts/setup.sh)";
  Expected<Character> loaded = importCharacter(path);
  if (!loaded) return ::testing::AssertionFailure() << loaded.error().message;
  out = std::move(loaded).value();
  return ::testing::AssertionSuccess();
}

}  // namespace rw::test

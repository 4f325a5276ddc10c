#pragma once
// The real, artist-made models of Debian's assimp-testmodels. A test that needs one and cannot
// find it fails loudly (the setup script installs them); it never passes silently.
#include <gtest/gtest.h>

#include <string>

#include "character.h"

namespace rw::test {

std::string modelsDir();
/// Full path of a model under the models folder; records a test failure if it is missing.
std::string modelPath(const std::string& relative);
/// Imports a real model; fails the current test (fatally, via the returned bool) if missing
/// or unreadable. Use: `Character c; ASSERT_TRUE(loadModel("X/BCN_Epileptic.X", c));`
::testing::AssertionResult loadModel(const std::string& relative, Character& out);

}  // namespace rw::test

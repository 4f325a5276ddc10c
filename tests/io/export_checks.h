#pragma once
// The checks every exported character goes through, shared by the export tests and the CLI
// tests of the commands that write characters (skin, animate): the file read back through
// Assimp (our importer), and the file opened in Blender 3.4 headless. Both compare with the
// character that should be in the file: bones, parents and rest positions (1e-4 of size),
// vertex count and weights (1e-4; glTF: the top 4 renormalized), one clip / action per clip
// over the right time range, and the deformed mesh at three key times of every clip equal to
// our own LBS (1e-3 of size). They record gtest failures; call them under ASSERT_NO_FATAL_FAILURE.
#include <nlohmann/json.hpp>
#include <string>

#include "character.h"

namespace rw::test {

struct ExportErrors {
  double rest = 0, positions = 0, weights = 0, deformed = 0;  ///< max, relative to size
  double posedJoints = 0;  ///< Blender: every bone's posed head against ours, relative to size
};

/// Reads `file` back through importCharacter and compares it with `expected`.
ExportErrors checkAssimpReimport(const Character& expected, const std::string& file);

/// Opens `file` in Blender (tests/io/blender/inspect_import.py) and compares what it sees with
/// `expected`. Blender missing is a failure, never a skip.
ExportErrors checkBlenderImport(const Character& expected, const std::string& file);

/// The Khronos glTF validator's report on `file` (tools/npm/validate_gltf.js): {"errors",
/// "warnings", "infos", "hints", "messages"}; null (after a failure) when it could not run.
nlohmann::json validateGltf(const std::string& file);

/// A fresh folder under the system temp folder, unique to this process and `tag`.
std::string scratchFolder(const std::string& tag);

}  // namespace rw::test

#pragma once
// Reads any file Assimp reads (meshes, rigs, animations, BVH motion) into a Character.
#include <optional>
#include <string>

#include "character.h"
#include "util/expected.h"

namespace rw {

struct ImportOptions {
  /// Overrides the up axis guessed from the format and metadata.
  std::optional<UpAxis> upAxis;
  double relativeWeldTolerance = kDefaultWeldTolerance;
  /// Read the file in a child process first (io/isolated_read_check.h) so that a file that
  /// crashes or hangs the reader becomes an error. Costs one extra read.
  bool isolateReader = true;
  double readTimeoutSeconds = 60.0;
};

/// Imports `path` into character space (see character.h). Every pitfall of docs/data.md is handled
/// here: seams welded (with the map back), skinned meshes placed by global(bone)·offset instead
/// of their node transform, bind pose from the offsets when the node rest pose differs, weights
/// normalized, BVH skeleton meshes dropped, bones without nodes recreated from their offsets,
/// several skeleton roots kept, Z-up turned to Y-up, `*_end` leaves folded into their parent's
/// tail. What was repaired is listed in Character::notes.
/// Errors name the file and the problem.
Expected<Character> importCharacter(const std::string& path, const ImportOptions& options = {});

/// The isolated reader's part of importCharacter (the `import` job of io/isolated_reader.h):
/// the file read and converted but not welded, as io/character_wire.h's bytes; the error
/// without the file's name.
Expected<std::string> readPackedCharacter(const std::string& path, const ImportOptions& options);

}  // namespace rw

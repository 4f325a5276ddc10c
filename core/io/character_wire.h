#pragma once
// A character as bytes, for handing an import from the isolated reader's child process to its
// parent (io/isolated_read_check.h) so the file is read once: the unwelded source mesh (the
// parent welds it), skeleton, skin, clips and the import's notes. A private format between two
// processes of one build, not a file format: no versioning, native byte order. Unpacking checks
// every count against the bytes left, so a truncated message is an error, never a crash.
#include <string>
#include <string_view>

#include "character.h"
#include "util/expected.h"

namespace rw {

/// `c` without its welded mesh (Mesh::source only).
std::string packCharacter(const Character& c);
/// The character packed by packCharacter; its mesh has only `source` filled.
Expected<Character> unpackCharacter(std::string_view bytes);

}  // namespace rw

#pragma once
// What every writer checks before it writes a byte: the character hangs together.
#include "character.h"
#include "util/expected.h"

namespace rw {

/// An error ("cannot export: …") when a triangle names a vertex that does not exist, the skin
/// does not have one entry per vertex, or the skeleton breaks its invariants.
Status checkExportable(const Character& character);

}  // namespace rw

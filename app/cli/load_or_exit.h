#pragma once
#include <string>

#include "io/import_character.h"
#include "io/rig_json.h"

namespace rw::cli {

/// Imports `path`; on an error prints the one-line message (file and problem) to stderr and
/// exits with kExitBadInput. RIGWRIGHT_IMPORT_TIMEOUT (seconds) overrides the read time limit.
Character loadOrExit(const std::string& path, ImportOptions options = {});

/// A rig .json (by extension: its skeleton and skin weights, no mesh) or else loadOrExit.
/// A malformed rig file is reported like an unreadable character.
Character loadCharacterOrRigOrExit(const std::string& path);

/// Reads a rig .json; on an error prints the one-line message and exits with kExitBadInput.
RigDocument readRigOrExit(const std::string& path);

}  // namespace rw::cli

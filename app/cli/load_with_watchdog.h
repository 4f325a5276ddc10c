#pragma once
#include <string>

#include "io/import_character.h"

namespace rw::cli {

/// Seconds a file may take to import before the CLI gives up on it (a malformed file can send
/// a reader into a loop). RIGWRIGHT_IMPORT_TIMEOUT overrides it.
double importTimeoutSeconds();

/// Imports `path`; on an error or when the import overruns the timeout, prints one line
/// naming the file and the problem to stderr and exits with kExitBadInput.
Character loadOrExit(const std::string& path, const ImportOptions& options = {});

}  // namespace rw::cli

#pragma once
// The reader program's entry (`rigwright-read`, started by io/isolated_read_check.h; never by
// a user): reads one file as told and writes the result to file descriptor 3 as 'O' and the
// bytes, or 'E' and the reason. Usage:
//   rigwright-read PARENT_PID MEMORY_BYTES check PATH
//   rigwright-read PARENT_PID MEMORY_BYTES import PATH [y|z]
// It dies with PARENT_PID (a killed CLI leaves no reader on a file that hangs it) and caps its
// address space at MEMORY_BYTES.
#include <optional>
#include <string>
#include <vector>

#include "character.h"

namespace rw {

int isolatedReaderMain(int argc, char** argv);

/// The `import` job's command and arguments (IsolatedReadJob::readerArguments), the up axis
/// given or not: written here, next to where the reader reads them back.
std::vector<std::string> importJobArguments(std::optional<UpAxis> upAxis);

}  // namespace rw

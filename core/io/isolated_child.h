#pragma once
// The child's side of an isolated read (io/isolated_read_check.h), shared by the reader
// program (io/isolated_reader.h) and the fork fallback.
#include <sys/types.h>

#include <cstddef>
#include <functional>
#include <string>

#include "util/expected.h"

namespace rw {

/// Dies with `parent` (returns false when the parent is already gone) and caps the address
/// space at `memoryBytes` (not under AddressSanitizer, whose shadow memory no cap admits).
bool prepareIsolatedChild(pid_t parent, std::size_t memoryBytes);

/// The child's message: 'O' and the work's bytes, or 'E' and its error (running out of
/// memory named as such).
std::string runIsolatedWork(const std::function<Expected<std::string>()>& work);

/// Writes all of `message` to `fd`; false if the parent stopped listening.
bool writeWholeMessage(int fd, const std::string& message);

}  // namespace rw

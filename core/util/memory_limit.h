#pragma once
// A memory budget for the whole process: RIGWRIGHT_MEMORY_LIMIT=<bytes>[K|M|G]. A watchdog
// thread reads the process's resident memory every few milliseconds; past the budget it prints
// the caller's message, removes the temporary files of writes in progress and ends the process
// with the caller's exit code. Why not RLIMIT_AS/RLIMIT_DATA: under a hard limit the libraries
// we use do not fail cleanly (OpenBLAS retries a failed buffer mmap forever, libgomp exits when
// it cannot start a thread), so "every stage fails with a clear error" cannot be kept that way.
#include <cstddef>
#include <optional>
#include <string>

#include "util/expected.h"

namespace rw {

/// "512M", "2G", "1048576": bytes, or nullopt when the text is not a size.
std::optional<std::size_t> parseByteSize(const std::string& text);

/// The budget RIGWRIGHT_MEMORY_LIMIT asks for: nullopt when unset, an error naming the
/// variable when its value is not a size.
Expected<std::optional<std::size_t>> memoryLimitFromEnvironment();

/// Starts the watchdog (once). `message` is printed as is (one line) when the budget is
/// exceeded, then the process exits with `exitCode`.
void startMemoryWatchdog(std::size_t bytes, const std::string& message, int exitCode);

}  // namespace rw

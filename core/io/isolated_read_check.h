#pragma once
// Reads a file with Assimp in a child process, so that a file that crashes the reader
// (Assimp 5.2.5 aborts on some malformed files, segfaults on some RAW files), exhausts memory
// or loops forever is reported as an error instead of taking the program down.
#include <functional>
#include <string>

#include "util/expected.h"

namespace rw {

struct IsolatedReadLimits {
  double timeoutSeconds = 60.0;
  /// Address-space cap for the child, so a file that declares billions of elements fails at
  /// once with bad_alloc instead of swapping for minutes. 0 = half the physical memory.
  std::size_t memoryBytes = 0;
};

/// Runs Assimp's reader on `path` (as io/assimp_settings.h configures it) in a forked child.
/// Returns nothing when the child read the file; otherwise an error naming the file and the
/// problem (Assimp's message, a crash, running out of memory, or the time limit).
Status checkReadableInIsolation(const std::string& path, const IsolatedReadLimits& limits = {});

/// Runs `work` on `path` in a forked child under the same limits and hands its bytes back (the
/// file read once: the child reads and converts, the parent takes the result). `work`'s error,
/// a crash, running out of memory or the time limit come back as an error naming the file. When
/// no child can be started, `work` runs here.
Expected<std::string> runInIsolation(const std::string& path, const IsolatedReadLimits& limits,
                                     const std::function<Expected<std::string>()>& work);

}  // namespace rw

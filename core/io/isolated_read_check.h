#pragma once
// Reads a file with Assimp in a child process, so that a file that crashes the reader
// (Assimp 5.2.5 aborts on some malformed files, segfaults on some RAW files), exhausts memory
// or loops forever is reported as an error instead of taking the program down.
//
// The child is a fresh process running the reader program (`rigwright-read`,
// io/isolated_reader.h), not a fork of this one: a fork of a multi-threaded process (TBB and
// OpenBLAS workers, Qt's threads) copies locks that other threads held at that instant, and
// the child can wait on them forever. A fork is the fallback only where the program is missing.
#include <functional>
#include <string>
#include <vector>

#include "util/expected.h"

namespace rw {

struct IsolatedReadLimits {
  double timeoutSeconds = 60.0;
  /// Address-space cap for the child, so a file that declares billions of elements fails at
  /// once with bad_alloc instead of swapping for minutes. 0 = half the physical memory.
  std::size_t memoryBytes = 0;
};

/// One piece of reading done in the child. `readerArguments` are the reader program's command
/// and its arguments after the file (isolated_reader.h); `work` does the same in a forked child
/// when the program cannot be found.
struct IsolatedReadJob {
  std::vector<std::string> readerArguments;
  std::function<Expected<std::string>()> work;
};

/// Runs Assimp's reader on `path` (as io/assimp_settings.h configures it) in a child process.
/// Returns nothing when the child read the file; otherwise an error naming the file and the
/// problem (Assimp's message, a crash, running out of memory, or the time limit).
Status checkReadableInIsolation(const std::string& path, const IsolatedReadLimits& limits = {});

/// Runs `job` on `path` in a child under the same limits and hands its bytes back (the file
/// read once: the child reads and converts, the parent takes the result). The job's error, a
/// crash, running out of memory or the time limit come back as an error naming the file. When
/// no child can be started, the job's work runs here.
Expected<std::string> runInIsolation(const std::string& path, const IsolatedReadLimits& limits,
                                     const IsolatedReadJob& job);

/// Whether the file makes Assimp's reader return a scene (the `check` job); the error is
/// Assimp's reason without the file's name.
Expected<std::string> readableByAssimp(const std::string& path);

/// The reader program runInIsolation starts: $RIGWRIGHT_READER, else `rigwright-read` beside
/// this program, else the one this build made; empty when none exists (then it forks).
const std::string& isolatedReaderProgram();

}  // namespace rw

#pragma once
// Atomic file writes: the content goes to a temporary file beside the target, is flushed to disk
// (fsync), and replaces the target by rename. A failed or interrupted write never leaves a
// half-written file over a good one: a full disk, a file-size limit, an I/O error or an
// unwritable folder is an error naming the target, the old file stays byte-identical and the
// temporary file is removed.
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "util/expected.h"

namespace rw {

Status writeFileAtomically(const std::string& path, std::string_view content);

struct FileContent {
  std::string path;
  std::string_view content;
};

/// Called after each step of a write ("written": every temporary complete; "renamed PATH"):
/// lets tests interrupt a write at every point.
using WriteSteps = std::function<void(const std::string& step)>;

/// Several files that belong together: every one is written to its temporary file first, and
/// only when all of them are complete are they renamed into place, in the given order. If any
/// write fails, no target is touched; a failed rename leaves the files renamed before it.
Status writeFilesAtomically(const std::vector<FileContent>& files, const WriteSteps& steps = {});

}  // namespace rw

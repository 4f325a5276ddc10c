#pragma once
// Atomic file writes: the content goes to a temporary file beside the target, is flushed, and
// replaces the target by rename. A failed or interrupted write never leaves a half-written file
// over a good one.
#include <string>
#include <string_view>

#include "util/expected.h"

namespace rw {

Status writeFileAtomically(const std::string& path, std::string_view content);

}  // namespace rw

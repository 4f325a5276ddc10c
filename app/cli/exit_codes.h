#pragma once
// The CLI's exit codes (docs/pipeline.md "CLI contract").
namespace rw::cli {
inline constexpr int kExitOk = 0;
inline constexpr int kExitBadInput = 2;  ///< a file is missing, unreadable or malformed
inline constexpr int kExitCannotDo = 3;  ///< the algorithm cannot do it (says which part, why)
}  // namespace rw::cli

#pragma once
#include <nlohmann/json.hpp>
#include <string>

namespace rw::cli {

/// Writes a command's `--json` report: to stdout for "-", atomically to the file otherwise,
/// nothing for an empty target. On failure prints the one-line reason (file and problem) to
/// stderr and returns false; the caller exits with kExitBadInput.
bool writeJsonReport(const std::string& target, const nlohmann::json& report);

}  // namespace rw::cli

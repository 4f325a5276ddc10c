#pragma once
#include <CLI/CLI.hpp>

namespace rw::cli {
/// `rigwright-cli info FILE [--json]`
void addInfoCommand(CLI::App& app, int& exitCode);
}  // namespace rw::cli

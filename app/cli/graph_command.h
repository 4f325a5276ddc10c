#pragma once
#include <CLI/CLI.hpp>

namespace rw::cli {
/// `rigwright-cli graph MESH --head H [--levels N] [--filter F] [--length-threshold C] [--json
/// OUT]`
void addGraphCommand(CLI::App& app, int& exitCode);
}  // namespace rw::cli

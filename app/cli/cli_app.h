#pragma once
// The CLI's commands on one CLI11 App: shared by main and the option-parsing fuzzer
// (fuzz/cli_options_fuzz.cpp), so the fuzzer parses exactly the options users type.
#include <CLI/CLI.hpp>

namespace rw::cli {

/// Adds every subcommand to `app`; a command's callback stores its exit code in `exitCode`.
void addCommands(CLI::App& app, int& exitCode);

}  // namespace rw::cli

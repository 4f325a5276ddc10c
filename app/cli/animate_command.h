#pragma once
#include <CLI/CLI.hpp>

namespace rw::cli {

/// `animate RIG MOTION -o OUT [--map MAP.json] [--json REPORT]`: retargets the motion's first
/// clip onto the rig (Lu 2009 + foot pinning) and writes the clip JSON and a quality report.
void addAnimateCommand(CLI::App& app, int& exitCode);

}  // namespace rw::cli

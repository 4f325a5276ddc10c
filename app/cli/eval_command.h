#pragma once
#include <CLI/CLI.hpp>

namespace rw::cli {
/// `rigwright-cli eval RIG --reference REF [--json OUT]`: skinning metrics of RIG's weights
/// against the reference character's own weights and animation (RigNet §6 style). The skeleton
/// metrics (CD-J2J, CD-J2B, CD-B2B) join it with the retargeting stage.
void addEvalCommand(CLI::App& app, int& exitCode);
}  // namespace rw::cli

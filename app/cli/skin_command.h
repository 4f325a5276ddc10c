#pragma once
#include <CLI/CLI.hpp>

namespace rw::cli {
/// `rigwright-cli skin FILE -o OUT.json [--max-influences N] [--no-mirror] [--json REPORT]`:
/// bone heat skin weights (core/skin/bone_heat.h) written into the rig file's "skin" section.
void addSkinCommand(CLI::App& app, int& exitCode);
}  // namespace rw::cli

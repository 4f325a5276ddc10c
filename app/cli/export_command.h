#pragma once
#include <CLI/CLI.hpp>

namespace rw::cli {
/// `rigwright-cli export FILE -o OUT.fbx|.glb|.gltf|.json`
void addExportCommand(CLI::App& app, int& exitCode);
}  // namespace rw::cli

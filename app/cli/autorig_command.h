#pragma once
#include <CLI/CLI.hpp>

namespace rw::cli {
/// `rigwright-cli autorig MESH --head H -o OUT(.json|.fbx|.glb|.gltf) [--skin] [--json REPORT]`
/// [--levels N] [--filter F] [--length-threshold C]: the automatic skeleton (Aujay 2007).
void addAutorigCommand(CLI::App& app, int& exitCode);
}  // namespace rw::cli

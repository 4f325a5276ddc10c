#pragma once
#include <CLI/CLI.hpp>

namespace rw::cli {
/// `rigwright-cli embed MESH SKELETON [--up y|z] -o OUT [--json REPORT]`: the skeleton embedded
/// into the mesh by Baran & Popović's method (2007 §3; core/embed/): topology-independent, no
/// head vertex needed. OUT: a rig .json, or a whole character (.glb, .gltf, .fbx).
void addEmbedCommand(CLI::App& app, int& exitCode);
}  // namespace rw::cli

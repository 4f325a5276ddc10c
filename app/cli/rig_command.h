#pragma once
#include <CLI/CLI.hpp>

namespace rw::cli {
/// `rigwright-cli rig MESH SKELETON [MOTION] --mesh-head H --skeleton-head JOINT -o OUT`: the
/// whole chain — the skeleton retargeted into the mesh, bone-heat skin weights, the motion
/// retargeted onto it — written as one character (.fbx, .glb, .gltf; .json: the rig with its
/// weights).
void addRigCommand(CLI::App& app, int& exitCode);
}  // namespace rw::cli

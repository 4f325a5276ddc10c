#pragma once
#include <CLI/CLI.hpp>

namespace rw::cli {
/// `rigwright-cli retarget MESH SKELETON --mesh-head H --skeleton-head JOINT [--gamma-angle A
/// --gamma-length L --gamma-distance X --samples M --levels N --filter F --length-threshold C]
/// -o OUT [--json REPORT]`: the skeleton retargeted into the mesh (Poirier 2009 §6).
void addRetargetCommand(CLI::App& app, int& exitCode);
}  // namespace rw::cli

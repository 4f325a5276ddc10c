#pragma once
// JSON report of a mesh graph (`rigwright-cli graph --json`).
#include <nlohmann/json.hpp>

#include "session/mesh_graph.h"

namespace rw {

/// Nodes and arcs of one graph; with `symmetry`, each arc also carries its tag, side, radial
/// index, symmetry level and group.
nlohmann::json graphToJson(const TopologyGraph& graph, const GraphSymmetry* symmetry = nullptr);
nlohmann::json meshGraphReport(const Mesh& mesh, const MeshGraph& graph);

}  // namespace rw

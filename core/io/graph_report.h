#pragma once
// JSON report of a mesh graph (`rigwright-cli graph --json`).
#include <nlohmann/json.hpp>

#include "graph/mesh_graph.h"

namespace rw {

nlohmann::json graphToJson(const TopologyGraph& graph);
nlohmann::json meshGraphReport(const Mesh& mesh, const MeshGraph& graph);

}  // namespace rw

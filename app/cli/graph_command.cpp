#include "cli/graph_command.h"

#include <iostream>
#include <memory>

#include "cli/exit_codes.h"
#include "cli/load_or_exit.h"
#include "field/head_vertex.h"
#include "graph/mesh_graph.h"
#include "io/graph_report.h"
#include "util/atomic_file.h"

namespace rw::cli {

void addGraphCommand(CLI::App& app, int& exitCode) {
  struct Options {
    std::string mesh, head = "auto", json;
  };
  auto options = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand("graph", "Build the mesh topology graph (harmonic field, Reeb graph, levels, symmetry)");
  cmd->add_option("MESH", options->mesh, "character mesh (any format Assimp reads)")->required();
  cmd->add_option("--head", options->head, "head node: vertex:N, x,y,z or auto")->capture_default_str();
  cmd->add_option("--json", options->json, "write the JSON report to this file ('-' for stdout)");
  cmd->callback([options, &exitCode] {
    const Character character = loadOrExit(options->mesh);
    Expected<int> head = resolveHeadVertex(character.mesh, options->head);
    if (!head) {
      std::cerr << options->mesh << ": " << head.error().message << std::endl;
      exitCode = kExitBadInput;
      return;
    }
    Expected<MeshGraph> graph = buildMeshGraph(character.mesh, *head);
    if (!graph) {
      std::cerr << options->mesh << ": " << graph.error().message << std::endl;
      exitCode = kExitCannotDo;
      return;
    }
    const nlohmann::json report = meshGraphReport(character.mesh, *graph);
    if (options->json == "-") {
      std::cout << report.dump(2) << "\n";
    } else if (!options->json.empty()) {
      if (Status bad = writeFileAtomically(options->json, report.dump(2) + "\n")) {
        std::cerr << bad->message << std::endl;
        exitCode = kExitBadInput;
        return;
      }
    }
    const TopologyGraph& g = graph->reeb.graph;
    std::cout << options->mesh << ": " << g.nodeCount() << " nodes, " << g.arcCount() << " arcs, "
              << g.leaves().size() << " leaves, " << graph->reeb.loopsCut.size() << " loops cut\n";
    for (const auto& [stage, seconds] : graph->stageSeconds) std::cout << "  " << stage << ": " << seconds * 1000 << " ms\n";
    exitCode = kExitOk;
  });
}

}  // namespace rw::cli

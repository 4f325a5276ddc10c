#include "cli/graph_command.h"

#include <iostream>
#include <memory>

#include "cli/exit_codes.h"
#include "cli/json_report.h"
#include "cli/load_or_exit.h"
#include "cli/number_checks.h"
#include "field/head_vertex.h"
#include "io/graph_report.h"
#include "session/mesh_graph.h"
#include "util/atomic_file.h"

namespace rw::cli {

void addGraphCommand(CLI::App& app, int& exitCode) {
  struct Options {
    std::string mesh, head = "auto", json;
    MeshGraphParams params;
  };
  auto options = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand(
      "graph", "Build the mesh topology graph (harmonic field, Reeb graph, levels, symmetry)");
  cmd->add_option("MESH", options->mesh, "character mesh (any format Assimp reads)")->required();
  cmd->add_option("--head", options->head, "head node: vertex:N, x,y,z or auto")
      ->capture_default_str();
  cmd->add_option("--levels", options->params.multires.levels, "resolution levels (Poirier §4.2)")
      ->capture_default_str()
      ->check(CLI::Range(1, 100));
  cmd->add_option("--filter", options->params.multires.filterFraction,
                  "coarsest filter threshold, as a fraction of the graph length")
      ->capture_default_str()
      ->check(finiteRange(0.0, 1.0));
  cmd->add_option("--length-threshold", options->params.symmetry.lengthThreshold,
                  "symmetry length threshold C, as a fraction of the longest arc of a group")
      ->capture_default_str()
      ->check(finiteRange(0.0, 1.0));
  cmd->add_option("--json", options->json, "write the JSON report to this file ('-' for stdout)");
  cmd->callback([options, &exitCode] {
    const Character character = loadOrExit(options->mesh);
    Expected<int> head = resolveHeadVertex(character.mesh, options->head);
    if (!head) {
      std::cerr << options->mesh << ": " << head.error().message << std::endl;
      exitCode = kExitBadInput;
      return;
    }
    Expected<MeshGraph> graph = buildMeshGraph(character.mesh, *head, options->params);
    if (!graph) {
      std::cerr << options->mesh << ": " << graph.error().message << std::endl;
      exitCode = kExitCannotDo;
      return;
    }
    const nlohmann::json report = meshGraphReport(character.mesh, *graph);
    if (!writeJsonReport(options->json, report)) {
      exitCode = kExitBadInput;
      return;
    }
    const TopologyGraph& g = graph->reeb.graph;
    std::cout << options->mesh << ": Reeb graph " << g.nodeCount() << " nodes, " << g.arcCount()
              << " arcs, " << g.leaves().size() << " leaves, " << graph->reeb.loopsCut.size()
              << " loops cut\n";
    for (int l = 0; l < graph->multires.levelCount(); ++l) {
      const TopologyGraph& lg = graph->multires.levels[l].graph;
      std::cout << "  level " << l << ": " << lg.arcCount() << " arcs, " << lg.leaves().size()
                << " leaves\n";
    }
    for (const auto& [stage, seconds] : graph->stageSeconds)
      std::cout << "  " << stage << ": " << seconds * 1000 << " ms\n";
    exitCode = kExitOk;
  });
}

}  // namespace rw::cli

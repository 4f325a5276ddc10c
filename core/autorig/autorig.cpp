#include "autorig/autorig.h"

#include <chrono>

#include "autorig/surface_probe.h"

namespace rw {
namespace {

/// Welded vertices of the body the graph was built on (not the loose parts left out of it).
std::vector<char> bodyVertices(const Mesh& mesh, const MeshGraphStages& graph) {
  std::vector<char> in(mesh.positions.size(), 0);
  const std::vector<int>& rep = graph.field.domain.representative;
  for (int v = 0; v < int(in.size()); ++v) {
    const int r = rep.empty() ? v : rep[v];
    in[v] = r >= 0 && r < int(graph.reeb.arcOfVertex.size()) && graph.reeb.arcOfVertex[r] >= 0;
  }
  return in;
}

}  // namespace

AutorigResult autorigFromStages(const Mesh& mesh, const MeshGraphStages& graph,
                                const AutorigOptions& options) {
  using Clock = std::chrono::steady_clock;
  AutorigResult result;
  const auto t0 = Clock::now();
  const TopologyGraph& coarse = graph.multires.levels.front().graph;
  const GraphSymmetry& symmetry = graph.symmetry.front();
  result.axis = findSymmetryAxis(coarse, symmetry, options.graph.symmetry.flatBranchFraction);
  result.classification = classifyBody(coarse, result.axis, options.rig.classify);
  const auto t1 = Clock::now();

  const SurfaceProbe probe(mesh, bodyVertices(mesh, graph));
  const TemplateInput in{coarse, symmetry, result.axis, probe};
  BuiltSkeleton built;
  switch (result.classification.bodyClass) {
    case BodyClass::Biped:
      built = buildBipedSkeleton(in, *result.classification.trunk, options.rig);
      break;
    case BodyClass::Quadruped:
      built = buildQuadrupedSkeleton(in, *result.classification.trunk, options.rig);
      break;
    case BodyClass::Generic:
      built = buildGenericSkeleton(in, options.rig);
      result.notes.push_back("generic harmonic skeleton: " + result.classification.reason);
      break;
  }
  result.skeleton = built.builder.skeleton();
  result.tags = built.builder.tags();
  result.frame = built.frame;
  for (std::string& n : built.notes) result.notes.push_back(std::move(n));
  const auto t2 = Clock::now();
  result.stageSeconds.emplace_back("classify", std::chrono::duration<double>(t1 - t0).count());
  result.stageSeconds.emplace_back("embed", std::chrono::duration<double>(t2 - t1).count());
  return result;
}

AutorigResult autorigFromGraph(const Mesh& mesh, const MeshGraph& graph,
                               const AutorigOptions& options) {
  AutorigResult result =
      autorigFromStages(mesh, {graph.field, graph.reeb, graph.multires, graph.symmetry}, options);
  result.stageSeconds.insert(result.stageSeconds.begin(), graph.stageSeconds.begin(),
                             graph.stageSeconds.end());
  return result;
}

Expected<AutorigResult> autorig(const Mesh& mesh, int headVertex, const AutorigOptions& options,
                                const Progress* progress) {
  Expected<MeshGraph> graph = buildMeshGraph(mesh, headVertex, options.graph, progress);
  if (!graph) return graph.error();
  return autorigFromGraph(mesh, *graph, options);
}

}  // namespace rw

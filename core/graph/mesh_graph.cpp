#include "graph/mesh_graph.h"

#include <chrono>

namespace rw {

Expected<MeshGraph> buildMeshGraph(const Mesh& mesh, int head, const MeshGraphParams& params,
                                   const Progress* progress) {
  using Clock = std::chrono::steady_clock;
  MeshGraph result;
  auto t0 = Clock::now();
  Expected<HarmonicField> field = harmonicField(mesh, head, params.field, progress);
  if (!field) return field.error();
  result.field = std::move(field).value();
  auto t1 = Clock::now();
  result.stageSeconds.emplace_back("field", std::chrono::duration<double>(t1 - t0).count());
  if (progress && progress->cancelled()) return Error{"cancelled"};
  result.reeb = computeReebGraph(mesh, result.field, params.reeb);
  auto t2 = Clock::now();
  result.stageSeconds.emplace_back("reeb", std::chrono::duration<double>(t2 - t1).count());
  if (progress && progress->cancelled()) return Error{"cancelled"};
  result.multires = buildMultiresolution(result.reeb.graph, params.multires);
  auto t3 = Clock::now();
  result.stageSeconds.emplace_back("multires", std::chrono::duration<double>(t3 - t2).count());
  result.symmetry = detectSymmetry(result.multires, params.symmetry);
  auto t4 = Clock::now();
  result.stageSeconds.emplace_back("symmetry", std::chrono::duration<double>(t4 - t3).count());
  return result;
}

}  // namespace rw

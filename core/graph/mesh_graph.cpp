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
  return result;
}

}  // namespace rw

#include "graph/mesh_graph.h"

#include <algorithm>
#include <chrono>

namespace rw {

/// Welded vertices outside the graph (dropped islands: eyes, buttons) take the arc of the
/// nearest graph vertex, searched among at most ~20K evenly spread graph vertices.
std::vector<int> arcsOfSourceVertices(const Mesh& mesh, const SurfaceDomain& domain,
                                      const std::vector<int>& arcOfWelded) {
  const int n = int(mesh.positions.size());
  std::vector<int> arc(n, -1);
  std::vector<int> inside;
  for (int v = 0; v < n; ++v) {
    const int r = domain.representative.empty() ? v : domain.representative[v];  // seam welds
    if (arcOfWelded[r] >= 0) arc[v] = arcOfWelded[r], inside.push_back(v);
  }
  const std::size_t stride = std::max<std::size_t>(1, inside.size() / 20000);
  for (int v = 0; v < n; ++v) {
    if (arc[v] >= 0 || inside.empty()) continue;
    int best = inside.front();
    for (std::size_t i = 0; i < inside.size(); i += stride)
      if ((mesh.positions[inside[i]] - mesh.positions[v]).squaredNorm() <
          (mesh.positions[best] - mesh.positions[v]).squaredNorm())
        best = inside[i];
    arc[v] = arcOfWelded[best];
  }
  std::vector<int> result(mesh.weldedOfSource.size(), -1);
  for (std::size_t i = 0; i < result.size(); ++i) result[i] = arc[mesh.weldedOfSource[i]];
  return result;
}

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
  result.arcOfSourceVertex =
      arcsOfSourceVertices(mesh, result.field.domain, result.reeb.arcOfVertex);
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

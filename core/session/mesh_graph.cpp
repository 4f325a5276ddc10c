#include "session/mesh_graph.h"

#include <algorithm>
#include <chrono>
#include <memory>
#include <string>

#include "session/rig_session.h"

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
  const int n = static_cast<int>(mesh.positions.size());
  if (head < 0 || head >= n)
    return Error{"head vertex " + std::to_string(head) + " does not exist (the mesh has " +
                 std::to_string(n) + " welded vertices)"};
  // The session's mesh stages, the one definition of the pipeline. It borrows the mesh, which
  // outlives this call.
  RigSession session;
  session.setMesh(std::shared_ptr<const Mesh>(&mesh, [](const Mesh*) {}));
  session.setMeshHead(head);
  RigParams rigParams;
  rigParams.mesh = params;
  session.setParams(rigParams);
  if (Status bad = session.run(progress)) return *bad;
  return session.takeMeshGraph();
}

}  // namespace rw

#include "field/head_on_body.h"

#include <Eigen/Geometry>
#include <limits>

#include "mesh/mesh_parts.h"
#include "util/union_find.h"

namespace rw {
namespace {

/// Per part: whether its bounding box spans the body.
std::vector<char> partsSpanningTheBody(const Mesh& mesh, const MeshParts& parts,
                                       const HeadOnBodyParams& params) {
  const double large = params.bodyPartFraction * mesh.size();
  std::vector<char> spans(parts.count(), 0);
  for (int p = 0; p < parts.count(); ++p) {
    Eigen::AlignedBox3d box;
    for (int v : parts.vertices[p]) box.extend(mesh.positions[v]);
    spans[p] = box.diagonal().norm() >= large;
  }
  return spans;
}

/// Whether the head's piece of the domain — its triangles and seam welds, no bridges — holds a
/// vertex of a part spanning the body.
bool headReachesTheBody(const SurfaceDomain& domain, const MeshParts& parts,
                        const std::vector<char>& spans, int head) {
  UnionFind pieces(domain.vertexCount);  // cap centres included: they join only their hole
  for (const Eigen::Vector3i& t : domain.triangles)
    pieces.unite(t[0], t[1]), pieces.unite(t[1], t[2]);
  for (int v = 0; v < domain.meshVertexCount; ++v) pieces.unite(v, domain.representative[v]);
  const int headPiece = pieces.find(domain.representative[head]);
  for (int v = 0; v < domain.meshVertexCount; ++v)
    if (parts.partOf[v] >= 0 && spans[parts.partOf[v]] && pieces.find(v) == headPiece) return true;
  return false;
}

}  // namespace

HeadOnBody headOnBody(const Mesh& mesh, const SurfaceDomain& domain, int head,
                      const HeadOnBodyParams& params) {
  HeadOnBody result{head, {}};
  if (!params.enabled || head < 0 || head >= domain.meshVertexCount) return result;
  const MeshParts parts = connectedParts(int(mesh.positions.size()), mesh.triangles);
  if (parts.partOf[head] < 0) return result;
  const std::vector<char> spans = partsSpanningTheBody(mesh, parts, params);
  // On a part spanning the body (nearly always) there is nothing to follow.
  if (spans[parts.partOf[head]] || headReachesTheBody(domain, parts, spans, head)) return result;
  double best = std::numeric_limits<double>::infinity();
  for (int p = 0; p < parts.count(); ++p) {
    if (!spans[p]) continue;
    for (int v : parts.vertices[p])
      if (const double d = (mesh.positions[v] - mesh.positions[head]).squaredNorm(); d < best)
        best = d, result.vertex = v;
  }
  if (result.vertex != head)
    result.note = "the head node was picked on a loose part of " +
                  std::to_string(parts.vertices[parts.partOf[head]].size()) +
                  " vertices joined to the body by a single bridge (hair, a helmet, a head "
                  "shell); the field starts from the body's nearest vertex, " +
                  std::to_string(result.vertex);
  return result;
}

}  // namespace rw

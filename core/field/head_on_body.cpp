#include "field/head_on_body.h"

#include <Eigen/Geometry>
#include <limits>

#include "util/union_find.h"

namespace rw {
namespace {

/// Per part of `partOf` (per vertex, -1 for none): whether its bounding box spans the body.
std::vector<char> partsSpanningTheBody(const Mesh& mesh, const std::vector<int>& partOf,
                                       const HeadOnBodyParams& params) {
  std::vector<Eigen::AlignedBox3d> boxes;
  for (std::size_t v = 0; v < partOf.size(); ++v) {
    if (partOf[v] < 0) continue;
    if (partOf[v] >= int(boxes.size())) boxes.resize(partOf[v] + 1);
    boxes[partOf[v]].extend(mesh.positions[v]);
  }
  const double large = params.bodyPartFraction * mesh.size();
  std::vector<char> spans(boxes.size(), 0);
  for (std::size_t p = 0; p < boxes.size(); ++p)
    spans[p] = !boxes[p].isEmpty() && boxes[p].diagonal().norm() >= large;
  return spans;
}

/// Whether the head's piece of the domain — its triangles and seam welds, no bridges — holds a
/// vertex of a part spanning the body.
bool headReachesTheBody(const SurfaceDomain& domain, const std::vector<char>& spans, int head) {
  UnionFind pieces(domain.vertexCount);  // cap centres included: they join only their hole
  for (const Eigen::Vector3i& t : domain.triangles)
    pieces.unite(t[0], t[1]), pieces.unite(t[1], t[2]);
  for (int v = 0; v < domain.meshVertexCount; ++v) pieces.unite(v, domain.representative[v]);
  const int headPiece = pieces.find(domain.representative[head]);
  for (int v = 0; v < domain.meshVertexCount; ++v)
    if (domain.partOf[v] >= 0 && spans[domain.partOf[v]] && pieces.find(v) == headPiece)
      return true;
  return false;
}

}  // namespace

HeadOnBody headOnBody(const Mesh& mesh, const SurfaceDomain& domain, int head,
                      const HeadOnBodyParams& params) {
  HeadOnBody result{head, {}};
  if (!params.enabled || head < 0 || head >= domain.meshVertexCount) return result;
  const std::vector<int>& partOf = domain.partOf;
  if (partOf[head] < 0) return result;
  const std::vector<char> spans = partsSpanningTheBody(mesh, partOf, params);
  // On a part spanning the body (nearly always) there is nothing to follow.
  if (spans[partOf[head]] || headReachesTheBody(domain, spans, head)) return result;
  double best = std::numeric_limits<double>::infinity();
  int accessoryVertices = 0;
  for (int v = 0; v < domain.meshVertexCount; ++v) {
    if (partOf[v] == partOf[head]) ++accessoryVertices;
    if (partOf[v] < 0 || !spans[partOf[v]]) continue;
    if (const double d = (mesh.positions[v] - mesh.positions[head]).squaredNorm(); d < best)
      best = d, result.vertex = v;
  }
  if (result.vertex != head)
    result.note = "the head node was picked on a loose part of " +
                  std::to_string(accessoryVertices) +
                  " vertices joined to the body by a single bridge (hair, a helmet, a head "
                  "shell); the field starts from the body's nearest vertex, " +
                  std::to_string(result.vertex);
  return result;
}

}  // namespace rw

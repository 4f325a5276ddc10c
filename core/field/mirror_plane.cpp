#include "field/mirror_plane.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "mesh/mesh_parts.h"
#include "mesh/vertex_grid.h"

namespace rw {
namespace {

Eigen::Vector3d reflect(Eigen::Vector3d p, int axis, double c) {
  p[axis] = 2 * c - p[axis];
  return p;
}

double diagonalOf(const std::vector<Eigen::Vector3d>& positions) {
  Eigen::Vector3d lo = positions.front(), hi = lo;
  for (const Eigen::Vector3d& p : positions) lo = lo.cwiseMin(p), hi = hi.cwiseMax(p);
  return (hi - lo).norm();
}

/// Fraction of a sample (about 4000 points spread over the list) with an image across the plane.
double pairedFraction(const VertexGrid& grid, const std::vector<Eigen::Vector3d>& positions,
                      int axis, double c) {
  const size_t stride = std::max<size_t>(1, positions.size() / 4096);
  int paired = 0, sampled = 0;
  for (size_t v = 0; v < positions.size(); v += stride, ++sampled)
    paired += grid.nearest(reflect(positions[v], axis, c)) >= 0 ? 1 : 0;
  return sampled > 0 ? double(paired) / sampled : 0.0;
}

}  // namespace

MirrorPlane findMirrorPlane(const std::vector<Eigen::Vector3d>& positions,
                            const MirrorPlaneParams& params) {
  MirrorPlane best;
  if (positions.empty()) return best;
  const double diagonal = diagonalOf(positions);
  if (!(diagonal > 0)) return best;
  const VertexGrid grid(positions, params.vertexTolerance * diagonal);
  Eigen::Vector3d lo = positions.front(), hi = lo, mean = Eigen::Vector3d::Zero();
  for (const Eigen::Vector3d& p : positions) lo = lo.cwiseMin(p), hi = hi.cwiseMax(p), mean += p;
  mean /= double(positions.size());
  for (int axis : {0, 2})
    for (double c : {0.5 * (lo[axis] + hi[axis]), mean[axis]}) {
      const double paired = pairedFraction(grid, positions, axis, c);
      if (paired > best.pairedFraction) best = {axis, c, paired};
    }
  if (best.pairedFraction < params.minPairedFraction) best.axis = -1;
  return best;
}

int headOnMirrorPlane(const Mesh& mesh, int head, const MirrorPlaneParams& params) {
  if (!params.enabled || head < 0 || head >= int(mesh.positions.size())) return head;
  std::vector<char> used(mesh.positions.size(), 0);
  for (const auto& t : mesh.triangles) used[t[0]] = used[t[1]] = used[t[2]] = 1;
  std::vector<Eigen::Vector3d> surface;
  std::vector<int> indexOf;
  for (int v = 0; v < int(mesh.positions.size()); ++v)
    if (used[v]) surface.push_back(mesh.positions[v]), indexOf.push_back(v);
  const MirrorPlane plane = findMirrorPlane(surface, params);
  if (!plane.found()) return head;
  const double onPlane = params.onPlaneTolerance * diagonalOf(surface);
  const Eigen::Vector3d picked = mesh.positions[head];
  if (std::abs(picked[plane.axis] - plane.offset) <= onPlane) return head;
  Eigen::Vector3d target = picked;
  target[plane.axis] = plane.offset;
  // On the picked vertex's own part: the field lives on it (surface_domain.h).
  const MeshParts parts = connectedParts(int(mesh.positions.size()), mesh.triangles);
  int best = head;
  double bestDistance = std::numeric_limits<double>::infinity();
  for (size_t i = 0; i < surface.size(); ++i) {
    if (std::abs(surface[i][plane.axis] - plane.offset) > onPlane) continue;
    if (parts.partOf[indexOf[i]] != parts.partOf[head]) continue;
    if (const double d = (surface[i] - target).squaredNorm(); d < bestDistance)
      bestDistance = d, best = indexOf[i];
  }
  return best;
}

}  // namespace rw

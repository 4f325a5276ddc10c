#include "field/surface_domain.h"
#include "mesh/edge_counts.h"
#include "mesh/mesh_parts.h"
#include "util/union_find.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <numeric>
#include <set>
#include <unordered_map>

namespace rw {
namespace {

/// Nearest-point queries on a fixed point set through a uniform grid.
class PointGrid {
 public:
  PointGrid(const std::vector<Eigen::Vector3d>& points, const std::vector<int>& ids, double cell)
      : points_(points), cell_(cell) {
    for (int id : ids) cells_[key(points[id])].push_back(id);
  }
  void insert(int id) { cells_[key(points_[id])].push_back(id); }

  /// Nearest inserted point to p closer than `bound`: rings of cells grow until the best hit is
  /// provably nearest or the rings pass the bound. (-1, inf) when none is closer than `bound`.
  std::pair<int, double> nearest(const Eigen::Vector3d& p, double bound) const {
    const Cell c = cellOf(p);
    int best = -1;
    double bestDistance = std::numeric_limits<double>::infinity();
    for (int ring = 0; ring < 4096; ++ring) {
      for (int dx = -ring; dx <= ring; ++dx)
        for (int dy = -ring; dy <= ring; ++dy) {
          // Only the shell of the cube: inner cells were visited by earlier rings.
          const bool onSide = std::abs(dx) == ring || std::abs(dy) == ring;
          for (int dz = -ring; dz <= ring; dz += (onSide || ring == 0) ? 1 : 2 * ring) {
            auto it = cells_.find(key(Cell{c[0] + dx, c[1] + dy, c[2] + dz}));
            if (it == cells_.end()) continue;
            for (int id : it->second) {
              const double d = (points_[id] - p).norm();
              if (d < bestDistance) bestDistance = d, best = id;
            }
          }
        }
      if (best >= 0 && bestDistance <= ring * cell_) break;
      if (cells_.empty() || (ring - 1) * cell_ > bound) break;
    }
    return {best, bestDistance};
  }

 private:
  using Cell = std::array<long long, 3>;
  Cell cellOf(const Eigen::Vector3d& p) const {
    return {(long long)std::floor(p.x() / cell_), (long long)std::floor(p.y() / cell_),
            (long long)std::floor(p.z() / cell_)};
  }
  static long long key(const Cell& c) {
    return (c[0] * 73856093LL) ^ (c[1] * 19349663LL) ^ (c[2] * 83492791LL);
  }
  long long key(const Eigen::Vector3d& p) const { return key(cellOf(p)); }

  const std::vector<Eigen::Vector3d>& points_;
  double cell_;
  std::unordered_map<long long, std::vector<int>> cells_;
};

/// Closes the holes of the domain: each connected piece of the boundary (edges of exactly one
/// triangle) gets a cone of triangles to a new vertex at its centroid. A simple hole gets a
/// plain cap; a slit that meets non-manifold edges (as under a belly) is not a simple loop, and
/// the cone still closes every boundary cycle it contains, so no false loop reaches the graph.
/// `edges`: the triangles' edge counts (countEdges).
void capHoles(SurfaceDomain& d, const std::vector<std::pair<std::uint64_t, int>>& edges) {
  std::vector<std::pair<int, int>> boundary;
  for (const auto& [key, count] : edges)
    if (count == 1) boundary.emplace_back(edgeLower(key), edgeHigher(key));
  if (boundary.empty()) return;
  UnionFind loops(static_cast<int>(d.positions.size()));
  for (const auto& [a, b] : boundary) loops.attach(a, b);
  std::map<int, std::vector<std::pair<int, int>>> pieces;  // ordered: deterministic apex ids
  for (const auto& e : boundary) pieces[loops.find(e.first)].push_back(e);
  for (const auto& [root, edges] : pieces) {
    std::vector<int> vertices;
    for (const auto& [a, b] : edges) vertices.push_back(a), vertices.push_back(b);
    std::sort(vertices.begin(), vertices.end());
    vertices.erase(std::unique(vertices.begin(), vertices.end()), vertices.end());
    if (vertices.size() < 3) continue;
    Eigen::Vector3d centre = Eigen::Vector3d::Zero();
    for (int v : vertices) centre += d.positions[v];
    centre /= double(vertices.size());
    const int apex = int(d.positions.size());
    d.positions.push_back(centre);
    for (const auto& [a, b] : edges) d.triangles.emplace_back(a, b, apex);
    ++d.cappedHoles;
  }
  if (d.cappedHoles)
    d.notes.push_back(std::to_string(d.cappedHoles) + " holes capped for the topology graph");
}

}  // namespace

namespace {

/// Which parts the topology keeps: the head's, and every part whose box is at least
/// `tinyIslandFraction` of the size. Sets the active vertices and triangles of `d`.
std::vector<char> keepParts(const Mesh& mesh, const MeshParts& parts, int headComponent,
                            const SurfaceDomainParams& params, SurfaceDomain& d) {
  const int n = static_cast<int>(mesh.positions.size());
  const double size = mesh.size();
  std::vector<char> keep(parts.vertices.size(), 0);
  for (std::size_t c = 0; c < parts.vertices.size(); ++c) {
    Eigen::AlignedBox3d box;
    for (int v : parts.vertices[c]) box.extend(mesh.positions[v]);
    keep[c] = int(c) == headComponent || box.diagonal().norm() >= params.tinyIslandFraction * size;
    if (!keep[c]) {
      ++d.droppedIslands;
      d.droppedVertices += int(parts.vertices[c].size());
    }
  }
  d.active.assign(n, 0);
  for (int v = 0; v < n; ++v) d.active[v] = parts.partOf[v] >= 0 && keep[parts.partOf[v]];
  for (const Eigen::Vector3i& t : mesh.triangles)
    if (d.active[t[0]]) d.triangles.push_back(t);
  if (d.droppedIslands)
    d.notes.push_back(std::to_string(d.droppedIslands) + " small loose parts (" +
                      std::to_string(d.droppedVertices) +
                      " vertices) left out of the topology graph; they follow the nearest arc");
  return keep;
}

/// Joins the kept parts to the head's, Prim-style: the part closest to the connected set first,
/// until all are joined. A part that touches the body along a seam (a head shell sitting on its
/// neck: vertex pairs a little over the weld tolerance apart) is welded to it along the whole
/// seam; a part that stands apart gets one bridge edge between the closest points. (A ring of
/// bridge edges instead of a weld would leave the gaps between them open: every gap a false
/// loop in the Reeb graph. One bridge on a seam would be a bottleneck that flattens the
/// harmonic field over everything behind it.)
void joinKeptParts(const MeshParts& parts, const std::vector<char>& keep, int headComponent,
                   double size, const SurfaceDomainParams& params, SurfaceDomain& d) {
  const int n = d.meshVertexCount;
  std::vector<int> pending;
  for (std::size_t c = 0; c < parts.vertices.size(); ++c)
    if (keep[c] && int(c) != headComponent) pending.push_back(int(c));
  if (pending.empty()) return;
  int welded = 0, bridged = 0;
  const double seam = params.seamWeldFraction * size;
  PointGrid connected(d.positions, parts.vertices[headComponent], std::max(size * 0.02, 1e-12));
  while (!pending.empty()) {
    double best = std::numeric_limits<double>::infinity();
    int bestPending = -1, bestA = -1, bestB = -1;
    // A sparse pass first gives a tight bound, so the full pass only searches nearby cells.
    for (int pass = 0; pass < 2; ++pass)
      for (std::size_t i = 0; i < pending.size(); ++i) {
        const std::vector<int>& part = parts.vertices[pending[i]];
        const std::size_t step = pass == 0 ? std::max<std::size_t>(1, part.size() / 64) : 1;
        for (std::size_t k = 0; k < part.size(); k += step) {
          auto [w, dist] = connected.nearest(d.positions[part[k]], best);
          if (w >= 0 && dist < best) best = dist, bestPending = int(i), bestA = w, bestB = part[k];
        }
      }
    if (bestPending < 0) break;
    if (best <= seam) {
      for (int v : parts.vertices[pending[bestPending]]) {
        auto [w, dist] = connected.nearest(d.positions[v], seam);
        if (w >= 0 && dist <= seam) d.representative[v] = d.representative[w];
      }
      ++welded;
    } else {
      d.bridges.push_back({bestA, bestB});
      ++bridged;
    }
    for (int v : parts.vertices[pending[bestPending]]) connected.insert(v);
    pending.erase(pending.begin() + bestPending);
  }
  if (welded)
    d.notes.push_back(std::to_string(welded) +
                      " separate parts welded to the body along their seam");
  if (bridged)
    d.notes.push_back(std::to_string(bridged) +
                      " separate parts joined to the body by their closest points");
  std::vector<Eigen::Vector3i> kept;
  for (Eigen::Vector3i t : d.triangles) {
    for (int c = 0; c < 3; ++c) t[c] = d.representative[t[c]];
    if (t[0] != t[1] && t[1] != t[2] && t[0] != t[2]) kept.push_back(t);
  }
  d.triangles = std::move(kept);
  for (int v = 0; v < n; ++v)
    if (d.representative[v] != v) d.active[v] = 0;
}

/// Adjacency (unique edges of the triangles and bridges) with edge lengths, as compressed rows.
/// `counted`: the triangles' edge counts (countEdges).
void buildAdjacency(SurfaceDomain& d, const std::vector<std::pair<std::uint64_t, int>>& counted) {
  const int total = d.vertexCount;
  std::vector<std::pair<int, int>> edges;
  edges.reserve(counted.size() + d.bridges.size());
  for (const auto& [key, count] : counted) edges.emplace_back(edgeLower(key), edgeHigher(key));
  if (!d.bridges.empty()) {
    const auto triangleEdges = std::ptrdiff_t(edges.size());
    for (const auto& b : d.bridges) edges.emplace_back(std::min(b[0], b[1]), std::max(b[0], b[1]));
    std::sort(edges.begin() + triangleEdges, edges.end());
    std::inplace_merge(edges.begin(), edges.begin() + triangleEdges, edges.end());
    edges.erase(std::unique(edges.begin(), edges.end()), edges.end());
  }
  std::vector<int> count(total + 1, 0);
  for (const auto& [a, b] : edges) ++count[a + 1], ++count[b + 1];
  std::partial_sum(count.begin(), count.end(), count.begin());
  d.adjacencyStart = count;
  d.adjacency.resize(edges.size() * 2);
  d.adjacencyLength.resize(edges.size() * 2);
  std::vector<int> fill(count.begin(), count.end() - 1);
  for (const auto& [a, b] : edges) {
    const double length = (d.positions[a] - d.positions[b]).norm();
    d.adjacency[fill[a]] = b, d.adjacencyLength[fill[a]++] = length;
    d.adjacency[fill[b]] = a, d.adjacencyLength[fill[b]++] = length;
  }
}

}  // namespace

Expected<SurfaceDomain> buildSurfaceDomain(const Mesh& mesh, int head,
                                           const SurfaceDomainParams& params) {
  const int n = static_cast<int>(mesh.positions.size());
  if (head < 0 || head >= n)
    return Error{"head vertex " + std::to_string(head) + " does not exist (the mesh has " +
                 std::to_string(n) + " welded vertices)"};
  const MeshParts parts = connectedParts(n, mesh.triangles);
  if (parts.partOf[head] < 0)
    return Error{"head vertex " + std::to_string(head) + " is on no triangle"};
  const int headComponent = parts.partOf[head];
  SurfaceDomain d;
  d.partOf = parts.partOf;
  d.vertexCount = n;
  const std::vector<char> keep = keepParts(mesh, parts, headComponent, params, d);
  d.positions = mesh.positions;
  d.meshVertexCount = n;
  d.representative.resize(n);
  std::iota(d.representative.begin(), d.representative.end(), 0);
  joinKeptParts(parts, keep, headComponent, mesh.size(), params, d);
  // The edges counted once, again only when caps added triangles.
  std::vector<std::pair<std::uint64_t, int>> edges =
      countEdges(int(d.positions.size()), d.triangles);
  capHoles(d, edges);  // the holes of the kept parts
  if (d.cappedHoles) edges = countEdges(int(d.positions.size()), d.triangles);
  d.vertexCount = int(d.positions.size());
  d.active.resize(d.vertexCount, 1);
  buildAdjacency(d, edges);
  return d;
}

}  // namespace rw

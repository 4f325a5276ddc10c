#include "mesh_draw_data.h"

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <cstring>

#include "corner_normals.h"
#include "mesh/mesh.h"
#include "skin/skin_weights.h"

namespace rw::render {

MeshDrawData buildMeshDrawData(const Mesh& mesh) {
  const SourceMesh& src = mesh.source;
  const std::vector<Eigen::Vector3f> normals = cornerNormals(mesh);
  MeshDrawData out;
  out.sourceVertexCount = int(src.positions.size());
  out.indices.reserve(3 * src.triangles.size());
  out.vertices.reserve(src.positions.size() + src.positions.size() / 8);
  out.sourceVertex.reserve(out.vertices.capacity());
  // Drawn vertices of each source vertex, chained: a source vertex has one per distinct normal
  // (one on a smooth surface, a few along hard edges kept by the auto-smooth angle).
  std::vector<int> first(src.positions.size(), -1);
  std::vector<int> next;
  next.reserve(out.vertices.capacity());
  for (size_t t = 0; t < src.triangles.size(); ++t) {
    for (int c = 0; c < 3; ++c) {
      const int v = src.triangles[t][c];
      const Eigen::Vector3f& n = normals[3 * t + c];
      int drawn = first[v];
      while (drawn >= 0 && std::memcmp(out.vertices[drawn].normal, n.data(), sizeof(float[3])))
        drawn = next[drawn];
      if (drawn < 0) {
        drawn = int(out.vertices.size());
        const Eigen::Vector3d& p = src.positions[v];
        out.vertices.push_back({{float(p.x()), float(p.y()), float(p.z())}, {n.x(), n.y(), n.z()}});
        out.sourceVertex.push_back(v);
        next.push_back(first[v]);
        first[v] = drawn;
      }
      out.indices.push_back(std::uint32_t(drawn));
    }
  }
  // Closed parts first (drawn culled), then the rest; a stable order within each.
  const std::vector<bool> closed = closedOutwardTriangles(mesh);
  std::vector<std::uint32_t> ordered;
  ordered.reserve(out.indices.size());
  out.drawnTriangle.reserve(src.triangles.size());
  for (const bool pass : {true, false})
    for (size_t t = 0; t < src.triangles.size(); ++t)
      if (closed[t] == pass) {
        ordered.insert(ordered.end(), out.indices.begin() + 3 * t, out.indices.begin() + 3 * t + 3);
        out.drawnTriangle.push_back(int(t));
      }
  out.closedIndexCount = 3 * size_t(std::count(closed.begin(), closed.end(), true));
  out.indices = std::move(ordered);

  Eigen::AlignedBox3d box;
  for (const Eigen::Vector3d& p : src.positions) box.extend(p);
  if (!box.isEmpty()) {
    const Eigen::Vector3d c = box.center();
    std::copy_n(c.cast<float>().eval().data(), 3, out.center);
  }
  double area = 0.0;
  for (const Eigen::Vector3i& t : src.triangles)
    area += 0.5 * (src.positions[t[1]] - src.positions[t[0]])
                      .cross(src.positions[t[2]] - src.positions[t[0]])
                      .norm();
  if (!src.triangles.empty())
    out.triangleSize = float(std::sqrt(area / double(src.triangles.size())));
  return out;
}

std::vector<bool> closedOutwardTriangles(const Mesh& mesh) {
  const SourceMesh& src = mesh.source;
  const size_t n = src.triangles.size();
  // Corners on the welded vertices: seams (UV, normal) split source vertices, not the surface.
  auto corner = [&](size_t t, int c) {
    const int v = src.triangles[t][c];
    return v < int(mesh.weldedOfSource.size()) ? mesh.weldedOfSource[v] : -1 - v;
  };
  std::vector<bool> degenerate(n, false);
  // Every directed edge (a → b) with its triangle, sorted by the undirected edge.
  struct Half {
    int lo, hi;
    bool forward;  ///< a < b
    int triangle;
  };
  std::vector<Half> halves;
  halves.reserve(3 * n);
  for (size_t t = 0; t < n; ++t) {
    const int w[3] = {corner(t, 0), corner(t, 1), corner(t, 2)};
    if (w[0] == w[1] || w[1] == w[2] || w[0] == w[2]) {
      degenerate[t] = true;
      continue;
    }
    for (int c = 0; c < 3; ++c) {
      const int a = w[c], b = w[(c + 1) % 3];
      halves.push_back({std::min(a, b), std::max(a, b), a < b, int(t)});
    }
  }
  std::sort(halves.begin(), halves.end(),
            [](const Half& x, const Half& y) { return x.lo != y.lo ? x.lo < y.lo : x.hi < y.hi; });
  // Parts by union-find over shared edges; a part is spoiled by any edge that is not shared by
  // exactly two oppositely running triangles (a border, a fin, a flipped neighbour).
  std::vector<int> root(n);
  for (size_t t = 0; t < n; ++t) root[t] = int(t);
  auto find = [&](int t) {
    while (root[t] != t) t = root[t] = root[root[t]];
    return t;
  };
  std::vector<bool> spoiled(n, false);
  for (size_t i = 0; i < halves.size();) {
    size_t j = i + 1;
    while (j < halves.size() && halves[j].lo == halves[i].lo && halves[j].hi == halves[i].hi) ++j;
    for (size_t k = i + 1; k < j; ++k) root[find(halves[k].triangle)] = find(halves[i].triangle);
    if (j - i != 2 || halves[i].forward == halves[i + 1].forward)
      spoiled[halves[i].triangle] = true;  // marks the part (resolved below)
    i = j;
  }
  // Signed volume of each part (divergence theorem), and whether anything spoiled it.
  std::vector<double> volume(n, 0.0);
  std::vector<bool> partSpoiled(n, false);
  for (size_t t = 0; t < n; ++t) {
    const int r = find(int(t));
    if (degenerate[t]) continue;
    if (spoiled[t]) partSpoiled[r] = true;
    const Eigen::Vector3d& p0 = src.positions[src.triangles[t][0]];
    const Eigen::Vector3d& p1 = src.positions[src.triangles[t][1]];
    const Eigen::Vector3d& p2 = src.positions[src.triangles[t][2]];
    volume[r] += p0.dot(p1.cross(p2)) / 6.0;
  }
  std::vector<bool> closed(n, false);
  for (size_t t = 0; t < n; ++t) {
    const int r = find(int(t));
    closed[t] = !degenerate[t] && !partSpoiled[r] && volume[r] > 0.0;
  }
  return closed;
}

SkinDrawData buildSkinDrawData(const SkinWeights& weights) {
  SkinDrawData out;
  out.perSourceVertex.assign(weights.perVertex.size(), SkinDrawData::Entry{});
  std::vector<Influence> strongest;
  for (size_t v = 0; v < weights.perVertex.size(); ++v) {
    const std::vector<Influence>& influences = weights.perVertex[v];
    const int n = std::min<int>(kGpuInfluences, int(influences.size()));
    strongest.resize(n);
    std::partial_sort_copy(
        influences.begin(), influences.end(), strongest.begin(), strongest.end(),
        [](const Influence& a, const Influence& b) { return a.weight > b.weight; });
    double sum = 0.0;
    for (const Influence& influence : strongest) sum += influence.weight;
    if (!(sum > 0.0)) continue;
    SkinDrawData::Entry& entry = out.perSourceVertex[v];
    for (int k = 0; k < n; ++k) {
      entry.joints[k] = float(strongest[k].joint);
      entry.weights[k] = float(strongest[k].weight / sum);
    }
  }
  return out;
}

}  // namespace rw::render

#include "mesh_draw_data.h"

#include <algorithm>
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
  return out;
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

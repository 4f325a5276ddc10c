#pragma once
// What the GPU needs to draw a character's surface, prepared on the CPU away from the UI thread:
// an indexed vertex array (one vertex per distinct (source vertex, shading normal) pair, so a
// smooth surface shades each vertex once instead of once per triangle corner) and the skin
// weights packed as the vertex shader reads them. Plain data, made by pure functions that any
// thread may call; the viewport only copies it into GL buffers.
#include <cstdint>
#include <memory>
#include <vector>

namespace rw {
class Mesh;
class SkinWeights;
}  // namespace rw

namespace rw::render {

/// Influences per vertex the shader blends (the strongest, renormalized).
inline constexpr int kGpuInfluences = 4;

struct MeshDrawData {
  struct Vertex {
    float position[3];
    float normal[3];
  };
  std::vector<Vertex> vertices;
  std::vector<std::uint32_t> indices;  ///< 3 per source triangle, in triangle order
  /// Source vertex of each drawn vertex (to spread per-source-vertex data: weights, colours).
  std::vector<int> sourceVertex;
  int sourceVertexCount = 0;
};

/// Per source vertex: the strongest kGpuInfluences joints and their weights summing to 1
/// (all zero: the vertex stays in its rest position).
struct SkinDrawData {
  struct Entry {
    float joints[kGpuInfluences];  // floats: exact for any joint index < 2^24
    float weights[kGpuInfluences];
  };
  std::vector<Entry> perSourceVertex;
};

/// Vertices and indices of `mesh.source` with its shading normals (cornerNormals).
MeshDrawData buildMeshDrawData(const Mesh& mesh);
/// `weights` packed for the shader.
SkinDrawData buildSkinDrawData(const SkinWeights& weights);

}  // namespace rw::render

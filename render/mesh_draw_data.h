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
  /// 3 per source triangle: first the triangles of closed, outward-facing parts (their back
  /// faces are never seen, so they are drawn with back-face culling: half the triangles never
  /// reach the rasterizer), then the others (open parts, inconsistent or inward orientation).
  std::vector<std::uint32_t> indices;
  /// How many of `indices` belong to closed parts (a multiple of 3).
  std::size_t closedIndexCount = 0;
  /// Source triangle of each drawn triangle (indices[3k..3k+2] draw triangle drawnTriangle[k]).
  std::vector<int> drawnTriangle;
  /// Source vertex of each drawn vertex (to spread per-source-vertex data: weights, colours).
  std::vector<int> sourceVertex;
  int sourceVertexCount = 0;
  /// Centre of the vertices' bounding box and the square root of the mean triangle area (world
  /// units): how large the triangles look from a camera decides where the mesh is lit.
  float center[3] = {0.0f, 0.0f, 0.0f};
  float triangleSize = 0.0f;
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
/// Per source triangle: whether its part (triangles connected through welded edges) is closed
/// and faces outwards: every edge has exactly two triangles that run along it in opposite
/// directions, and the part encloses a positive volume. Degenerate triangles are never closed.
std::vector<bool> closedOutwardTriangles(const Mesh& mesh);
/// `weights` packed for the shader.
SkinDrawData buildSkinDrawData(const SkinWeights& weights);

}  // namespace rw::render

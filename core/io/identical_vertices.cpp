#include "io/identical_vertices.h"

#include <assimp/mesh.h>

#include <bit>
#include <cstdint>

namespace rw {
namespace {

/// A running hash: each value's bits folded in, then mixed (murmur3's 64-bit finalizer).
class VertexHash {
 public:
  void add(float f) {
    f += 0.0f;  // -0 hashes as 0, as they compare equal
    fold(std::bit_cast<std::uint32_t>(f));
  }
  std::uint64_t value() const {
    std::uint64_t h = h_;
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdull;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ull;
    h ^= h >> 33;
    return h;
  }

 private:
  void fold(std::uint64_t bits) { h_ = (h_ ^ bits) * 0x100000001b3ull + 0x9e3779b97f4a7c15ull; }
  std::uint64_t h_ = 0xcbf29ce484222325ull;
};

/// Equal nonzero influences in the same order: a reader pads some vertices with zero weights
/// (Assimp's glTF reader gives every bone that skins nothing a zero weight on vertex 0).
bool sameInfluences(const std::vector<Influence>& a, const std::vector<Influence>& b) {
  auto i = a.begin(), j = b.begin();
  while (true) {
    while (i != a.end() && i->weight == 0.0) ++i;
    while (j != b.end() && j->weight == 0.0) ++j;
    if (i == a.end() || j == b.end()) return i == a.end() && j == b.end();
    if (i->joint != j->joint || i->weight != j->weight) return false;
    ++i, ++j;
  }
}

}  // namespace

VertexClasses identicalVertices(const aiMesh& mesh,
                                const std::vector<std::vector<Influence>>& influences) {
  const int n = int(mesh.mNumVertices);
  const bool normals = mesh.HasNormals(), uvs = mesh.HasTextureCoords(0);
  const bool skinned = influences.size() == std::size_t(n);
  const float near2 = kSameAttributeDistance * kSameAttributeDistance;
  auto positionHash = [&](int v) {
    VertexHash h;
    const aiVector3D& p = mesh.mVertices[v];
    h.add(p.x), h.add(p.y), h.add(p.z);
    return h.value();
  };
  auto sameVertex = [&](int a, int b) {  // at the same position
    if (normals && (mesh.mNormals[a] - mesh.mNormals[b]).SquareLength() > near2) return false;
    if (uvs) {
      const aiVector3D& s = mesh.mTextureCoords[0][a];
      const aiVector3D& t = mesh.mTextureCoords[0][b];
      const float du = s.x - t.x, dv = s.y - t.y;
      if (du * du + dv * dv > near2) return false;
    }
    return !skinned || sameInfluences(influences[a], influences[b]);
  };
  std::vector<char> used(n, 0);
  for (unsigned f = 0; f < mesh.mNumFaces; ++f)
    for (unsigned c = 0; c < mesh.mFaces[f].mNumIndices; ++c)
      if (mesh.mFaces[f].mIndices[c] < unsigned(n)) used[mesh.mFaces[f].mIndices[c]] = 1;
  // Open addressing by position, linear probing, at most half full: a slot holds the first
  // class at its position; the others there follow in order of first appearance (nextHere).
  const std::size_t slots = std::bit_ceil(std::size_t(2) * std::size_t(n) + 1);
  const std::size_t mask = slots - 1;
  std::vector<int> table(slots, -1);
  std::vector<int> nextHere;
  VertexClasses out;
  out.classOf.assign(n, -1);
  for (int v = 0; v < n; ++v) {
    if (!used[v]) continue;
    std::size_t s = positionHash(v) & mask;
    while (table[s] >= 0 && !(mesh.mVertices[out.firstOfClass[table[s]]] == mesh.mVertices[v]))
      s = (s + 1) & mask;
    int last = -1;
    for (int c = table[s]; c >= 0 && out.classOf[v] < 0; c = nextHere[c]) {
      if (sameVertex(out.firstOfClass[c], v)) out.classOf[v] = c;
      last = c;
    }
    if (out.classOf[v] >= 0) continue;
    const int c = int(out.firstOfClass.size());
    out.classOf[v] = c;
    out.firstOfClass.push_back(v);
    nextHere.push_back(-1);
    (last >= 0 ? nextHere[last] : table[s]) = c;
  }
  return out;
}

}  // namespace rw

#pragma once
// Sparse skin weights: for each source vertex (the file's vertex order), the joints that move
// it and by how much. Any number of influences per vertex.
#include <vector>

namespace rw {

struct Influence {
  int joint = -1;
  double weight = 0.0;
};

class SkinWeights {
 public:
  /// perVertex[v] = influences of source vertex v, strongest first after normalize().
  std::vector<std::vector<Influence>> perVertex;

  bool empty() const;
  int vertexCount() const { return static_cast<int>(perVertex.size()); }
  int maxInfluences() const;
  double weightSum(int vertex) const;

  /// Merges duplicate joints, drops non-positive or non-finite weights, sorts strongest first
  /// and scales each vertex's weights to sum to 1. Returns the number of vertices whose sum was
  /// off by more than 1e-6 before (reported by the importer); vertices with no weight stay empty.
  int normalize();
  /// Vertices that no joint moves.
  int unweightedVertices() const;
};

}  // namespace rw

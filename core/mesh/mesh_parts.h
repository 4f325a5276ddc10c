#pragma once
// The connected parts of a triangle mesh (shared by the head-node guess, the surface domain and
// bone heat). Parts are numbered in the order of their lowest vertex.
#include <Eigen/Core>
#include <vector>

namespace rw {

struct MeshParts {
  std::vector<int> partOf;                  ///< per vertex; -1 for a vertex on no triangle
  std::vector<std::vector<int>> vertices;   ///< per part, ascending
  std::vector<std::vector<int>> triangles;  ///< per part, in the mesh's triangle order
  int count() const { return static_cast<int>(vertices.size()); }
};

MeshParts connectedParts(int vertexCount, const std::vector<Eigen::Vector3i>& triangles);

}  // namespace rw

#pragma once
// One file mesh's corners that are one vertex joined: the same position, normal, first UV set
// and skin influences. Assimp's JoinIdenticalVertices step did this for us; it finds the
// vertices at a position with a spatial sort and took 0.1 s of a 137K-triangle OBJ's 0.17 s
// read (0.4 of 0.7 s at 548K triangles). Here the position is hashed (linear time) and the same
// vertices are joined: positions equal (Assimp's tolerance of a few units in the last place of
// their squared distance is equality in practice), normals and UVs within Assimp's 1e-5 (an FBX
// reader's per-corner normals differ in their last bits), vertices no triangle uses dropped.
// Unlike Assimp, nonzero influences must be equal too: Assimp kept the first corner's and
// dropped the others' (a seam between two weightings lost one side: 48 of a corpus cow's 521
// vertices, their artist's weights replaced by their neighbours').
#include <cstddef>
#include <vector>

#include "skin/skin_weights.h"

struct aiMesh;

namespace rw {

struct VertexClasses {
  /// Per vertex of the mesh: its class, numbered in order of first appearance.
  std::vector<int> classOf;
  /// Per class: its first vertex (the one kept).
  std::vector<int> firstOfClass;
};

/// Within this distance normals and UVs are the same (Assimp's JoinIdenticalVertices).
inline constexpr float kSameAttributeDistance = 1e-5f;

/// The mesh's vertices used by its faces grouped as above (`influences`: one list per vertex,
/// or empty for an unskinned mesh); a vertex no face uses has class -1.
VertexClasses identicalVertices(const aiMesh& mesh,
                                const std::vector<std::vector<Influence>>& influences);

}  // namespace rw

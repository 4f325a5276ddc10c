#pragma once
// The character's surface: the file's own vertices (kept for export) and a copy welded by
// position (what every topology stage works on).
#include <Eigen/Core>
#include <Eigen/Geometry>
#include <string>
#include <vector>

#include "mesh/mesh_diagnostics.h"

namespace rw {

/// One mesh of the source file (an aiMesh) inside the merged character mesh.
struct MeshPart {
  std::string name;
  int firstVertex = 0;
  int vertexCount = 0;
  int firstTriangle = 0;
  int triangleCount = 0;
  int material = 0;
};

/// The file's vertices and triangles as the artist made them: UV and normal seams split,
/// vertex order preserved. Everything is in character space (see core/character.h).
struct SourceMesh {
  std::vector<Eigen::Vector3d> positions;
  std::vector<Eigen::Vector3d> normals;  ///< empty, or one per position
  std::vector<Eigen::Vector2d> uvs;      ///< empty, or one per position
  std::vector<Eigen::Vector3i> triangles;
  std::vector<int> triangleMaterial;  ///< index into materialNames, one per triangle
  std::vector<std::string> materialNames;
  std::vector<MeshPart> parts;
};

class Mesh {
 public:
  SourceMesh source;

  /// Welded vertices: one per distinct position (within the weld tolerance).
  std::vector<Eigen::Vector3d> positions;
  /// Welded triangles, degenerate ones (two corners welded together) removed.
  std::vector<Eigen::Vector3i> triangles;
  /// weldedOfSource[i] = welded vertex of source vertex i.
  std::vector<int> weldedOfSource;

  double weldTolerance = 0.0;
  MeshDiagnostics diagnostics;

  bool empty() const { return positions.empty(); }
  Eigen::AlignedBox3d bounds() const;
  /// Length of the bounding-box diagonal: the unit of every relative tolerance ("size").
  double size() const { return bounds().diagonal().norm(); }
  /// The first source (file) vertex welded into welded vertex `welded`, or -1: how rig files
  /// and reports name a welded vertex.
  int firstSourceVertex(int welded) const;
};

/// Relative weld tolerance: positions closer than this × size are one vertex (docs/data.md).
inline constexpr double kDefaultWeldTolerance = 1e-6;

/// Welds `source` by position and computes diagnostics.
/// Never fails: problems are reported in Mesh::diagnostics.
Mesh buildMesh(SourceMesh source, double relativeWeldTolerance = kDefaultWeldTolerance);

}  // namespace rw

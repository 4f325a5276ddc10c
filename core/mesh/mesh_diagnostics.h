#pragma once
// What is wrong (or unusual) with a mesh, measured on the welded triangles. Reported, never fatal.
#include <Eigen/Core>
#include <string>
#include <vector>

namespace rw {

struct ComponentInfo {
  int vertices = 0;
  int triangles = 0;
  int boundaryEdges = 0;
  int nonManifoldEdges = 0;
  int eulerCharacteristic = 0;
  bool closed = false;  ///< no boundary and no non-manifold edge
  /// Genus (2 - χ)/2 of a closed component; -1 when the component is open or non-manifold.
  int genus = -1;
  double bboxDiagonal = 0.0;
};

struct MeshDiagnostics {
  int vertices = 0;  ///< welded vertices used by at least one triangle
  int edges = 0;
  int triangles = 0;  ///< non-degenerate welded triangles
  int components = 0;
  int boundaryEdges = 0;
  int boundaryLoops = 0;
  int nonManifoldEdges = 0;     ///< edges shared by more than two triangles
  int nonManifoldVertices = 0;  ///< vertices whose triangle fan is not one disc or half-disc
  int degenerateTriangles = 0;  ///< zero area, or collapsed by the weld
  int unreferencedVertices = 0;
  int eulerCharacteristic = 0;  ///< V - E + F over the used welded vertices
  bool closed = false;
  std::vector<ComponentInfo> componentInfo;  ///< largest first

  /// One-line human summary, e.g. "5 components, 130 boundary edges in 6 loops, ...".
  std::string summary() const;
};

/// Computes diagnostics of welded triangles (indices into `positions`). Degenerate triangles
/// must already be removed; `degenerate` is the count that was removed.
MeshDiagnostics diagnoseTriangles(const std::vector<Eigen::Vector3d>& positions,
                                  const std::vector<Eigen::Vector3i>& triangles, int degenerate);

}  // namespace rw

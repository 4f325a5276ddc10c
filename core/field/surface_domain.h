#pragma once
// The surface the harmonic field and the Reeb graph live on, made usable on messy meshes.
//
// Real characters are rarely one closed manifold (docs/data.md): heads are separate shells,
// creatures carry dozens of tiny loose pieces and non-manifold edges, legs are separate
// parts. We neither remesh nor build a volumetric proxy (docs/build-notes.md: OpenVDB shreds thin
// parts, alpha wrapping takes seconds and fuses fingers). Instead:
//   * islands whose bounding box is under `tinyIslandFraction` of the size (eyes, buttons,
//     dozens of loose pieces) leave the topology stage; they are reported and are given to the
//     arc nearest to them afterwards;
//   * every hole (boundary loop) of a kept part is capped with a fan around a new vertex at the
//     loop's centroid: a hole in the side of a limb would otherwise split its level sets and
//     make a false loop in the graph (a creature's body can have several);
//   * the remaining parts are joined to the part holding the head by virtual "bridge" edges
//     between their closest vertices (what Blender's reeb.c did for its Dijkstra). The Reeb graph
//     works on the simplicial complex (triangles and bridge edges), so it needs no manifold.
// Non-manifold edges and vertices need nothing special: every stage works on triangles.
#include <Eigen/Core>
#include <array>
#include <string>
#include <vector>

#include "mesh/mesh.h"
#include "util/expected.h"

namespace rw {

struct SurfaceDomainParams {
  /// Islands with a bounding-box diagonal below this fraction of the mesh size are dropped from
  /// the topology stage (docs/build-notes.md: 5% keeps every limb and removes eyes and trinkets).
  double tinyIslandFraction = 0.05;
  /// A separate part whose closest point is within this fraction of the mesh size of the body
  /// sits on it along a seam: its vertices that close are welded to the body's (a head shell).
  double seamWeldFraction = 1e-3;

  bool operator==(const SurfaceDomainParams&) const = default;
};

struct SurfaceDomain {
  int vertexCount = 0;      ///< welded vertices (active or not) followed by the cap centres
  int meshVertexCount = 0;  ///< vertices [0, meshVertexCount) are the mesh's welded vertices
  std::vector<Eigen::Vector3d> positions;  ///< welded positions, then cap centres
  /// Per mesh vertex: itself, or the body vertex it was welded to along a seam (then inactive).
  std::vector<int> representative;
  /// Per mesh vertex: its connected part in the mesh itself (connectedParts, before any weld or
  /// bridge); -1 for a vertex on no triangle.
  std::vector<int> partOf;
  std::vector<char> active;                 ///< welded vertex takes part in the field
  std::vector<Eigen::Vector3i> triangles;   ///< active triangles (welded indices)
  std::vector<std::array<int, 2>> bridges;  ///< virtual edges joining parts
  /// Adjacency over active vertices, triangle edges and bridges (CSR), with edge lengths.
  std::vector<int> adjacencyStart;
  std::vector<int> adjacency;
  std::vector<double> adjacencyLength;
  int cappedHoles = 0;
  int droppedIslands = 0;
  int droppedVertices = 0;
  std::vector<std::string> notes;

  int degree(int v) const { return adjacencyStart[v + 1] - adjacencyStart[v]; }
};

/// Builds the domain around `headVertex` (a welded vertex). Errors when the head vertex does not
/// exist or touches no triangle.
Expected<SurfaceDomain> buildSurfaceDomain(const Mesh& mesh, int headVertex,
                                           const SurfaceDomainParams& params = {});

}  // namespace rw

#pragma once
// The mesh side of the pipeline up to the Reeb graph: field → Reeb graph (then multiresolution
// levels and symmetry tags), with each stage's wall time.
#include <map>
#include <string>

#include "field/harmonic_field.h"
#include "multires/build_multiresolution.h"
#include "reeb/reeb_graph.h"
#include "symmetry/detect_symmetry.h"
#include "util/expected.h"
#include "util/progress.h"

namespace rw {

struct MeshGraphParams {
  FieldParams field;
  ReebParams reeb;
  MultiresParams multires;
  SymmetryParams symmetry;

  bool operator==(const MeshGraphParams&) const = default;
};

struct MeshGraph {
  HarmonicField field;
  ReebGraph reeb;
  MultiresGraph multires;               ///< levels[0] coarsest … back() = the Reeb graph
  std::vector<GraphSymmetry> symmetry;  ///< one per level
  /// Arc of the finest level (the Reeb graph) for each of the file's vertices, so later stages
  /// (skinning, export) work in the artist's vertex order. Vertices of the small loose parts
  /// left out of the graph take the arc of the nearest graph vertex.
  std::vector<int> arcOfSourceVertex;
  std::vector<std::pair<std::string, double>> stageSeconds;  ///< in pipeline order
};

/// Per file vertex of `mesh`: the arc of the welded vertex it belongs to (`arcOfWelded`, e.g.
/// ReebGraph::arcOfVertex); vertices outside the field's domain take the nearest graph vertex's.
std::vector<int> arcsOfSourceVertices(const Mesh& mesh, const SurfaceDomain& domain,
                                      const std::vector<int>& arcOfWelded);

/// The mesh stages of RigSession (rig_session.h) run once from `head`, their results moved
/// out: for the commands that need the mesh graph and no skeleton.
Expected<MeshGraph> buildMeshGraph(const Mesh& mesh, int headVertex,
                                   const MeshGraphParams& params = {},
                                   const Progress* progress = nullptr);

}  // namespace rw

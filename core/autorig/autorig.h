#pragma once
// Automatic skeleton for a character that comes without one: the harmonic skeleton of Aujay et
// al. 2007 built on our mesh graph (graph/mesh_graph.h).
//
//   1. the coarsest multiresolution level (the filtered harmonic graph, §2.2) and its symmetry
//      tags give the symmetry axis from the head (§3.1, symmetry_axis.h);
//   2. the embedding with frozen edges (§3.2, frozen_edges.h);
//   3. biped / quadruped / neither (§4.1, body_class.h);
//   4. the biped (§4.2) or quadruped (§4.3) refinement, else the general skeleton (§3.3)
//      (template_skeletons.h), joints named semantically (`hips`, `spine_01`, `neck`, `head`,
//      `upperarm.L`, `thigh.R`, `tail_03`, …; .L is the character's own left) so that motion
//      retargeting (motion/joint_correspondence.h) maps them without a hand-made map.
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "autorig/autorig_params.h"
#include "autorig/body_class.h"
#include "autorig/symmetry_axis.h"
#include "autorig/template_skeletons.h"
#include "session/mesh_graph.h"
#include "io/rig_json.h"
#include "util/expected.h"
#include "util/progress.h"

namespace rw {

struct AutorigResult {
  Skeleton skeleton;
  std::map<std::string, JointTag> tags;  ///< per joint name, for the rig file
  BodyClassification classification;
  SymmetryAxis axis;  ///< on the coarsest level of the mesh graph
  BodyFrame frame;    ///< biped / quadruped only
  std::vector<std::string> notes;
  std::vector<std::pair<std::string, double>> stageSeconds;  ///< mesh graph stages, then ours
  BodyClass bodyClass() const { return classification.bodyClass; }
};

struct AutorigOptions {
  MeshGraphParams graph;
  AutorigParams rig;
};

/// The mesh stages autorig reads, wherever they were computed: buildMeshGraph, or a
/// RigSession's cache (the workstation: the user's parameters, nothing computed twice).
struct MeshGraphStages {
  const HarmonicField& field;
  const ReebGraph& reeb;
  const MultiresGraph& multires;
  const std::vector<GraphSymmetry>& symmetry;  ///< one per level
};

/// The skeleton from the stages' coarsest level. `options.graph` must be the parameters the
/// stages were computed with (the symmetry axis reads them).
AutorigResult autorigFromStages(const Mesh& mesh, const MeshGraphStages& stages,
                                const AutorigOptions& options = {});

/// The skeleton from an already built mesh graph (its coarsest level).
AutorigResult autorigFromGraph(const Mesh& mesh, const MeshGraph& graph,
                               const AutorigOptions& options = {});

/// The whole pipeline from the head vertex (welded index, see field/head_vertex.h). Errors are
/// the mesh graph's (bad head vertex, no extremum, cancelled).
Expected<AutorigResult> autorig(const Mesh& mesh, int headVertex,
                                const AutorigOptions& options = {},
                                const Progress* progress = nullptr);

}  // namespace rw

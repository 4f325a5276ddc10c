#pragma once
// Limbs that end at a loop cut (retarget). A hand resting on a hip closes a loop of the surface;
// the Reeb graph cuts it where the arm's level sets join the trunk's (reeb_graph.h), so the arm's
// arc ends near the elbow and its forearm is part of the trunk's arc. Placed along that arc, the
// whole arm chain would fold into the upper arm. Such a limb goes on past its end: straight into
// the volume, in the direction the body is thickest within a turn of the limb's last direction
// (the forearm, not the gap the loop encloses), for the rest of the skeleton's chain at its
// scale; the joints placed there are predicted.
#include <Eigen/Core>
#include <vector>

#include "mesh/mesh.h"
#include "reeb/reeb_graph.h"
#include "retarget/graph_matching.h"
#include "skeleton/skeleton_graph.h"

namespace rw {

struct LoopCutLimbParams {
  /// A path ending this near a loop cut (a fraction of the mesh size) ends at it.
  double cutTolerance = 1e-3;
  /// Such a path goes on when it is shorter than this share of its chain at the skeleton's
  /// scale (the median ratio of path to chain length of the other matched arcs): an arm cut at
  /// its elbow shows about half of its chain.
  double shortShare = 0.8;
  /// The way on turns at most this far from the path's last direction (cosine; 100°): an elbow
  /// bends the forearm back by up to about 90° from the upper arm.
  double maxTurnCosine = -0.17;
  /// Directions tried (spread evenly over the sphere, those within the turn kept).
  int directions = 256;
  /// The way on stops this fraction short of the surface it runs to.
  double surfaceMargin = 0.15;
};

/// Extends, in place, the placement paths of `matching`'s limbs (arcs ending at a leaf of the
/// mesh graph) that end at one of `cuts` and are short (LoopCutLimbParams). Returns per match
/// the length of the path's end that was added (0 when none): joints placed there are predicted.
std::vector<double> continueLimbsPastLoopCuts(const Mesh& mesh, const SkeletonGraph& skeleton,
                                              const GraphMatching& matching,
                                              const std::vector<LoopCut>& cuts,
                                              std::vector<std::vector<Eigen::Vector3d>>& paths,
                                              const LoopCutLimbParams& params = {});

}  // namespace rw

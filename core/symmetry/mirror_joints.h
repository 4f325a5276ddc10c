#pragma once
// Each joint's mirror twin, from the skeleton graph's symmetry tags (Poirier §5): joint editing
// mirrors an edit of a left knee onto the right one, as Blender's X-Axis Mirror does by names,
// but from the structure, so rigs named in any language (or not at all) mirror too.
#include <Eigen/Core>
#include <vector>

#include "skeleton/skeleton_graph.h"
#include "symmetry/graph_symmetry.h"

namespace rw {

/// Per joint, its twin on the other side (-1: none, e.g. on the primary axis). An axial arc's
/// twin is the other arc of its pair; an arc hanging from a twinned arc's end (a finger from a
/// hand) is twinned with the child of the twin's end whose far end is nearest to its own
/// reflected across the plane halfway between the two ends; any other arc, with the sibling whose
/// far end is its own reflected across the skeleton's mirror plane (through the primary axis,
/// square to its axial pairs), within a quarter of its chord (face bones, ears). The k-th joint of
/// an arc's chain is twinned with the k-th of its twin's (by share of the chain when their lengths
/// differ).
std::vector<int> mirrorJoints(const SkeletonGraph& graph, const GraphSymmetry& symmetry);

/// `point` reflected across the plane halfway between `a` and `b` (square to a − b): where an
/// edit that moved `a`'s joint to `point` takes its twin at `b`. `a` == `b`: `point` itself.
Eigen::Vector3d reflectAcrossBisector(const Eigen::Vector3d& point, const Eigen::Vector3d& a,
                                      const Eigen::Vector3d& b);

}  // namespace rw

#pragma once
// The skeleton as a topology graph (Poirier 2009 §4, "graph from skeleton"), rooted at the
// head joint the user picked, so that it can be tagged by the same symmetry code as the mesh
// graph and matched against it.
#include <vector>

#include "graph/topology_graph.h"
#include "skeleton/detached_trees.h"
#include "skeleton/skeleton.h"
#include "util/expected.h"

namespace rw {

struct SkeletonGraph {
  /// Nodes at the head joint, at joints where chains branch, and at chain ends (placed at the
  /// end bone's tail, where the limb ends); arcs = chains of bones, `members` = their joints from
  /// the head side outwards; node f = distance from the head along the bones.
  TopologyGraph graph;
  std::vector<int> nodeJoint;   ///< per node: its joint (a chain end: the end joint), or -1
  std::vector<int> arcOfJoint;  ///< per joint: the arc whose chain holds it (-1: not in the graph)
};

/// The judgement calls of the graph beyond Poirier §4, named with their reasons.
struct SkeletonGraphParams {
  /// A deform joint whose deform parent is this far away (a fraction of the skeleton's reach
  /// from its head: no bone of a chain is this long; a game rig's tiger hangs its head 0.6 of
  /// it from the pelvis) is re-attached...
  double farParent = 0.3;
  /// ...to the end joint of another chain this much nearer it than its parent (by that joint's
  /// head or tail): where the body carries it (the neck's end).
  double nearerEnd = 0.25;
  /// A control joint that connects deform chains moves to its deform neighbours' mean only
  /// when it is bound away from them: nearer to none of them than this many times the largest
  /// distance between two of them (a root at the floor under the hips and the spine). One bound
  /// among them keeps its place: a non-deforming thigh between a pelvis and its calf is where
  /// the other side's deforming thigh is, and at the mean it sat at the middle of the crotch
  /// (a corpus donkey's right hind leg). With one deform neighbour it always moves.
  double connectorSpan = 1.0;
  /// Deform trees that are roots of their own (a game rig's legs and tail) hang from the
  /// nearest joint of the trees joined to the head's (skeleton/detached_trees.h).
  DetachedTreeParams detachedTrees;
};

/// Where a control joint bound at `at` that connects the deform joints `around` (its deform
/// parent and children) stands: at their mean when it is bound away from them (a root on the
/// floor that the shoulders, spine and neck hang from; SkeletonGraphParams::connectorSpan, one
/// neighbour: always), else where it is; with none, where it is.
Eigen::Vector3d connectorPosition(const Eigen::Vector3d& at,
                                  const std::vector<Eigen::Vector3d>& around,
                                  const SkeletonGraphParams& params = {});

/// Builds the graph of the deform bones seen from `headJoint`: the bone tree is walked as an
/// undirected tree from the head, so bones above the head (a neck below a head joint) hang
/// from it like any other chain. Control bones are left out (they are linked to the graph
/// later, Poirier §6.3) unless they connect deform bones — an animated root node that joins two
/// deform trees (front and back spines). `leftOut` joints (side branches, retarget/side_branches.h)
/// are left out like controls. Errors: no such joint, or the head is not a deform bone.
Expected<SkeletonGraph> buildSkeletonGraph(const Skeleton& skeleton, int headJoint,
                                           const std::vector<int>& leftOut = {},
                                           const SkeletonGraphParams& params = {});

}  // namespace rw

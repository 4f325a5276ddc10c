#pragma once
// Control-bone links (Poirier 2009 §6.3): each control bone (IK target, pole, foot-roll pivot,
// root) is tied to one deform bone before retargeting, and later follows that bone's change.
#include <vector>

#include "skeleton/skeleton.h"
#include "skeleton/skeleton_graph.h"
#include "symmetry/graph_symmetry.h"

namespace rw {

enum class ControlLinkKind {
  ConstraintOwner,  ///< the control is an IK/copy target of a deform bone: linked to that owner
  ConstraintPole,   ///< the control is an IK pole: linked to the owner's parent (thigh, upper arm)
  Parent,           ///< linked through its parent chain to the first deform bone above it
  Child,            ///< a root-like control: linked to its deform child on the first symmetry level
  Unlinked          ///< no deform bone reachable (a skeleton of control bones only)
};

const char* controlLinkKindName(ControlLinkKind kind);

struct ControlLink {
  int control = -1;  ///< the control joint
  int deform = -1;   ///< the deform joint it follows (-1: Unlinked)
  ControlLinkKind kind = ControlLinkKind::Unlinked;
  /// The control's rest global transform in the frame of the deform bone's tip (tail, oriented
  /// like the deform bone), recorded at link time: the offset Poirier scales and rotates.
  Transform offsetFromTip = Transform::Identity();
};

/// Links every control joint of `skeleton` (Joint::deform == false), in joint order, with the
/// priorities of §6.3: constraint target (the owner; an IK pole: the owner's parent), then the
/// parent chain (a control under a control takes that control's link), then the child on the
/// lowest symmetry level of the skeleton graph (a root control follows the spine, not a leg).
/// `graph` and `symmetry` are the skeleton graph and its tags; joints outside the graph rank last.
std::vector<ControlLink> linkControlBones(const Skeleton& skeleton, const SkeletonGraph& graph,
                                          const GraphSymmetry& symmetry);

}  // namespace rw

#pragma once
// The whole skeleton retargeted into the mesh: matched arcs placed (§6.2), unmatched arcs and
// control bones carried along by the bone they follow (§6.3), rest transforms rebuilt.
#include <optional>
#include <vector>

#include "retarget/control_links.h"
#include "retarget/graph_matching.h"
#include "retarget/placement_params.h"
#include "util/progress.h"

namespace rw {

enum class JointFate {
  Placed,    ///< on a matched skeleton arc, placed along its mesh arc
  Followed,  ///< on an unmatched arc (or off the graph): moved with the nearest placed bone
  Control,   ///< a control bone, moved with its linked deform bone
  /// On a mirrored pair of limbs the mesh hides (legs in one skirt, graph_matching.h
  /// UnmatchedArc::hidden): placed from the skeleton's proportions about the placed joint they
  /// hang from, scaled as the trunk's chain down the hiding limb was.
  Predicted,
  /// Put by hand (PlacementParams::pins): exactly where the artist left it; the other joints of
  /// its arc are placed around it.
  Pinned
};

struct RetargetedSkeleton {
  Skeleton skeleton;            ///< same joints, names, constraints; new rest pose
  std::vector<JointFate> fate;  ///< per joint
  // Equation 1's terms summed over all placed arcs, unweighted (see ArcPlacement).
  double angleTerm = 0.0, lengthTerm = 0.0, distanceTerm = 0.0;
};

/// What placement needs to know of the mesh beyond the matched paths.
struct PlacementMesh {
  /// Depth of the skin above the skeleton at the head (headSkinDepth; model units): the head
  /// arc's path starts this far in from the clicked head vertex.
  double headSkin = 0.0;
  /// The top of the loose parts sitting on the head (looseHeadTop), where the head arc's path
  /// starts when the skeleton has a virtual top bone; none when nothing sits there.
  std::optional<Eigen::Vector3d> looseHeadTop;
  /// The skeleton was measured on its own four-legged body (own_spine_depth.h: its neck's
  /// depths), so its bone lengths are this body's
  /// (PlacementHeuristics::freeOwnFourLeggedHeadAngle).
  bool ownFourLeggedBody = false;
};

/// Joint placement on every matched arc (in parallel), then the rest of the skeleton.
/// `skeleton` is the source, `graph` its skeleton graph, `links` its control links.
RetargetedSkeleton placeSkeleton(const Skeleton& skeleton, const SkeletonGraph& graph,
                                 const GraphMatching& matching,
                                 const std::vector<ControlLink>& links,
                                 const PlacementParams& params = {},
                                 const Progress* progress = nullptr,
                                 const PlacementMesh& mesh = {});

/// The skeleton with the joints that have a head in `heads` (one per joint) there, and the
/// rest carried along as placeSkeleton carries its unplaced joints (§6.3): each by its placed
/// neighbours' bones, controls by their links (`links`; empty: by their parent chain).
/// Skeleton embedding (embed/skeleton_embedding.h) builds its rest pose with it.
RetargetedSkeleton skeletonWithJointsAt(const Skeleton& skeleton,
                                        const std::vector<std::optional<Eigen::Vector3d>>& heads,
                                        const std::vector<ControlLink>& links = {});

}  // namespace rw

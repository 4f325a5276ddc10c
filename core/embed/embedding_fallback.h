#pragma once
// The retarget's fallback to skeleton embedding (`rig --method auto`): the joints graph matching
// could not place (limbs the mesh's topology does not show: an arm fused to the body, a limb
// lost in a loop) are taken from the embedding of the same skeleton into the same mesh, when the
// two methods agree on the joints both placed; where matching placed too little and they
// disagree, the embedding places the whole skeleton. Each joint's method is reported.
//
// Limbs the retarget predicted (a mirrored pair hidden in one volume, a robe's legs:
// retarget_skeleton.h JointFate::Predicted) keep the prediction: inside a volume that does not
// show them the embedding has no more evidence than the skeleton's proportions, and on a robed
// figure it starts both thighs at one sphere on the axis and splays the legs diagonally.
#include <functional>
#include <string>
#include <vector>

#include "embed/skeleton_embedding.h"
#include "retarget/control_links.h"
#include "retarget/retarget_skeleton.h"

namespace rw {

struct EmbeddingFallbackParams {
  /// The two methods agree when the joints both placed lie on average within this fraction of
  /// the mesh's bounding-box diagonal of each other. Both put a joint somewhere inside the same
  /// limb, at different points along it (the retarget on the Reeb graph's arc, the embedding on
  /// sphere centres: 2-4 % apart on the project's artist rigs); a limb on the other side or a
  /// trunk turned round is 15 % or more away.
  double agreement = 0.07;
  /// When they disagree, the retarget is kept if it placed at least this fraction of the joints
  /// the embedding places (its matching is then the better evidence), else the embedding places
  /// the whole skeleton.
  double keepRetargetAbove = 0.5;
};

/// Where a joint of the result came from.
enum class PlacementMethod {
  Retarget,   ///< placed (or pinned) by the retarget
  Predicted,  ///< predicted by the retarget (limbs the mesh hides) and kept
  Embedding,  ///< embedded (Baran & Popović §3) where the retarget could not place it
  Carried,    ///< carried by its placed neighbours (followers, unplaced joints)
  Control     ///< a control bone, moved with its linked deform bone
};

const char* placementMethodName(PlacementMethod method);

struct FallbackPlacement {
  RetargetedSkeleton rig;
  std::vector<PlacementMethod> method;  ///< per joint
  /// "retarget" (it placed every deform joint), "retarget+embedding", "embedding" or
  /// "retarget (the embedding disagrees)".
  std::string decision;
  std::string reason;           ///< one line for the report
  double disagreement = 0.0;    ///< mean distance on the joints both placed / mesh diagonal
  int jointsFromEmbedding = 0;  ///< joints the embedding gave
};

/// The deform joints matching neither placed nor pinned.
int unplacedJoints(const RetargetedSkeleton& retargeted);
/// True when matching placed (or pinned) every deform joint: no embedding is needed then.
bool placedEveryJoint(const RetargetedSkeleton& retargeted);

/// Combines the retarget of `skeleton` (`retargeted`; null when matching failed) with its
/// `embedding` (found or not) into the mesh of diagonal `meshDiagonal`.
FallbackPlacement combineWithEmbedding(const Skeleton& skeleton,
                                       const RetargetedSkeleton* retargeted,
                                       const SkeletonEmbedding& embedding, double meshDiagonal,
                                       const std::vector<ControlLink>& links = {},
                                       const EmbeddingFallbackParams& params = {});

/// `--method auto` (the CLI's and the workstation's): combineWithEmbedding, with the skeleton
/// embedded (`embed`, called at most once) only when the retarget left a joint unplaced.
FallbackPlacement autoPlacement(const Skeleton& skeleton, const RetargetedSkeleton* retargeted,
                                const std::function<const SkeletonEmbedding&()>& embed,
                                double meshDiagonal, const std::vector<ControlLink>& links = {},
                                const EmbeddingFallbackParams& params = {});

/// The control links of `skeleton` (Poirier §6.3) from its own graph, its head joint found
/// automatically (retarget/skeleton_head.h): what control bones follow when no retarget ran, as
/// they would after one (a knee pole stays in front of its knee). Empty when the skeleton has
/// no graph to build them on; control bones then follow their parent chain.
std::vector<ControlLink> standaloneControlLinks(const Skeleton& skeleton);

/// The embedding alone, with each joint's method (embedded, carried or control).
FallbackPlacement embeddingPlacement(const Skeleton& skeleton, const SkeletonEmbedding& embedding,
                                     const std::vector<ControlLink>& links = {});

}  // namespace rw

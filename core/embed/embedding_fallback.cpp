#include "embed/embedding_fallback.h"

#include <sstream>

#include "retarget/side_branches.h"
#include "retarget/skeleton_head.h"
#include "symmetry/detect_symmetry.h"

namespace rw {
namespace {

bool placedByRetarget(JointFate fate) {
  return fate == JointFate::Placed || fate == JointFate::Pinned;
}

/// Joints the embedding put in place itself: on the reduced skeleton or along its paths, not
/// the followers carried by an embedded ancestor (fingers, face bones).
std::vector<char> embeddedJoints(const Skeleton& skeleton, const SkeletonEmbedding& embedding) {
  std::vector<char> embedded(skeleton.size(), 0);
  if (!embedding.found) return embedded;
  for (int j = 0; j < skeleton.size(); ++j)
    embedded[j] = j < int(embedding.position.size()) && embedding.position[j].has_value();
  for (int f : embedding.reduced.followers) embedded[f] = 0;
  return embedded;
}

/// The joints of the embedding's chains (reduced skeleton, §3.2) that matching left wholly
/// unplaced: the limbs it missed. A chain matching placed in part keeps the retarget's carrying
/// of its other joints from the placed ones, nearer the artist than the embedding's joints
/// before refinement (on the development corpus, single joints taken from the embedding inside
/// matched animal limbs made the end-to-end error worse).
std::vector<char> missedChains(const Skeleton& skeleton, const RetargetedSkeleton& retargeted,
                               const SkeletonEmbedding& embedding,
                               const std::vector<char>& embedded) {
  std::vector<char> missed(skeleton.size(), 0);
  for (const ReducedJoint& r : embedding.reduced.joints) {
    bool whole = !r.chain.empty();
    for (int j : r.chain) whole = whole && embedded[j] && retargeted.fate[j] == JointFate::Followed;
    if (whole)
      for (int j : r.chain) missed[j] = 1;
  }
  return missed;
}

/// A joint's method as the retarget's fate tells it.
PlacementMethod methodOf(JointFate fate) {
  return placedByRetarget(fate)         ? PlacementMethod::Retarget
         : fate == JointFate::Predicted ? PlacementMethod::Predicted
         : fate == JointFate::Control   ? PlacementMethod::Control
                                        : PlacementMethod::Carried;
}

/// The retarget's own result, each joint's method read from its fate.
FallbackPlacement retargetAsIs(const RetargetedSkeleton& retargeted, std::string decision,
                               std::string reason) {
  FallbackPlacement out;
  out.rig = retargeted;
  out.decision = std::move(decision);
  out.reason = std::move(reason);
  for (JointFate fate : retargeted.fate) out.method.push_back(methodOf(fate));
  return out;
}

/// Mean distance between the two methods' heads of the joints both placed, over `diagonal`;
/// 0 when they share none.
double meanDisagreement(const RetargetedSkeleton& retargeted, const SkeletonEmbedding& embedding,
                        const std::vector<char>& embedded, double diagonal) {
  const std::vector<Transform> heads = retargeted.skeleton.restGlobals();
  double sum = 0.0;
  int count = 0;
  for (std::size_t j = 0; j < heads.size(); ++j) {
    if (!embedded[j] || !placedByRetarget(retargeted.fate[j])) continue;
    sum += (heads[j].translation() - *embedding.position[j]).norm();
    ++count;
  }
  return count > 0 && diagonal > 0 ? sum / count / diagonal : 0.0;
}

/// The retarget's placed and predicted joints where it put them, the joints of the limbs it
/// missed (`fromEmbedding`) where the embedding put them, the rest carried.
FallbackPlacement merged(const Skeleton& skeleton, const RetargetedSkeleton& retargeted,
                         const SkeletonEmbedding& embedding, const std::vector<char>& fromEmbedding,
                         const std::vector<ControlLink>& links) {
  const std::vector<Transform> heads = retargeted.skeleton.restGlobals();
  std::vector<std::optional<Eigen::Vector3d>> at(skeleton.size());
  FallbackPlacement out;
  out.method.assign(skeleton.size(), PlacementMethod::Carried);
  for (int j = 0; j < skeleton.size(); ++j) {
    const JointFate fate = retargeted.fate[j];
    if (placedByRetarget(fate) || fate == JointFate::Predicted) {
      at[j] = heads[j].translation();
      out.method[j] = methodOf(fate);
    } else if (fromEmbedding[j]) {
      at[j] = embedding.position[j];
      out.method[j] = PlacementMethod::Embedding;
      ++out.jointsFromEmbedding;
    }
  }
  out.rig = skeletonWithJointsAt(skeleton, at, links);
  for (int j = 0; j < skeleton.size(); ++j) {
    const JointFate fate = retargeted.fate[j];
    if (placedByRetarget(fate) || fate == JointFate::Predicted)
      out.rig.fate[j] = fate;  // pins and predictions stay what they were
    if (out.rig.fate[j] == JointFate::Control) out.method[j] = PlacementMethod::Control;
  }
  return out;
}

std::string percent(double fraction) {
  std::ostringstream s;
  s.precision(2);
  s << std::fixed << 100.0 * fraction << " %";
  return s.str();
}

}  // namespace

const char* placementMethodName(PlacementMethod method) {
  switch (method) {
    case PlacementMethod::Retarget:
      return "retarget";
    case PlacementMethod::Predicted:
      return "predicted";
    case PlacementMethod::Embedding:
      return "embedding";
    case PlacementMethod::Carried:
      return "carried";
    case PlacementMethod::Control:
      return "control";
  }
  return "carried";
}

int unplacedJoints(const RetargetedSkeleton& retargeted) {
  int unplaced = 0;
  for (JointFate fate : retargeted.fate)
    unplaced += fate != JointFate::Control && !placedByRetarget(fate);
  return unplaced;
}

bool placedEveryJoint(const RetargetedSkeleton& retargeted) {
  return unplacedJoints(retargeted) == 0;
}

std::vector<ControlLink> standaloneControlLinks(const Skeleton& skeleton) {
  if (skeleton.controlCount() == 0) return {};
  const int head = guessSkeletonHead(skeleton).joint;
  if (head < 0) return {};
  const SymmetryParams symmetry;
  Expected<SkeletonGraph> graph = matchableSkeletonGraph(skeleton, head, symmetry);
  if (!graph) return {};
  const GraphSymmetry tags = detectSymmetry(graph->graph, skeletonSymmetryParams(symmetry));
  return linkControlBones(skeleton, *graph, tags);
}

FallbackPlacement embeddingPlacement(const Skeleton& skeleton, const SkeletonEmbedding& embedding,
                                     const std::vector<ControlLink>& links) {
  FallbackPlacement out;
  out.decision = "embedding";
  if (!embedding.found) {
    out.reason = "the embedding found no place: " + embedding.reason;
    return out;
  }
  out.reason = "the embedding placed the skeleton";
  const std::vector<char> embedded = embeddedJoints(skeleton, embedding);
  out.rig = skeletonWithJointsAt(skeleton, embedding.position, links);
  out.method.assign(skeleton.size(), PlacementMethod::Carried);
  for (int j = 0; j < skeleton.size(); ++j) {
    if (out.rig.fate[j] == JointFate::Control)
      out.method[j] = PlacementMethod::Control;
    else if (embedded[j])
      out.method[j] = PlacementMethod::Embedding;
    out.jointsFromEmbedding += embedded[j];
  }
  return out;
}

FallbackPlacement combineWithEmbedding(const Skeleton& skeleton,
                                       const RetargetedSkeleton* retargeted,
                                       const SkeletonEmbedding& embedding, double meshDiagonal,
                                       const std::vector<ControlLink>& links,
                                       const EmbeddingFallbackParams& params) {
  if (!retargeted) {
    FallbackPlacement out = embeddingPlacement(skeleton, embedding, links);
    if (embedding.found) out.reason = "matching placed nothing: the embedding placed the skeleton";
    return out;
  }
  const int missing = unplacedJoints(*retargeted);
  if (missing == 0) return retargetAsIs(*retargeted, "retarget", "matching placed every joint");
  if (!embedding.found)
    return retargetAsIs(*retargeted, "retarget",
                        "the embedding found no place (" + embedding.reason + "); " +
                            std::to_string(missing) + " joints stay as the retarget left them");
  const std::vector<char> embedded = embeddedJoints(skeleton, embedding);
  const std::vector<char> fromEmbedding = missedChains(skeleton, *retargeted, embedding, embedded);
  // Placed joints counted over those the embedding places itself (fingers and face bones,
  // carried by both methods, would make any retarget look mostly unplaced).
  int deform = 0, placed = 0, candidates = 0, predicted = 0;
  for (int j = 0; j < skeleton.size(); ++j) {
    const JointFate fate = retargeted->fate[j];
    predicted += fate == JointFate::Predicted;
    candidates += fromEmbedding[j];
    if (!embedded[j]) continue;
    ++deform;
    placed += placedByRetarget(fate);
  }
  if (candidates == 0)
    return retargetAsIs(
        *retargeted, "retarget",
        "of the " + std::to_string(missing) + " joints matching could not place, " +
            std::to_string(predicted) +
            " are predicted on limbs the mesh hides (kept); the others lie in limbs matching "
            "placed, or are carried in the embedding too (fingers, face, helpers), and stay "
            "carried by their placed neighbours");
  const double disagreement = meanDisagreement(*retargeted, embedding, embedded, meshDiagonal);
  FallbackPlacement out;
  if (disagreement <= params.agreement) {
    out = merged(skeleton, *retargeted, embedding, fromEmbedding, links);
    out.decision = "retarget+embedding";
    out.reason = std::to_string(out.jointsFromEmbedding) +
                 " joints matching could not place came from the embedding (the two agree within " +
                 percent(disagreement) + " of the size on the joints both placed)";
  } else if (placed >= params.keepRetargetAbove * deform) {
    out = retargetAsIs(*retargeted, "retarget (the embedding disagrees)",
                       "the embedding lies " + percent(disagreement) +
                           " of the size away from the retarget's joints; the retarget placed " +
                           std::to_string(placed) + " of " + std::to_string(deform) +
                           " joints and is kept");
  } else {
    out = embeddingPlacement(skeleton, embedding, links);
    out.reason = "matching placed only " + std::to_string(placed) + " of " +
                 std::to_string(deform) + " joints and the embedding lies " +
                 percent(disagreement) + " of the size away: the embedding placed the skeleton";
  }
  out.disagreement = disagreement;
  return out;
}

FallbackPlacement autoPlacement(const Skeleton& skeleton, const RetargetedSkeleton* retargeted,
                                const std::function<const SkeletonEmbedding&()>& embed,
                                double meshDiagonal, const std::vector<ControlLink>& links,
                                const EmbeddingFallbackParams& params) {
  const SkeletonEmbedding none;  // combineWithEmbedding keeps a complete retarget without one
  const bool needed = !retargeted || !placedEveryJoint(*retargeted);
  return combineWithEmbedding(skeleton, retargeted, needed ? embed() : none, meshDiagonal, links,
                              params);
}

}  // namespace rw

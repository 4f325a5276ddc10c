#pragma once
// Skinning metrics against a reference rig (RigNet, Xu et al. 2020, §6 "skinning evaluation"):
//   * influence precision / recall: a joint influences a vertex when its weight exceeds a
//     threshold; precision = |ours ∩ ref| / |ours|, recall = |ours ∩ ref| / |ref| over all
//     vertices;
//   * mean L1 distance between the weight vectors of a vertex;
//   * dominant-bone agreement: the share of vertices whose largest-weight joint is the
//     reference's (what an artist sees first in a weight view);
//   * bleed: the share of vertices carrying a noticeable weight from a joint far, in the
//     skeleton's hierarchy, from the vertex's own dominant joint (a hand's weight on a thigh);
//   * mean, 95th-percentile and max distance between the vertices deformed with our weights and
//     with the reference's, over one of the reference's clips (both with the reference's
//     skeleton, LBS), also in % of the rest height as ../shared/corpus/e2e_eval.py reports it.
#include <string>
#include <vector>

#include "character.h"

namespace rw {

struct SkinEvalParams {
  /// A joint influences a vertex when its weight exceeds this (RigNet counts non-zero weights;
  /// 1e-4 ignores round-off left by file formats and our pruned zeros alike).
  double influenceThreshold = 1e-4;
  /// Bleed counts weights above this: 5% moves a vertex visibly with a far bone, below it the
  /// pull is lost in the blend.
  double bleedWeight = 0.05;
  /// Bleed counts joints more than this many bones away (parent/child links) from the vertex's
  /// dominant joint: one or two away is a neighbouring joint's normal blend region.
  int bleedHops = 2;
  /// Poses sampled uniformly over the clip (and its two ends): enough to cover a walk cycle's
  /// extremes without making the eval slower than the solve.
  int framesPerClip = 30;
  /// The largest dominant-bone disagreements listed (reference bone, ours, vertices): where a
  /// weight view differs most from the artist's, the first thing to look at.
  int mismatchesListed = 12;
};

/// Vertices whose strongest joint is `reference`'s in the reference weights and `ours` in ours.
struct DominantMismatch {
  int reference = -1;
  int ours = -1;  ///< -1: the vertex has no weight from us
  int vertices = 0;
};

struct SkinEvalMetrics {
  int vertices = 0;
  double precision = 0.0;
  double recall = 0.0;
  double meanL1 = 0.0;
  /// Share of the vertices the reference weights whose strongest joint is the reference's.
  double dominantAgreement = 0.0;
  /// The largest disagreements, most vertices first (at most SkinEvalParams::mismatchesListed).
  std::vector<DominantMismatch> mismatches;
  /// Share of our vertices with a weight > bleedWeight from a joint more than bleedHops from
  /// their strongest joint; `referenceBleed` the same of the reference's own weights.
  double bleed = 0.0;
  double referenceBleed = 0.0;
  std::string clip;  ///< the clip the deformation was compared over (empty: none)
  int poses = 0;
  double meanDistance = 0.0;  ///< character units
  double p95Distance = 0.0;
  double maxDistance = 0.0;
  double meanDistanceRelative = 0.0;  ///< divided by the mesh size
  double maxDistanceRelative = 0.0;
  double height = 0.0;              ///< rest mesh's y extent (e2e_eval.py's unit)
  double meanDistanceHeight = 0.0;  ///< divided by the height
  double p95DistanceHeight = 0.0;
};

/// Compares `ours` (per source vertex of `reference.mesh`, joints of `reference.skeleton`) with
/// `reference.skin` over `reference.clips[clip]` (no such clip, e.g. -1: no deformation
/// distance).
SkinEvalMetrics evaluateSkin(const Character& reference, const SkinWeights& ours, int clip = 0,
                             const SkinEvalParams& params = {});

/// Index of the clip called `name`, else of the first whose name contains it; -1 when none.
int findClip(const std::vector<AnimationClip>& clips, const std::string& name);

/// Number of parent/child links between every two joints (joints in different trees: a large
/// number). distance[a][b].
std::vector<std::vector<int>> jointHops(const Skeleton& skeleton);

/// The joint with the largest weight (ties: the first listed), -1 when there is none.
int dominantJoint(const std::vector<Influence>& influences);

/// Share of vertices with a weight > `weight` from a joint more than `hops` links from their
/// dominant joint (vertices with no weight are not counted out: they have no dominant joint).
double bleedShare(const SkinWeights& weights, const std::vector<std::vector<int>>& hopsBetween,
                  double weight, int hops);

}  // namespace rw

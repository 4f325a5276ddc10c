#pragma once
// Skinning metrics against a reference rig (RigNet, Xu et al. 2020, §6 "skinning evaluation"):
//   * influence precision / recall: a joint influences a vertex when its weight exceeds a
//     threshold; precision = |ours ∩ ref| / |ours|, recall = |ours ∩ ref| / |ref| over all
//     vertices;
//   * mean L1 distance between the weight vectors of a vertex;
//   * mean and max distance between the vertices deformed with our weights and with the
//     reference's, over the reference's animation (both with the reference's skeleton, LBS).
#include <string>

#include "character.h"

namespace rw {

struct SkinEvalParams {
  /// A joint influences a vertex when its weight exceeds this (RigNet counts non-zero weights;
  /// 1e-4 ignores round-off left by file formats and our pruned zeros alike).
  double influenceThreshold = 1e-4;
  /// Poses sampled uniformly over the clip (and its two ends): enough to cover a walk cycle's
  /// extremes without making the eval slower than the solve.
  int framesPerClip = 30;
};

struct SkinEvalMetrics {
  int vertices = 0;
  double precision = 0.0;
  double recall = 0.0;
  double meanL1 = 0.0;
  std::string clip;  ///< the clip the deformation was compared over (empty: none)
  int poses = 0;
  double meanDistance = 0.0;  ///< character units
  double maxDistance = 0.0;
  double meanDistanceRelative = 0.0;  ///< divided by the mesh size
  double maxDistanceRelative = 0.0;
};

/// Compares `ours` (per source vertex of `reference.mesh`, joints of `reference.skeleton`) with
/// `reference.skin` over `reference.clips[clip]` (no clip: no deformation distance).
SkinEvalMetrics evaluateSkin(const Character& reference, const SkinWeights& ours, int clip = 0,
                             const SkinEvalParams& params = {});

}  // namespace rw

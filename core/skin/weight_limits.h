#pragma once
// Clean-up of skin weights for export and GPU skinning (after bone heat, Baran & Popović 2007
// §4, whose weights are dense): tiny weights pruned with a smooth ramp, at most N influences per
// vertex, every vertex renormalized to sum to 1.
#include <vector>

#include "skin/skin_weights.h"

namespace rw {

struct WeightLimitParams {
  /// Weights below this vanish. Heat diffusion gives every bone a long thin tail of weight
  /// across its neighbours' skin; artists' weights have none: under 5% a bone's pull is lost
  /// in the blend, yet each such influence costs a GPU slot and an export entry.
  double pruneBelow = 0.05;
  /// Between pruneBelow and this, weights are scaled down by a smoothstep instead of cut: a
  /// weight near the threshold changes continuously across neighbouring vertices (no seam
  /// where a hard cut would flip from kept to dropped), and a blend region ends sooner than
  /// heat diffusion's, as artists' do. Measured against artist rigs (humans and animals), a ramp
  /// to 0.3 rather than 0.03 brought the skin's motion a fifth closer to the artist's (median
  /// vertex distance over their walks) without moving the 95th percentile.
  double pruneRampEnd = 0.3;
  /// At most this many influences per vertex, the strongest kept: 4 is what glTF's
  /// JOINTS_0/WEIGHTS_0, game engines and GPU skinning shaders take. 0 = unlimited.
  int maxInfluences = 4;
};

struct WeightLimitReport {
  int prunedInfluences = 0;  ///< influences removed by the ramp
  int limitedVertices = 0;   ///< vertices that had more than maxInfluences left
  int maxInfluencesBefore = 0;
};

/// Smooth prune of one vertex's influences then renormalization; the strongest influence is
/// always kept. Returns the number of influences removed.
int pruneInfluences(std::vector<Influence>& influences, double below, double rampEnd);

/// Keeps the `maxInfluences` strongest influences and renormalizes (0 = no limit). Returns
/// true when some were dropped.
bool limitInfluences(std::vector<Influence>& influences, int maxInfluences);

/// Both, over every vertex (weights are normalized first).
WeightLimitReport applyWeightLimits(SkinWeights& weights, const WeightLimitParams& params = {});

}  // namespace rw

#pragma once
// Stray islands of weight: a bone's dominant region is normally one connected piece of skin. A
// small piece apart from it (skin of a thigh that a fingertip resting in it is nearest to, a
// patch of the head nearest to a face bone across a fold) moves with a bone nothing around it
// moves with, and shows as a dent or a spike when the bone turns. Artists remove them by hand
// (Maya's and Blender's "remove islands" clean-ups); here each island takes the weights of the
// skin around it, filled inwards from its border.
#include <vector>

#include "skin/skin_weights.h"

namespace rw {

struct WeightIslandParams {
  /// A piece of a bone's dominant region other than its largest is an island when every
  /// region around it belongs to a bone more than this many parent/child links away: a bone's
  /// own skin borders its neighbours' (the blend across a joint), a stray piece lies inside the
  /// skin of an unrelated part. As BoneHeatParams::maxHopsFromDominant. -1: none removed.
  int maxBorderHops = 2;
};

struct WeightIslandReport {
  int islands = 0;   ///< pieces refilled from their surroundings
  int vertices = 0;  ///< vertices in them
};

/// Finds the islands of every bone's dominant region over the surface graph `neighbours`
/// (`hopsBetween[a][b]`: links between the bones the influences name, skin_eval.h's jointHops)
/// and gives each island vertex the mean weights of its neighbours outside the island, the
/// border first, then inwards ring by ring. A piece with no neighbour outside it (a separate
/// mesh part such as an eyeball) is kept. Weights stay normalized.
WeightIslandReport removeWeightIslands(const std::vector<std::vector<int>>& neighbours,
                                       const std::vector<std::vector<int>>& hopsBetween,
                                       std::vector<std::vector<Influence>>& perVertex,
                                       const WeightIslandParams& params = {});

}  // namespace rw

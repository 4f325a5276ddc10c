#pragma once
// The discrete skeleton embedding of Baran & Popović 2007, §3.3–3.4: every reduced joint put on
// a centre of the sphere graph so that a penalty on the embedded chains is least, found by
// branch and bound (A* over partial embeddings, joints in the reduced skeleton's order, each
// partial embedding's cost bounded below by the best each next chain could do alone).
//
// The paper's nine basis penalties are weighted by a maximum-margin fit on 62 characters we do
// not have; these are the terms it names, weighted by hand and scale-free (lengths as ratios,
// heights as fractions of the character's):
//   per chain, f_i(v, v_parent): short / long path against the chain's scaled rest length,
//   orientation against the rest direction, a zero-length chain, a leaf short of the graph's
//   end, a foot above the bottom;
//   between chains, f_D: mirrored chains of different lengths, chains sharing centres.
#include <string>
#include <vector>

#include "embed/reduced_skeleton.h"
#include "embed/sphere_graph.h"

namespace rw {

struct DiscreteEmbeddingParams {
  /// ((L − ℓ) / L)² for a path ℓ shorter than the chain's scaled rest length L (§3.3 "short
  /// bones"): a chain squeezed into a short path puts its end mid-limb.
  double shortChain = 1.0;
  /// ((ℓ − L) / L)² for a longer path, milder: proportions vary between characters more in
  /// that direction (long legs, long necks) and refinement shortens.
  double longChain = 0.25;
  /// (cos θ₀ − cos θ) between the embedded chain and its rest direction when θ exceeds
  /// θ₀ = orientationFreeDegrees (§3.3 "improper orientation"): what tells left from right and
  /// up from down.
  double orientation = 2.0;
  /// Turns up to this go free: a skeleton in a T pose embeds in a character in an A pose (arms
  /// 45° down) without pulling its chest down to make the arms level.
  double orientationFreeDegrees = 50.0;
  /// A chain that leaves its parent sideways (its rest offset's left-right part over
  /// sideFraction of its length) but is embedded on the other side of its parent: legs point
  /// down, and a leg on the wrong side turns by less than the orientation's free angle.
  double wrongSide = 2.0;
  double sideFraction = 0.05;
  /// A chain whose two ends share a centre (§3.3 "zero-length bone chains").
  double zeroChain = 4.0;
  /// A leaf at a centre the path could go on from, away from its parent, by the fraction of
  /// the chain's length it could go on (§3.3 "degree-one joints not at extreme vertices").
  double leafShort = 1.0;
  /// A foot's height above the graph's lowest centre, as a fraction of the character's height
  /// (§3.3 "feet away from the bottom").
  double footHeight = 4.0;
  /// |ℓa − ℓb| / max(ℓa, ℓb) for mirrored chains (§3.3 "length differences in bones marked
  /// symmetric").
  double asymmetry = 1.0;
  /// Per centre a chain shares with another chain (their common joint aside), over the chain's
  /// centres (§3.3 "bone chains sharing vertices").
  double sharing = 2.0;
  /// The first upper bound: a greedy embedding from each of this many most promising roots.
  int greedyRoots = 16;
  /// The search stops after this many expansions and keeps the best full embedding known
  /// (worst-case exponential; a greedy embedding bounds it from the start).
  long maxExpansions = 20000;
};

/// The character's frame the penalties read: Y up, both facing +Z (the retarget's convention).
struct EmbeddingFrame {
  double scale = 1.0;   ///< character units per skeleton unit
  double bottom = 0.0;  ///< the character's lowest Y
  double height = 1.0;  ///< its extent along Y
};

struct DiscreteEmbedding {
  bool found = false;
  std::string reason;       ///< why not, when not found
  std::vector<int> vertex;  ///< per reduced joint, its graph centre
  double penalty = 0.0;
  long expansions = 0;
  bool optimal = false;  ///< false when the search stopped early (the best known is kept)
};

DiscreteEmbedding embedDiscrete(const ReducedSkeleton& skeleton, const SphereGraph& graph,
                                const EmbeddingFrame& frame,
                                const DiscreteEmbeddingParams& params = {});

}  // namespace rw

#pragma once
// The discrete skeleton embedding of Baran & Popović 2007, §3.3–3.4: every reduced joint put on
// a centre of the sphere graph so that a penalty on the embedded chains is least, found by
// branch and bound (A* over partial embeddings, joints in the reduced skeleton's order, each
// partial embedding's cost bounded below by the best each subtree below its placed joints could
// do, by the chains' own penalties; a greedy embedding with the same look-ahead bounds it above).
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
  /// The same chain ending across the character's midplane (EmbeddingFrame::middle): a leg
  /// may leave a hip placed over the other thigh on its own side and still share that thigh.
  /// Priced by the chain alone, it enters the search's lower bound; without it the bound let
  /// both legs down one leg and both arms into one arm, and with the spheres a 128-cell grid
  /// packs in a human (175) the search gave up before proving anything.
  double acrossMidplane = 2.0;
  /// A mirrored chain's end (a hand, a foot) whose height in the character (fraction of its
  /// height above its bottom) differs from its rest height in the skeleton by more than
  /// restHeightFree, by the excess. Not one of §3.3's terms: with a skeleton in an A pose a
  /// hand hanging by the hips costs the orientation term nothing at the bottom of a leg (45°
  /// from straight down), and the arms went down the legs; the search's bound, blind to the
  /// chains' sharing of the legs, then gave up. Paired limbs only: a head or a tail is held
  /// high or low as the character pleases (the bull's tail is raised), and the band leaves
  /// room for poses and proportions (a crouch, long legs).
  double restHeight = 2.0;
  double restHeightFree = 0.25;
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
  /// A point on its midplane (the plane across the skeleton's lateral axis through it): the
  /// centre of its box. (The mirror plane's search cost 10-50 ms on large meshes and gave the
  /// same side for every chain end the term prices.)
  Eigen::Vector3d middle = Eigen::Vector3d::Zero();
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

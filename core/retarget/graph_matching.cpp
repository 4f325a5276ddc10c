#include "retarget/graph_matching.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <map>
#include <optional>
#include <tuple>

#include "graph/rooted_tree.h"
#include "retarget/pair_alignment.h"

namespace rw {

const char* matchRuleName(MatchRule rule) {
  switch (rule) {
    case MatchRule::Exact:
      return "exact";
    case MatchRule::TagsOnly:
      return "tags only";
    case MatchRule::TagNoLevel:
      return "tag without symmetry level";
    case MatchRule::Direction:
      return "direction";
  }
  return "exact";
}

namespace {

/// A mesh arc that can continue a skeleton node, with the connectors leading to it.
struct Candidate {
  int arc = -1;
  std::vector<int> connectors;
};

/// One resolution level seen as a rooted tree, with the branchings that the mesh splits into
/// several nodes a hair apart (the shoulders: left arm, then right arm, a few samples lower)
/// treated as one branching, as symmetry detection does (SymmetryParams::flatBranchFraction).
struct LevelView {
  const MultiresLevel* level = nullptr;
  const GraphSymmetry* symmetry = nullptr;
  RootedTree tree;
  double flatRange = 0.0;  ///< f difference below which a connector is part of a branching

  const TopologyGraph& graph() const { return level->graph; }

  bool isConnector(int arc) const {
    const int child = tree.childNode[arc];
    if (child < 0 || tree.childArcs[child].empty()) return false;  // a leaf is a limb
    const SymmetryTag tag = symmetry->arcs[arc].tag;
    if (tag == SymmetryTag::Axial || tag == SymmetryTag::Radial) return false;
    const int parent = graph().other(arc, child);
    return std::abs(graph().nodes[child].f - graph().nodes[parent].f) <= flatRange;
  }

  std::vector<Candidate> candidates(int node) const {
    std::vector<Candidate> out;
    std::function<void(int, std::vector<int>&)> visit = [&](int n, std::vector<int>& via) {
      for (int a : tree.childArcs[n]) {
        if (isConnector(a)) {
          via.push_back(a);
          visit(tree.childNode[a], via);
          via.pop_back();
        } else {
          out.push_back({a, via});
        }
      }
    };
    std::vector<int> via;
    if (node >= 0 && node < int(tree.childArcs.size())) visit(node, via);
    return out;
  }

  /// Polyline of `arc` oriented away from the head.
  std::vector<Eigen::Vector3d> orientedPolyline(int arc) const {
    std::vector<Eigen::Vector3d> p = graph().arcs[arc].polyline;
    if (tree.childNode[arc] == graph().arcs[arc].from) std::reverse(p.begin(), p.end());
    return p;
  }
};

using LShape = std::pair<int, int>;  // {1, children}: Poirier's first two descriptor numbers

/// Tags equal. Radial limbs are numbered by length on each graph, and lengths do not tell a leg
/// from a tail, so a ring's numbers are compared only when `ringNumbers` (the rings are paired
/// by direction instead: Matcher::assignRing).
bool sameTags(const ArcSymmetry& a, const ArcSymmetry& b, bool withLevel, bool ringNumbers) {
  if (a.tag != b.tag) return false;
  if (withLevel && a.level != b.level) return false;
  if (a.tag == SymmetryTag::Axial && a.side != b.side) return false;
  if (ringNumbers && a.tag == SymmetryTag::Radial && a.radialIndex != b.radialIndex) return false;
  return true;
}

int tagRank(SymmetryTag tag) {
  switch (tag) {
    case SymmetryTag::Primary:
      return 0;
    case SymmetryTag::Axial:
      return 1;
    case SymmetryTag::Radial:
      return 2;
    case SymmetryTag::None:
      return 3;
  }
  return 3;
}

class Matcher {
 public:
  explicit Matcher(const MatchingInput& in) : in_(in) {
    for (int l = 0; l < in.mesh->levelCount(); ++l) {
      LevelView view;
      view.level = &in.mesh->levels[l];
      view.symmetry = &(*in.meshSymmetry)[l];
      view.tree = rootTree(view.level->graph);
      double lo = std::numeric_limits<double>::infinity(), hi = -lo;
      for (const GraphNode& n : view.level->graph.nodes)
        lo = std::min(lo, n.f), hi = std::max(hi, n.f);
      view.flatRange = hi > lo ? in.flatBranchFraction * (hi - lo) : 0.0;
      views_.push_back(std::move(view));
      used_.emplace_back(in.mesh->levels[l].graph.arcCount(), 0);
    }
    skeletonTree_ = rootTree(in.skeleton->graph);
    const int arcs = in.skeleton->graph.arcCount();
    result_.matchOfArc.assign(arcs, -1);
    result_.meshNodeOfNode.assign(in.skeleton->graph.nodeCount(), {-1, -1});
    handled_.assign(arcs, 0);
  }

  GraphMatching run() {
    if (views_.empty()) return std::move(result_);
    if (in_.skeletonStartArc >= 0) {
      result_.partial = true;
      const int l = in_.meshStartLevel, arcM = in_.meshStartArc, arcS = in_.skeletonStartArc;
      if (l < 0 || l >= int(views_.size()) || arcM < 0 || arcM >= views_[l].graph().arcCount() ||
          arcS >= in_.skeleton->graph.arcCount() || views_[l].tree.childNode[arcM] < 0 ||
          skeletonTree_.childNode[arcS] < 0)
        return std::move(result_);
      const int startS = in_.skeleton->graph.other(arcS, skeletonTree_.childNode[arcS]);
      const int startM = views_[l].graph().other(arcM, views_[l].tree.childNode[arcM]);
      result_.meshNodeOfNode[startS] = {l, startM};
      // The chosen arcs are matched as they are, whatever their tags; below them, Algorithm 1.
      std::vector<std::pair<int, std::pair<int, int>>> next;
      record(arcS, l, Candidate{arcM, {}}, MatchRule::Exact, {}, next);
      for (const auto& [childS, where] : next) matchNode(childS, where.first, where.second);
      return std::move(result_);
    }
    const int startS = in_.skeleton->graph.root;
    const int startM = views_.front().graph().root;
    if (startS >= 0 && startM >= 0) matchNode(startS, 0, startM);
    return std::move(result_);
  }

 private:
  LShape skeletonShape(int node) const { return {1, int(skeletonTree_.childArcs[node].size())}; }
  LShape meshShape(int level, int node) const {
    return {1, int(views_[level].candidates(node).size())};
  }
  LShape skeletonArcShape(int arc) const { return skeletonShape(skeletonTree_.childNode[arc]); }
  LShape meshArcShape(int level, int arc) const {
    return meshShape(level, views_[level].tree.childNode[arc]);
  }

  Eigen::Vector3d skeletonDirection(int arc) const {
    const int child = skeletonTree_.childNode[arc];
    const Eigen::Vector3d d =
        in_.skeleton->graph.nodes[child].position -
        in_.skeleton->graph.nodes[in_.skeleton->graph.other(arc, child)].position;
    return d.normalized();
  }
  Eigen::Vector3d meshDirection(int level, const Candidate& c) const {
    const std::vector<Eigen::Vector3d> p = views_[level].orientedPolyline(c.arc);
    Eigen::Vector3d start = p.front();
    if (!c.connectors.empty()) start = views_[level].orientedPolyline(c.connectors.front()).front();
    return (p.back() - start).normalized();
  }

  /// Algorithm 1's inner loop: from (level, arc), walk to finer levels until the local shape
  /// equals the skeleton arc's. Leading merged arcs at a finer level become connectors. A trunk
  /// arc also wants every limb pair of the skeleton's trunk beyond it along the mesh's
  /// (pairsAlongTrunk), walking on for them; without them anywhere, its first level of the
  /// right shape.
  bool refineToShape(int arcS, int& level, Candidate& c) const {
    const LShape want = skeletonArcShape(arcS);
    const double coarseLength = views_[level].graph().arcs[c.arc].length;
    const std::vector<PairFeature> pairs = trunkPairsBeyond(arcS);
    std::optional<std::pair<int, Candidate>> shaped;
    int l = level;
    Candidate cur = c;
    while (true) {
      if (meshArcShape(l, cur.arc) == want) {
        // A finer arc ending at a small bump near its start is not the limb (where the pairs
        // beyond it are all there, they say it is: the trunk's first pair is nearer).
        const bool bump =
            views_[l].graph().arcs[cur.arc].length < in_.heuristics.minRefinedLength * coarseLength;
        if (bump && !shaped) break;
        if (!shaped) shaped = {l, cur};
        if (pairsAlongTrunk(pairs, l, cur)) {
          level = l;
          c = cur;
          return true;
        }
      }
      if (l + 1 >= int(views_.size())) break;
      const std::vector<int>& finer = views_[l].level->arcFiner[cur.arc];
      const MultiresLevel& next = *views_[l + 1].level;
      Candidate step;  // connectors of level l+1 only: the caller keeps the coarser ones
      int found = -1;
      for (int f : finer) {
        if (next.arcCollapsedInto[f] >= 0) {
          step.connectors.push_back(f);
          continue;
        }
        found = f;
        break;
      }
      if (found < 0) break;
      step.arc = found;
      cur = step;
      ++l;
    }
    if (!shaped) return false;
    std::tie(level, c) = *shaped;
    return true;
  }

  /// The skeleton's limb pairs along its trunk beyond primary arc `arcS` (none for other arcs,
  /// or where its far node has no pair).
  std::vector<PairFeature> trunkPairsBeyond(int arcS) const {
    const int far = skeletonTree_.childNode[arcS];
    if (in_.skeletonSymmetry->arcs[arcS].tag != SymmetryTag::Primary || far < 0 ||
        !skeletonPairAt(far))
      return {};
    return skeletonTrunkPairs(far);
  }

  /// Whether the mesh's trunk beyond candidate `c` on `level` has a limb pair for each of
  /// `pairs` (PairAlignmentParams::missingPairCost): a coarse level can filter a pair of short
  /// limbs away with the bumps (the corpus's rhino's forelegs), and the trunk then took
  /// the hind legs' pair for the forelegs'.
  bool pairsAlongTrunk(const std::vector<PairFeature>& pairs, int level, const Candidate& c) const {
    if (pairs.empty() || !in_.heuristics.refineForMissingPairs) return true;
    const int node = views_[level].tree.childNode[c.arc];
    return node < 0 ||
           everyPairAligned(pairs, meshTrunk(level, node).pairs, in_.heuristics.pairAlignment);
  }

  std::vector<Eigen::Vector3d> pathOf(int level, const Candidate& c,
                                      const std::vector<Eigen::Vector3d>& prefix) const {
    std::vector<Eigen::Vector3d> path = prefix;
    for (int a : c.connectors) {
      const auto p = views_[level].orientedPolyline(a);
      path.insert(path.end(), p.begin(), p.end());
    }
    const auto p = views_[level].orientedPolyline(c.arc);
    path.insert(path.end(), p.begin(), p.end());
    return path;
  }

  void markUsed(int level, int arc) {
    // This arc and every coarser arc containing it …
    for (int l = level, a = arc; l >= 0 && a >= 0; --l) {
      used_[l][a] = 1;
      a = l > 0 ? views_[l].level->arcCoarser[a] : -1;
    }
    // … and the finer arcs it is made of (not the merged connectors it shares with siblings).
    std::function<void(int, int)> down = [&](int l, int a) {
      if (l + 1 >= int(views_.size())) return;
      for (int f : views_[l].level->arcFiner[a]) {
        if (views_[l + 1].level->arcCollapsedInto[f] >= 0) continue;
        used_[l + 1][f] = 1;
        down(l + 1, f);
      }
    };
    down(level, arc);
  }

  /// Arc length plus the longest way down below it.
  double reach(int arcS) const {
    return in_.skeleton->graph.arcs[arcS].length +
           skeletonTree_.height[skeletonTree_.childNode[arcS]];
  }

  void markSubtreeUnmatched(int arcS, const std::string& reason) {
    if (handled_[arcS]) return;
    handled_[arcS] = 1;
    result_.unmatched.push_back({arcS, reason});
    const int child = skeletonTree_.childNode[arcS];
    if (child < 0) return;
    for (int a : skeletonTree_.childArcs[child])
      markSubtreeUnmatched(a, "below unmatched arc " + std::to_string(arcS));
  }

  void markHiddenSubtree(int arcS) {
    const std::size_t first = result_.unmatched.size();
    markSubtreeUnmatched(arcS,
                         "the mesh hides this limb (one mesh limb for a mirrored pair: a "
                         "robe or a skirt); predicted from the skeleton's proportions");
    for (std::size_t i = first; i < result_.unmatched.size(); ++i)
      result_.unmatched[i].hidden = true;
  }

  void record(int arcS, int level, const Candidate& c, MatchRule rule,
              const std::vector<Eigen::Vector3d>& prefix,
              std::vector<std::pair<int, std::pair<int, int>>>& next) {
    ArcMatch m;
    m.skeletonArc = arcS;
    m.level = level;
    m.meshArc = c.arc;
    m.connectors = c.connectors;
    m.rule = rule;
    m.skeletonTag = in_.skeletonSymmetry->arcs[arcS].tag;
    m.path = pathOf(level, c, prefix);
    markUsed(level, c.arc);
    handled_[arcS] = 1;
    result_.matchOfArc[arcS] = int(result_.matches.size());
    result_.matches.push_back(std::move(m));
    // The far node, at the coarsest level that still has the skeleton node's local shape.
    int l = level, node = views_[level].tree.childNode[c.arc];
    int childS = skeletonTree_.childNode[arcS];
    if (views_[level].candidates(node).empty() && !skeletonTree_.childArcs[childS].empty()) {
      // The mesh limb ends here but the skeleton goes on: its longest chain follows the limb
      // to its end, the side branches have nothing to go to.
      ArcMatch& match = result_.matches.back();
      while (!skeletonTree_.childArcs[childS].empty()) {
        const std::vector<int>& below = skeletonTree_.childArcs[childS];
        const int longest = *std::max_element(below.begin(), below.end(),
                                              [&](int a, int b) { return reach(a) < reach(b); });
        // One mesh limb going on where the skeleton branches into a mirrored pair: the mesh
        // hides the pair (legs in one skirt). The longest chain still follows the limb, so that
        // the trunk above takes its share of it; placement then predicts both sides.
        const bool hidesPair = in_.skeletonSymmetry->arcs[longest].tag == SymmetryTag::Axial;
        match.hiddenPair = match.hiddenPair || hidesPair;
        for (int a : below)
          if (a != longest && hidesPair)
            markHiddenSubtree(a);
          else if (a != longest)
            markSubtreeUnmatched(a, "the mesh limb ends before this branch");
        match.extension.push_back(longest);
        handled_[longest] = 1;
        result_.matchOfArc[longest] = result_.matchOfArc[arcS];
        childS = skeletonTree_.childNode[longest];
      }
      return;
    }
    while (l > 0) {
      const int coarser = views_[l].level->nodeCoarser[node];
      if (coarser < 0 || meshShape(l - 1, coarser) != skeletonShape(childS)) break;
      node = coarser;
      --l;
    }
    next.push_back({childS, {l, node}});
  }

  /// A mesh candidate's reach: its connectors, its arc and the longest way below it.
  double meshReach(int level, const Candidate& c) const {
    const LevelView& view = views_[level];
    double length = view.graph().arcs[c.arc].length + view.tree.height[view.tree.childNode[c.arc]];
    for (int a : c.connectors) length += view.graph().arcs[a].length;
    return length;
  }

  /// The skeleton's trunk from `node` outwards: its paired branchings, following at each node
  /// the primary child arc that reaches farthest.
  std::vector<PairFeature> skeletonTrunkPairs(int node) const {
    std::vector<PairFeature> pairs;
    const double total = skeletonTree_.height[in_.skeleton->graph.root];
    while (node >= 0 && total > 0) {
      PairFeature pair;
      int sides = 0, next = -1;
      for (int a : skeletonTree_.childArcs[node]) {
        const SymmetryTag tag = in_.skeletonSymmetry->arcs[a].tag;
        if (isSideLimb(tag)) {
          pair.direction += foldedDirection(skeletonDirection(a));
          pair.reach += reach(a) / total;
          ++sides;
        } else if (tag == SymmetryTag::Primary && (next < 0 || reach(a) > reach(next))) {
          next = a;
        }
      }
      if (sides >= 2) pairs.push_back({pair.direction / sides, pair.reach / sides});
      node = next >= 0 ? skeletonTree_.childNode[next] : -1;
    }
    return pairs;
  }

  /// The mesh's trunk on `level` from `node` outwards, as skeletonTrunkPairs, with the arcs
  /// walked from `node` to each paired branching.
  struct MeshTrunk {
    std::vector<PairFeature> pairs;
    std::vector<std::vector<int>> arcsTo;
  };
  MeshTrunk meshTrunk(int level, int node) const {
    const LevelView& view = views_[level];
    const double total = view.tree.height[view.graph().root];
    auto reachOf = [&](const Candidate& c) { return meshReach(level, c); };
    MeshTrunk trunk;
    std::vector<int> walked;
    while (node >= 0 && total > 0) {
      PairFeature pair;
      int sides = 0;
      const Candidate* next = nullptr;
      const std::vector<Candidate> around = view.candidates(node);
      for (const Candidate& c : around) {
        const SymmetryTag tag = view.symmetry->arcs[c.arc].tag;
        if (isSideLimb(tag)) {
          pair.direction += foldedDirection(meshDirection(level, c));
          pair.reach += reachOf(c) / total;
          ++sides;
        } else if (tag == SymmetryTag::Primary && (!next || reachOf(c) > reachOf(*next))) {
          next = &c;
        }
      }
      if (sides >= 2) {
        trunk.pairs.push_back({pair.direction / sides, pair.reach / sides});
        trunk.arcsTo.push_back(walked);
      }
      if (!next) break;
      walked.insert(walked.end(), next->connectors.begin(), next->connectors.end());
      walked.push_back(next->arc);
      node = view.tree.childNode[next->arc];
    }
    return trunk;
  }

  /// Without tags to go by, a mesh arc is a candidate only if it reaches about as far, relative
  /// to its graph's height, as the skeleton arc: a belly or chest helper bone pointing down
  /// would otherwise take a leg.
  bool comparableReach(int arcS, int level, const Candidate& c) const {
    const LevelView& view = views_[level];
    const double skeletonTotal = skeletonTree_.height[in_.skeleton->graph.root];
    const double meshTotal = view.tree.height[view.graph().root];
    if (!(skeletonTotal > 0) || !(meshTotal > 0)) return true;
    const double ratio = (meshReach(level, c) / meshTotal) / (reach(arcS) / skeletonTotal);
    return ratio <= in_.heuristics.maxDirectionReachRatio &&
           ratio >= 1.0 / in_.heuristics.maxDirectionReachRatio;
  }

  bool skeletonPairAt(int node) const {
    int sides = 0;
    for (int a : skeletonTree_.childArcs[node])
      sides += isSideLimb(in_.skeletonSymmetry->arcs[a].tag) ? 1 : 0;
    return sides >= 2;
  }

  /// Whether every branch off the mesh's trunk at `node` (on `level`) looks less like the
  /// skeleton's limb pair `limbs` than a pair that costs `pairCostThere` does, by at least
  /// PairAlignmentParams::minGain (pair_alignment.h's rule for passing a pair).
  bool lonesUnlike(int level, int node, const PairFeature& limbs, double pairCostThere) const {
    const LevelView& view = views_[level];
    const double total = view.tree.height[view.graph().root];
    if (!(total > 0)) return false;
    const Candidate* trunkOn = nullptr;
    const std::vector<Candidate> around = view.candidates(node);
    for (const Candidate& k : around)
      if (view.symmetry->arcs[k.arc].tag == SymmetryTag::Primary &&
          (!trunkOn || meshReach(level, k) > meshReach(level, *trunkOn)))
        trunkOn = &k;
    for (const Candidate& k : around) {
      if (&k == trunkOn) continue;
      const PairFeature lone{foldedDirection(meshDirection(level, k)), meshReach(level, k) / total};
      if (pairCost(limbs, lone, in_.heuristics.pairAlignment) <
          pairCostThere + in_.heuristics.pairAlignment.minGain)
        return false;
    }
    return true;
  }

  /// A trunk arc whose far node branches into a pair the skeleton's next pair does not look like
  /// (horns or ears before the forelegs, pair_alignment.h), or into no pair at all where the
  /// skeleton's does (a lone branch: an open mouth's lower jaw, whose split the chest took with
  /// no legs there, and the hips took the forelegs), goes on along the mesh's trunk to the
  /// branching that does; the branches passed keep no skeleton arc.
  void passExtraPairs(int arcS, int level, Candidate& c) {
    const int farS = skeletonTree_.childNode[arcS];
    if (farS < 0 || !skeletonPairAt(farS)) return;
    const MeshTrunk trunk = meshTrunk(level, views_[level].tree.childNode[c.arc]);
    if (trunk.arcsTo.empty()) return;
    const std::vector<PairFeature> skeletonPairs = skeletonTrunkPairs(farS);
    const int j = firstPairMatch(skeletonPairs, trunk.pairs, in_.heuristics.pairAlignment);
    if (j < 0 || skeletonPairs.empty()) return;
    // With no pair at the far node (it branches into a lone jaw or horn), even the first pair
    // along the mesh's trunk lies further on, unless a branch there looks like the skeleton's
    // limbs as much as that pair (an arm free, the other fused into a hand on the hip).
    const bool pairAtFarNode = trunk.arcsTo.front().empty();
    if (pairAtFarNode && j == 0) return;
    if (!pairAtFarNode &&
        !lonesUnlike(level, views_[level].tree.childNode[c.arc], skeletonPairs.front(),
                     pairCost(skeletonPairs.front(), trunk.pairs[j], in_.heuristics.pairAlignment)))
      return;
    const std::vector<int>& walk = trunk.arcsTo[j];
    markUsed(level, c.arc);
    c.connectors.push_back(c.arc);
    c.connectors.insert(c.connectors.end(), walk.begin(), walk.end() - 1);
    c.arc = walk.back();
    for (int a : walk) markUsed(level, a);
  }

  /// Where a skeleton arc would go on a mesh candidate under a rule, and how well it fits.
  struct Scored {
    double score = -std::numeric_limits<double>::infinity();
    int level = -1;  ///< < 0: the rule rejects the pair
    Candidate refined;
    MatchRule got = MatchRule::Exact;
  };

  /// The score of continuing skeleton arc `arcS` on mesh candidate `c` at `level`: the cosine of
  /// their directions, plus shapeBonus when a finer level has the arc's local shape (Algorithm
  /// 1's inner loop). Tag rules need equal tags (ring numbers only when `ringNumbers`); the
  /// direction rule needs a close direction and a comparable reach.
  Scored scoreCandidate(int arcS, MatchRule rule, int level, const Candidate& c,
                        bool ringNumbers) const {
    Scored s;
    const double cosine = skeletonDirection(arcS).dot(meshDirection(level, c));
    if (rule == MatchRule::Direction) {
      if (cosine <= in_.heuristics.minDirectionCosine || !comparableReach(arcS, level, c)) return s;
      s.score = cosine, s.level = level, s.refined = c, s.got = rule;
      return s;
    }
    const ArcSymmetry& tags = in_.skeletonSymmetry->arcs[arcS];
    const ArcSymmetry& meshTags = views_[level].symmetry->arcs[c.arc];
    if (!sameTags(tags, meshTags, rule == MatchRule::Exact, ringNumbers)) return s;
    s.level = level, s.refined = c, s.got = rule;
    const bool shaped = refineToShape(arcS, s.level, s.refined);
    if (!shaped) {
      s.level = level, s.refined = c;
      if (rule == MatchRule::Exact) s.got = MatchRule::TagsOnly;
    }
    s.score = cosine + (shaped ? in_.heuristics.shapeBonus : 0.0);  // shape beats direction
    return s;
  }

  /// The skeleton's radial limbs at a node (two legs and a tail alike enough to be tagged three
  /// of a kind) paired with the mesh's radial candidates as a whole: the assignment that pairs
  /// the most limbs with the highest total score. Greedy one-by-one choice, or the rings' length
  /// numbers, can hand a leg's arc to the tail. Returns, per skeleton arc, its candidate index.
  std::map<int, int> assignRing(const std::vector<int>& arcsS, MatchRule rule, int level,
                                const std::vector<Candidate>& around) const {
    std::vector<int> ringS, ringM;
    for (int a : arcsS)
      if (!handled_[a] && in_.skeletonSymmetry->arcs[a].tag == SymmetryTag::Radial)
        ringS.push_back(a);
    for (int k = 0; k < int(around.size()); ++k)
      if (!used_[level][around[k].arc] &&
          views_[level].symmetry->arcs[around[k].arc].tag == SymmetryTag::Radial)
        ringM.push_back(k);
    // Each of a ring's limbs tried against each candidate: a few limbs at most, past which the
    // search is not worth it and the length numbers pair them.
    constexpr std::size_t maxRing = 6;
    if (ringS.empty() || ringM.empty() || ringS.size() > maxRing || ringM.size() > maxRing)
      return {};
    std::vector<std::vector<double>> score(ringS.size(), std::vector<double>(ringM.size()));
    for (std::size_t i = 0; i < ringS.size(); ++i)
      for (std::size_t j = 0; j < ringM.size(); ++j) {
        const Scored s = scoreCandidate(ringS[i], rule, level, around[ringM[j]], false);
        score[i][j] = s.level >= 0 ? s.score : std::numeric_limits<double>::quiet_NaN();
      }
    std::vector<int> pick(ringS.size(), -1), best = pick;
    std::vector<char> taken(ringM.size(), 0);
    std::pair<int, double> bestValue{-1, 0.0};
    std::function<void(std::size_t, int, double)> search = [&](std::size_t i, int n, double sum) {
      if (i == ringS.size()) {
        if (n > bestValue.first || (n == bestValue.first && sum > bestValue.second))
          bestValue = {n, sum}, best = pick;
        return;
      }
      search(i + 1, n, sum);  // this limb left for the later rules
      for (std::size_t j = 0; j < ringM.size(); ++j) {
        if (taken[j] || std::isnan(score[i][j])) continue;
        taken[j] = 1, pick[i] = int(j);
        search(i + 1, n + 1, sum + score[i][j]);
        taken[j] = 0, pick[i] = -1;
      }
    };
    search(0, 0, 0.0);
    std::map<int, int> out;
    for (std::size_t i = 0; i < ringS.size(); ++i)
      if (best[i] >= 0) out[ringS[i]] = ringM[best[i]];
    return out;
  }

  void matchNode(int nodeS, int level, int nodeM) {
    result_.meshNodeOfNode[nodeS] = {level, nodeM};
    const SkeletonGraph& sg = *in_.skeleton;
    const GraphSymmetry& ssym = *in_.skeletonSymmetry;
    std::vector<int> arcsS = skeletonTree_.childArcs[nodeS];
    std::stable_sort(arcsS.begin(), arcsS.end(), [&](int a, int b) {
      const int ra = tagRank(ssym.arcs[a].tag), rb = tagRank(ssym.arcs[b].tag);
      if (ra != rb) return ra < rb;
      return sg.graph.arcs[a].length > sg.graph.arcs[b].length;
    });
    const std::vector<Candidate> around = views_[level].candidates(nodeM);
    std::vector<std::pair<int, std::pair<int, int>>> next;  // (skeleton node, (level, mesh node))
    for (MatchRule rule : {MatchRule::Exact, MatchRule::TagNoLevel, MatchRule::Direction}) {
      const std::map<int, int> ring = rule == MatchRule::Direction
                                          ? std::map<int, int>{}
                                          : assignRing(arcsS, rule, level, around);
      for (int arcS : arcsS) {
        if (handled_[arcS]) continue;
        const auto ringPick = ring.find(arcS);
        Scored best;
        std::vector<Eigen::Vector3d> bestPrefix;
        for (int k = 0; k < int(around.size()); ++k) {
          const Candidate& c = around[k];
          if (used_[level][c.arc]) continue;
          if (ringPick != ring.end() && ringPick->second != k) continue;
          const Scored s = scoreCandidate(arcS, rule, level, c, ringPick == ring.end());
          if (s.level < 0 || !(s.score > best.score)) continue;
          best = s;
          // Refined to a finer level: the connectors walked on this level lead to it.
          bestPrefix.clear();
          if (s.level != level)
            for (int a : c.connectors) {
              const auto p = views_[level].orientedPolyline(a);
              bestPrefix.insert(bestPrefix.end(), p.begin(), p.end());
            }
        }
        if (best.level < 0) continue;
        if (ssym.arcs[arcS].tag == SymmetryTag::Primary)
          passExtraPairs(arcS, best.level, best.refined);
        record(arcS, best.level, best.refined, best.got, bestPrefix, next);
      }
    }
    for (int arcS : arcsS)
      if (!handled_[arcS])
        markSubtreeUnmatched(arcS, "no unused mesh arc left at the mesh node matched to its start");
    for (const auto& [childS, where] : next) matchNode(childS, where.first, where.second);
  }

  const MatchingInput& in_;
  std::vector<LevelView> views_;
  std::vector<std::vector<char>> used_;
  RootedTree skeletonTree_;
  GraphMatching result_;
  std::vector<char> handled_;
};

}  // namespace

GraphMatching matchGraphs(const MatchingInput& input) {
  if (!input.skeleton || !input.skeletonSymmetry || !input.mesh || !input.meshSymmetry ||
      input.mesh->levels.empty())
    return {};
  return Matcher(input).run();
}

}  // namespace rw

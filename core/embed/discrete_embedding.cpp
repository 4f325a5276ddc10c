#include "embed/discrete_embedding.h"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <queue>

namespace rw {
namespace {

constexpr double kInfinite = std::numeric_limits<double>::infinity();

/// f_i for every chain and every pair of centres (parent's, its own), and per parent centre
/// the least the chain and every chain below it could add together, their f_i alone: the lower
/// bound of a subtree not yet embedded. (Bounding by each next chain alone left the chains below
/// it free: a human's arms and head added nothing while only the hips were placed, and with
/// 175 spheres the search ran out of steps before it proved anything.)
struct ChainTables {
  int centres = 0;
  std::vector<std::vector<double>> penalty;  ///< [joint][parent centre * centres + centre]
  std::vector<std::vector<double>> least;    ///< [joint][parent centre], the subtree's
  double at(int joint, int parentCentre, int centre) const {
    return penalty[joint][std::size_t(parentCentre) * centres + centre];
  }
  /// Per centre, the least the subtrees hanging from joint i could add with i there.
  std::vector<double> below(const ReducedSkeleton& s, int i) const {
    std::vector<double> sum(centres, 0.0);
    for (int c : s.joints[i].children)
      for (int v = 0; v < centres; ++v) sum[v] += least[c][v];
    return sum;
  }
};

/// room[vp][v]: how much farther than v a path from vp can go through v — the deepest centre
/// below v in the tree of shortest paths from vp, less v's own distance. A leaf at a centre
/// with room is short of the end of its limb (§3.3's "extreme vertices").
std::vector<std::vector<double>> roomBeyond(const SphereGraph& g) {
  const int n = g.size();
  std::vector<std::vector<double>> room(n, std::vector<double>(n, 0.0));
  tbb::parallel_for(0, n, [&](int vp) {
    const std::vector<double>& d = g.distances[vp];
    std::vector<int> order(n);
    for (int v = 0; v < n; ++v) order[v] = v;
    std::sort(order.begin(), order.end(), [&](int a, int b) { return d[a] > d[b]; });
    std::vector<double> deepest(d);  // deepest distance below each centre, itself included
    for (int v : order) {
      const int up = g.previous[vp][v];
      if (up >= 0 && std::isfinite(deepest[v])) deepest[up] = std::max(deepest[up], deepest[v]);
    }
    for (int v = 0; v < n; ++v)
      room[vp][v] = std::isfinite(d[v]) ? std::max(0.0, deepest[v] - d[v]) : 0.0;
  });
  return room;
}

/// f_i of `chain` from centre vp to centre v; restHeight: its end's rest height as a fraction
/// of the skeleton's.
double chainPenalty(const ReducedJoint& chain, double restHeight, const Eigen::Vector3d& lateral,
                    const SphereGraph& g, int vp, int v, double room, double lowest,
                    const EmbeddingFrame& frame, const DiscreteEmbeddingParams& p) {
  const double path = g.distances[vp][v];
  if (!std::isfinite(path)) return kInfinite;
  const double expected = std::max(chain.length * frame.scale, 1e-12);
  if (v == vp) return p.zeroChain + p.shortChain;
  double f = 0.0;
  const double ratio = (path - expected) / expected;
  f += ratio < 0.0 ? p.shortChain * ratio * ratio : p.longChain * ratio * ratio;
  const Eigen::Vector3d embedded = g.centres[v] - g.centres[vp];
  if (chain.offset.norm() > 1e-12 && embedded.norm() > 1e-12)
    f += p.orientation * std::max(0.0, std::cos(p.orientationFreeDegrees * M_PI / 180.0) -
                                           embedded.normalized().dot(chain.offset.normalized()));
  const double side = chain.offset.dot(lateral);
  if (std::abs(side) > p.sideFraction * chain.length) {
    if (side * embedded.dot(lateral) < 0.0) f += p.wrongSide;
    if (side * (g.centres[v] - frame.middle).dot(lateral) < 0.0) f += p.acrossMidplane;
  }
  if (chain.mirror >= 0) {
    const double height = (g.centres[v].y() - frame.bottom) / std::max(frame.height, 1e-12);
    f += p.restHeight * std::max(0.0, std::abs(height - restHeight) - p.restHeightFree);
  }
  if (chain.children.empty()) f += p.leafShort * std::min(1.0, room / expected);
  if (chain.foot)
    f += p.footHeight * std::max(0.0, g.centres[v].y() - lowest) / std::max(frame.height, 1e-12);
  return f;
}

ChainTables chainTables(const ReducedSkeleton& s, const SphereGraph& g, const EmbeddingFrame& frame,
                        const DiscreteEmbeddingParams& p) {
  ChainTables t;
  const int n = g.size();
  t.centres = n;
  t.penalty.assign(s.size(), {});
  t.least.assign(s.size(), std::vector<double>(n, kInfinite));
  double lowest = kInfinite;
  for (const Eigen::Vector3d& c : g.centres) lowest = std::min(lowest, c.y());
  const std::vector<std::vector<double>> room = roomBeyond(g);
  tbb::parallel_for(1, s.size(), [&](int i) {
    const double restHeight =
        (s.rest[s.joints[i].joint].y() - s.bottom) / std::max(s.height, 1e-12);
    t.penalty[i].resize(std::size_t(n) * n);
    for (int vp = 0; vp < n; ++vp)
      for (int v = 0; v < n; ++v)
        t.penalty[i][std::size_t(vp) * n + v] = chainPenalty(s.joints[i], restHeight, s.lateral, g,
                                                             vp, v, room[vp][v], lowest, frame, p);
  });
  // Children come after their parents: the subtrees' bounds from the leaves up.
  for (int i = s.size() - 1; i >= 1; --i) {
    const std::vector<double> below = t.below(s, i);
    tbb::parallel_for(0, n, [&](int vp) {
      double least = kInfinite;
      for (int v = 0; v < n; ++v) least = std::min(least, t.at(i, vp, v) + below[v]);
      t.least[i][vp] = least;
    });
  }
  return t;
}

/// A partial embedding: the first vertex.size() reduced joints placed.
struct Partial {
  double cost = 0.0;   ///< penalty of the placed joints
  double bound = 0.0;  ///< cost + the least each subtree hanging from a placed joint could add
  std::vector<int> vertex;
};

/// What the placed joints hold of the graph: per centre, a joint on it, and how many chains'
/// paths run through it (their parent's centre aside).
struct Occupancy {
  std::vector<char> joint;
  std::vector<int> chains;
};
Occupancy occupancy(const ReducedSkeleton& s, const SphereGraph& g, const std::vector<int>& at) {
  Occupancy o{std::vector<char>(g.size(), 0), std::vector<int>(g.size(), 0)};
  for (std::size_t k = 0; k < at.size(); ++k) {
    o.joint[at[k]] = 1;
    if (k == 0) continue;
    const int from = at[s.joints[k].parent];
    for (int c = at[k]; c >= 0 && c != from; c = g.previous[from][c]) ++o.chains[c];
  }
  return o;
}

/// f_D of joint i at centre v given the joints placed before it: mirrored chains of unequal
/// length, and centres shared with other chains; no two joints on one centre.
double dependentPenalty(const ReducedSkeleton& s, const SphereGraph& g, const Partial& partial,
                        const Occupancy& held, int i, int v, const DiscreteEmbeddingParams& p) {
  const ReducedJoint& chain = s.joints[i];
  const int vp = partial.vertex[chain.parent];
  if (held.joint[v] && v != vp) return kInfinite;  // a zero-length chain is f_i's to price
  double f = 0.0;
  if (chain.mirror >= 0 && chain.mirror < i) {
    const ReducedJoint& other = s.joints[chain.mirror];
    const double a = g.distances[vp][v];
    const double b = g.distances[partial.vertex[other.parent]][partial.vertex[chain.mirror]];
    if (std::max(a, b) > 0.0) f += p.asymmetry * std::abs(a - b) / std::max(a, b);
  }
  if (p.sharing > 0.0 && v != vp) {
    int shared = 0, steps = 0;
    for (int c = v; c >= 0 && c != vp; c = g.previous[vp][c]) {
      ++steps;
      shared += held.chains[c] > 0;
    }
    if (shared > 0) f += p.sharing * double(shared) / double(std::max(steps, 1));
  }
  return f;
}

/// Each joint in turn at its best centre given those before it (its own penalty and the least
/// its subtree could add there): a full embedding whose penalty bounds the search from above
/// (partials that cannot beat it are not kept).
Partial greedyEmbedding(const ReducedSkeleton& s, const SphereGraph& g, const ChainTables& t,
                        const DiscreteEmbeddingParams& p) {
  Partial best{kInfinite, kInfinite, {}};
  // From the roots whose chains could do best alone (a greedy run per centre costs the graph's
  // size squared; the bound only needs a good embedding, not the best greedy one).
  std::vector<std::pair<double, int>> roots;
  for (int root = 0; root < g.size(); ++root) {
    double bound = 0.0;
    for (int c : s.joints[0].children) bound += t.least[c][root];
    if (std::isfinite(bound)) roots.push_back({bound, root});
  }
  const std::size_t tried = std::min<std::size_t>(roots.size(), std::max(p.greedyRoots, 1));
  std::partial_sort(roots.begin(), roots.begin() + long(tried), roots.end());
  roots.resize(tried);
  for (const auto& [rootBound, root] : roots) {
    Partial partial{0.0, 0.0, {root}};
    for (int i = 1; i < s.size() && std::isfinite(partial.cost); ++i) {
      const int vp = partial.vertex[s.joints[i].parent];
      const Occupancy held = occupancy(s, g, partial.vertex);
      const std::vector<double> below = t.below(s, i);
      double chosen = kInfinite, chosenCost = kInfinite;
      int at = -1;
      for (int v = 0; v < g.size(); ++v) {
        const double f = t.at(i, vp, v);
        if (!std::isfinite(f) || f + below[v] >= chosen) continue;
        const double cost = f + dependentPenalty(s, g, partial, held, i, v, p);
        if (std::isfinite(cost) && cost + below[v] < chosen) {
          chosen = cost + below[v];
          chosenCost = cost;
          at = v;
        }
      }
      partial.cost += chosenCost;
      partial.vertex.push_back(at);
    }
    if (partial.cost < best.cost) best = partial;
  }
  best.bound = best.cost;
  return best;
}

}  // namespace

DiscreteEmbedding embedDiscrete(const ReducedSkeleton& s, const SphereGraph& g,
                                const EmbeddingFrame& frame, const DiscreteEmbeddingParams& p) {
  DiscreteEmbedding out;
  if (s.size() == 0) return out.reason = "the skeleton has no deform joint", out;
  if (g.size() == 0) return out.reason = "the mesh holds no sphere (no inside found)", out;
  const ChainTables tables = chainTables(s, g, frame, p);
  const int n = g.size();
  const Partial greedy = greedyEmbedding(s, g, tables, p);
  const double ceiling = greedy.cost * (1.0 + 1e-12);  // only partials that could beat it
  std::vector<Partial> pool;
  using Entry = std::pair<double, std::size_t>;  // bound, index in pool
  std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> queue;
  for (int v = 0; v < n; ++v) {
    Partial root{0.0, 0.0, {v}};
    for (int c : s.joints[0].children) root.bound += tables.least[c][v];
    if (!std::isfinite(root.bound) || root.bound >= ceiling) continue;
    pool.push_back(std::move(root));
    queue.push({pool.back().bound, pool.size() - 1});
  }
  while (!queue.empty()) {
    const std::size_t at = queue.top().second;
    queue.pop();
    const Partial partial = pool[at];
    const int i = int(partial.vertex.size());
    if (i == s.size()) {
      out.found = out.optimal = true;
      out.vertex = partial.vertex;
      out.penalty = partial.cost;
      return out;
    }
    if (++out.expansions > p.maxExpansions) break;
    const ReducedJoint& chain = s.joints[i];
    const int vp = partial.vertex[chain.parent];
    const double rest = partial.bound - partial.cost - tables.least[i][vp];
    const Occupancy held = occupancy(s, g, partial.vertex);
    for (int v = 0; v < n; ++v) {
      double cost = partial.cost + tables.at(i, vp, v);
      if (!std::isfinite(cost)) continue;
      cost += dependentPenalty(s, g, partial, held, i, v, p);
      if (!std::isfinite(cost)) continue;
      double bound = cost + rest;
      for (int c : chain.children) bound += tables.least[c][v];
      if (!std::isfinite(bound) || bound >= ceiling) continue;
      Partial next{cost, bound, partial.vertex};
      next.vertex.push_back(v);
      pool.push_back(std::move(next));
      queue.push({bound, pool.size() - 1});
    }
  }
  // Nothing left that could beat the greedy embedding: it is the best (or the search gave up,
  // and it is the best known).
  if (std::isfinite(greedy.cost) && int(greedy.vertex.size()) == s.size()) {
    out.found = true;
    out.optimal = out.expansions <= p.maxExpansions;
    out.vertex = greedy.vertex;
    out.penalty = greedy.cost;
    return out;
  }
  out.reason = out.expansions > p.maxExpansions
                   ? "the search gave up after " + std::to_string(p.maxExpansions) + " steps"
                   : "no embedding reaches every chain (the sphere graph is in pieces)";
  return out;
}

}  // namespace rw

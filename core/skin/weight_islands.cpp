#include "skin/weight_islands.h"

#include <algorithm>
#include <map>

#include "skin/skin_eval.h"
#include "util/union_find.h"

namespace rw {
namespace {

/// Per vertex, its piece: vertices joined by an edge when they have the same dominant bone.
struct DominantPieces {
  std::vector<int> dominant;  ///< per vertex, -1: no weight
  std::vector<int> piece;     ///< per vertex, its piece's representative
  std::vector<int> size;      ///< per representative, the piece's vertex count
};

DominantPieces dominantPieces(const std::vector<std::vector<int>>& neighbours,
                              const std::vector<std::vector<Influence>>& perVertex) {
  const int n = int(perVertex.size());
  DominantPieces out;
  out.dominant.resize(n);
  for (int v = 0; v < n; ++v) out.dominant[v] = dominantJoint(perVertex[v]);
  UnionFind pieces(n);
  for (int v = 0; v < n; ++v)
    for (int u : neighbours[v])
      if (out.dominant[v] >= 0 && out.dominant[u] == out.dominant[v]) pieces.unite(v, u);
  out.piece.resize(n);
  out.size.assign(n, 0);
  for (int v = 0; v < n; ++v) ++out.size[out.piece[v] = pieces.find(v)];
  return out;
}

/// Marks the vertices of the pieces that are not their bone's largest and border only bones
/// more than `maxHops` links from it.
std::vector<char> islandVertices(const DominantPieces& p,
                                 const std::vector<std::vector<int>>& neighbours,
                                 const std::vector<std::vector<int>>& hopsBetween, int maxHops) {
  const int n = int(p.dominant.size());
  std::map<int, int> largest;  // bone -> representative of its largest piece
  for (int v = 0; v < n; ++v) {
    if (p.dominant[v] < 0 || p.piece[v] != v) continue;
    auto [it, added] = largest.emplace(p.dominant[v], v);
    if (!added && p.size[v] > p.size[it->second]) it->second = v;
  }
  std::vector<char> nearBorder(n, 0);  // per representative: borders a near bone's skin
  const int bones = int(hopsBetween.size());
  for (int v = 0; v < n; ++v)
    for (int u : neighbours[v]) {
      const int a = p.dominant[v], b = p.dominant[u];
      if (a < 0 || b < 0 || a == b) continue;
      if (a >= bones || b >= bones || hopsBetween[a][b] <= maxHops) nearBorder[p.piece[v]] = 1;
    }
  std::vector<char> island(n, 0);
  for (int v = 0; v < n; ++v) {
    const int r = p.piece[v];
    island[v] = p.dominant[v] >= 0 && largest[p.dominant[v]] != r && !nearBorder[r];
  }
  return island;
}

/// Mean of the influence lists, normalized.
std::vector<Influence> meanInfluences(const std::vector<const std::vector<Influence>*>& lists) {
  std::map<int, double> sum;
  for (const auto* list : lists)
    for (const Influence& i : *list) sum[i.joint] += i.weight;
  double total = 0.0;
  for (const auto& [joint, w] : sum) total += w;
  std::vector<Influence> out;
  for (const auto& [joint, w] : sum)
    if (w > 0.0) out.push_back({joint, w / total});
  return out;
}

}  // namespace

WeightIslandReport removeWeightIslands(const std::vector<std::vector<int>>& neighbours,
                                       const std::vector<std::vector<int>>& hopsBetween,
                                       std::vector<std::vector<Influence>>& perVertex,
                                       const WeightIslandParams& params) {
  WeightIslandReport report;
  if (params.maxBorderHops < 0 || perVertex.empty()) return report;
  const DominantPieces pieces = dominantPieces(neighbours, perVertex);
  std::vector<char> pending = islandVertices(pieces, neighbours, hopsBetween, params.maxBorderHops);
  std::vector<char> refilled(perVertex.size(), 0);  // per piece representative
  // Ring by ring from the border: a vertex takes the mean of its settled neighbours (outside
  // the island, or filled in an earlier ring). What no ring reaches (a whole part) stays.
  for (;;) {
    std::vector<std::pair<int, std::vector<Influence>>> ring;
    for (int v = 0; v < int(perVertex.size()); ++v) {
      if (!pending[v]) continue;
      std::vector<const std::vector<Influence>*> settled;
      for (int u : neighbours[v])
        if (!pending[u] && !perVertex[u].empty()) settled.push_back(&perVertex[u]);
      if (!settled.empty()) ring.emplace_back(v, meanInfluences(settled));
    }
    if (ring.empty()) break;
    for (auto& [v, weights] : ring) {
      perVertex[v] = std::move(weights);
      pending[v] = 0;
      ++report.vertices;
      if (!refilled[pieces.piece[v]]) {
        refilled[pieces.piece[v]] = 1;
        ++report.islands;
      }
    }
  }
  return report;
}

}  // namespace rw

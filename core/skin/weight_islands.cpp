#include "skin/weight_islands.h"

#include <tbb/parallel_for.h>

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
  tbb::parallel_for(0, n, [&](int v) { out.dominant[v] = dominantJoint(perVertex[v]); });
  UnionFind pieces(n);
  for (int v = 0; v < n; ++v)
    for (int u : neighbours[v])
      if (out.dominant[v] >= 0 && out.dominant[u] == out.dominant[v]) pieces.unite(v, u);
  out.piece.resize(n);
  out.size.assign(n, 0);
  for (int v = 0; v < n; ++v) ++out.size[out.piece[v] = pieces.find(v)];
  return out;
}

/// Marks the vertices of the pieces that border only bones more than `maxHops` links from
/// theirs: every such piece when its bone has a piece that borders its neighbours' skin (the
/// bone's own region, however small: a fingertip's, beside a larger stray patch on a skirt),
/// else every such piece but the bone's largest.
std::vector<char> islandVertices(const DominantPieces& p,
                                 const std::vector<std::vector<int>>& neighbours,
                                 const std::vector<std::vector<int>>& hopsBetween, int maxHops) {
  const int n = int(p.dominant.size());
  std::vector<char> nearBorder(n, 0);  // per representative: borders a near bone's skin
  const int bones = int(hopsBetween.size());
  for (int v = 0; v < n; ++v)
    for (int u : neighbours[v]) {
      const int a = p.dominant[v], b = p.dominant[u];
      if (a < 0 || b < 0 || a == b) continue;
      if (a >= bones || b >= bones || hopsBetween[a][b] <= maxHops) nearBorder[p.piece[v]] = 1;
    }
  const int boneCount = n == 0 ? 0 : 1 + *std::max_element(p.dominant.begin(), p.dominant.end());
  std::vector<int> largest(boneCount, -1);   // per bone, the representative of its largest piece
  std::vector<char> bordered(boneCount, 0);  // per bone, a piece borders its neighbours' skin
  for (int v = 0; v < n; ++v) {
    const int bone = p.dominant[v];
    if (bone < 0 || p.piece[v] != v) continue;
    if (largest[bone] < 0 || p.size[v] > p.size[largest[bone]]) largest[bone] = v;
    bordered[bone] = bordered[bone] || nearBorder[v];
  }
  std::vector<char> island(n, 0);
  for (int v = 0; v < n; ++v) {
    const int r = p.piece[v], bone = p.dominant[v];
    island[v] = bone >= 0 && !nearBorder[r] && (bordered[bone] || largest[bone] != r);
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
  const std::vector<char> pending =
      islandVertices(pieces, neighbours, hopsBetween, params.maxBorderHops);
  // Ring by ring from the border (a breadth-first walk from the settled skin): a vertex takes
  // the mean of its neighbours settled before its ring (outside the island, or filled in an
  // earlier ring). What the walk does not reach (a whole part) stays.
  const int n = int(perVertex.size());
  std::vector<int> ring(n, -1), order;
  for (int v = 0; v < n; ++v) {
    if (!pending[v]) continue;
    for (int u : neighbours[v])
      if (!pending[u] && !perVertex[u].empty()) {
        ring[v] = 1;
        order.push_back(v);
        break;
      }
  }
  for (std::size_t k = 0; k < order.size(); ++k)
    for (int u : neighbours[order[k]])
      if (pending[u] && ring[u] < 0) {
        ring[u] = ring[order[k]] + 1;
        order.push_back(u);
      }
  std::vector<char> refilled(n, 0);  // per piece representative
  for (std::size_t k = 0; k < order.size();) {
    // One ring at a time, so that a ring reads only the rings before it.
    std::size_t end = k;
    while (end < order.size() && ring[order[end]] == ring[order[k]]) ++end;
    std::vector<std::vector<Influence>> filled(end - k);
    for (std::size_t i = k; i < end; ++i) {
      const int v = order[i];
      std::vector<const std::vector<Influence>*> settled;
      for (int u : neighbours[v])
        if ((!pending[u] && !perVertex[u].empty()) || (ring[u] >= 0 && ring[u] < ring[v]))
          settled.push_back(&perVertex[u]);
      filled[i - k] = meanInfluences(settled);
    }
    for (std::size_t i = k; i < end; ++i) {
      const int v = order[i];
      perVertex[v] = std::move(filled[i - k]);
      ++report.vertices;
      if (!refilled[pieces.piece[v]]) {
        refilled[pieces.piece[v]] = 1;
        ++report.islands;
      }
    }
    k = end;
  }
  return report;
}

}  // namespace rw

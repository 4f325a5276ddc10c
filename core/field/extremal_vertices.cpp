#include "field/extremal_vertices.h"
#include "util/union_find.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace rw {

std::vector<ExtremalVertex> extremalVertices(const SurfaceDomain& d, const std::vector<double>& g,
                                             double meshSize, const ExtremaParams& params) {
  // 0-dimensional persistence of the superlevel sets of g: sweep vertices from far to near;
  // each vertex joins the regions of its already-swept neighbours; when two regions meet, the
  // one whose maximum is lower dies with persistence max - g(v).
  std::vector<int> order;
  for (int v = 0; v < d.vertexCount; ++v)
    if (d.active[v] && std::isfinite(g[v])) order.push_back(v);
  std::sort(order.begin(), order.end(),
            [&](int a, int b) { return g[a] != g[b] ? g[a] > g[b] : a < b; });
  UnionFind regions(d.vertexCount);
  std::vector<char> swept(d.vertexCount, 0);
  std::vector<int> peak(d.vertexCount, -1);  // region root -> its maximum vertex
  std::vector<double> persistence(d.vertexCount, 0.0);
  for (int v : order) {
    swept[v] = 1;
    peak[v] = v;
    for (int k = d.adjacencyStart[v]; k < d.adjacencyStart[v + 1]; ++k) {
      const int w = d.adjacency[k];
      if (!swept[w]) continue;
      const int a = regions.find(v), b = regions.find(w);
      if (a == b) continue;
      // The lower peak dies here (v is its saddle).
      const bool aHigher =
          g[peak[a]] > g[peak[b]] || (g[peak[a]] == g[peak[b]] && peak[a] < peak[b]);
      const int survivor = aHigher ? a : b, dying = aHigher ? b : a;
      if (peak[dying] != v) persistence[peak[dying]] = g[peak[dying]] - g[v];
      regions.attach(dying, survivor);
    }
  }
  std::vector<ExtremalVertex> result;
  const double threshold = params.minPersistenceFraction * meshSize;
  for (int v : order) {
    if (!swept[v]) continue;
    if (regions.find(v) == v && peak[v] >= 0)
      persistence[peak[v]] = std::numeric_limits<double>::infinity();
  }
  for (int v : order)  // cap centres (v >= meshVertexCount) are not surface points
    if (persistence[v] >= threshold && persistence[v] > 0 && v < d.meshVertexCount)
      result.push_back({v, g[v], persistence[v]});
  return result;  // already farthest first
}

}  // namespace rw

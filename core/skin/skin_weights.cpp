#include "skin/skin_weights.h"

#include <tbb/blocked_range.h>
#include <tbb/parallel_reduce.h>

#include <algorithm>
#include <cmath>

namespace rw {

bool SkinWeights::empty() const {
  for (const auto& v : perVertex)
    if (!v.empty()) return false;
  return true;
}

int SkinWeights::maxInfluences() const {
  std::size_t m = 0;
  for (const auto& v : perVertex) m = std::max(m, v.size());
  return static_cast<int>(m);
}

double SkinWeights::weightSum(int vertex) const {
  double s = 0.0;
  for (const Influence& i : perVertex[vertex]) s += i.weight;
  return s;
}

namespace {

/// Merges a vertex's duplicate joints, drops non-positive and non-finite weights, scales the
/// rest to sum 1 and orders them strongest first. True when the sum was not 1 already.
bool normalizeInfluences(std::vector<Influence>& influences) {
  std::sort(influences.begin(), influences.end(),
            [](const Influence& a, const Influence& b) { return a.joint < b.joint; });
  std::size_t kept = 0;  // merged in place: the first `kept` entries
  for (const Influence& i : influences) {
    if (!(i.weight > 0.0) || !std::isfinite(i.weight)) continue;
    if (kept > 0 && influences[kept - 1].joint == i.joint)
      influences[kept - 1].weight += i.weight;
    else
      influences[kept++] = i;
  }
  const bool hadAny = !influences.empty();
  influences.resize(kept);
  double sum = 0.0;
  for (const Influence& i : influences) sum += i.weight;
  if (sum > 0.0)
    for (Influence& i : influences) i.weight /= sum;
  std::stable_sort(influences.begin(), influences.end(),
                   [](const Influence& a, const Influence& b) { return a.weight > b.weight; });
  return hadAny && std::abs(sum - 1.0) > 1e-6;
}

}  // namespace

int SkinWeights::normalize() {
  // Vertices are independent; rigs have tens of thousands.
  return tbb::parallel_reduce(
      tbb::blocked_range<std::size_t>(0, perVertex.size()), 0,
      [&](const tbb::blocked_range<std::size_t>& r, int changed) {
        for (std::size_t v = r.begin(); v < r.end(); ++v)
          changed += normalizeInfluences(perVertex[v]) ? 1 : 0;
        return changed;
      },
      [](int a, int b) { return a + b; });
}

int SkinWeights::unweightedVertices() const {
  int n = 0;
  for (const auto& v : perVertex) n += v.empty();
  return n;
}

}  // namespace rw

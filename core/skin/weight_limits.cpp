#include "skin/weight_limits.h"

#include <tbb/blocked_range.h>
#include <tbb/parallel_reduce.h>

#include <algorithm>
#include <utility>

namespace rw {
namespace {

void sortAndNormalize(std::vector<Influence>& influences) {
  std::sort(influences.begin(), influences.end(), [](const Influence& a, const Influence& b) {
    return a.weight > b.weight || (a.weight == b.weight && a.joint < b.joint);
  });
  double sum = 0.0;
  for (const Influence& i : influences) sum += i.weight;
  if (sum > 0.0)
    for (Influence& i : influences) i.weight /= sum;
}

}  // namespace

int pruneInfluences(std::vector<Influence>& influences, double below, double rampEnd) {
  if (influences.empty()) return 0;
  sortAndNormalize(influences);
  const size_t before = influences.size();
  const double width = std::max(rampEnd - below, 1e-12);
  for (size_t k = 1; k < influences.size(); ++k) {  // the strongest one always stays
    const double t = std::clamp((influences[k].weight - below) / width, 0.0, 1.0);
    influences[k].weight *= t * t * (3.0 - 2.0 * t);
  }
  influences.erase(std::remove_if(influences.begin(), influences.end(),
                                  [](const Influence& i) { return !(i.weight > 0.0); }),
                   influences.end());
  sortAndNormalize(influences);
  return int(before - influences.size());
}

bool limitInfluences(std::vector<Influence>& influences, int maxInfluences) {
  sortAndNormalize(influences);
  if (maxInfluences <= 0 || int(influences.size()) <= maxInfluences) return false;
  influences.resize(maxInfluences);
  sortAndNormalize(influences);
  return true;
}

WeightLimitReport applyWeightLimits(SkinWeights& weights, const WeightLimitParams& params) {
  WeightLimitReport report;
  weights.normalize();
  report.maxInfluencesBefore = weights.maxInfluences();
  // Vertices are independent; rigs have tens of thousands.
  using Counts = std::pair<int, int>;  // pruned influences, limited vertices
  const Counts counts = tbb::parallel_reduce(
      tbb::blocked_range<std::size_t>(0, weights.perVertex.size()), Counts{0, 0},
      [&](const tbb::blocked_range<std::size_t>& r, Counts c) {
        for (std::size_t v = r.begin(); v < r.end(); ++v) {
          std::vector<Influence>& influences = weights.perVertex[v];
          c.first += pruneInfluences(influences, params.pruneBelow, params.pruneRampEnd);
          c.second += limitInfluences(influences, params.maxInfluences) ? 1 : 0;
        }
        return c;
      },
      [](Counts a, Counts b) {
        return Counts{a.first + b.first, a.second + b.second};
      });
  report.prunedInfluences = counts.first;
  report.limitedVertices = counts.second;
  return report;
}

}  // namespace rw

#include "skin/skin_weights.h"

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

int SkinWeights::normalize() {
  int changed = 0;
  for (auto& influences : perVertex) {
    std::sort(influences.begin(), influences.end(),
              [](const Influence& a, const Influence& b) { return a.joint < b.joint; });
    std::vector<Influence> merged;
    for (const Influence& i : influences) {
      if (!(i.weight > 0.0) || !std::isfinite(i.weight)) continue;
      if (!merged.empty() && merged.back().joint == i.joint)
        merged.back().weight += i.weight;
      else
        merged.push_back(i);
    }
    double sum = 0.0;
    for (const Influence& i : merged) sum += i.weight;
    if (!influences.empty() && std::abs(sum - 1.0) > 1e-6) ++changed;
    if (sum > 0.0)
      for (Influence& i : merged) i.weight /= sum;
    std::stable_sort(merged.begin(), merged.end(),
                     [](const Influence& a, const Influence& b) { return a.weight > b.weight; });
    influences = std::move(merged);
  }
  return changed;
}

int SkinWeights::unweightedVertices() const {
  int n = 0;
  for (const auto& v : perVertex) n += v.empty();
  return n;
}

}  // namespace rw

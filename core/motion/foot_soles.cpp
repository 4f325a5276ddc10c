#include "motion/foot_soles.h"

#include <algorithm>
#include <limits>

namespace rw {

std::vector<SolePoint> footSoles(const Character& c, const std::array<int, 2>& ankles,
                                 const FootSoleParams& params) {
  const Skeleton& s = c.skeleton;
  std::vector<int> footOfJoint(s.size(), -1);
  for (int j = 0; j < s.size(); ++j) {
    for (int side = 0; side < 2; ++side)
      if (j == ankles[side]) footOfJoint[j] = side;
    const int p = s.joints[j].parent;
    if (footOfJoint[j] < 0 && p >= 0) footOfJoint[j] = footOfJoint[p];
  }
  const auto& positions = c.mesh.source.positions;
  std::array<std::vector<SolePoint>, 2> feet;
  for (std::size_t v = 0; v < positions.size() && v < c.skin.perVertex.size(); ++v) {
    std::array<double, 2> share{0, 0};
    std::vector<Influence> influences;
    double total = 0;
    for (const Influence& i : c.skin.perVertex[v]) {
      if (i.joint < 0 || i.joint >= s.size() || !(i.weight > 0)) continue;
      total += i.weight;
      influences.push_back(i);
      if (footOfJoint[i.joint] >= 0) share[footOfJoint[i.joint]] += i.weight;
    }
    for (Influence& i : influences) i.weight /= total;
    for (int side = 0; side < 2; ++side)
      if (total > 0 && share[side] >= params.footWeightShare * total)
        feet[side].push_back({side, positions[v], influences});
  }
  std::vector<SolePoint> soles;
  for (auto& foot : feet) {
    if (foot.empty()) continue;
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (const SolePoint& p : foot) lo = std::min(lo, p.rest.y()), hi = std::max(hi, p.rest.y());
    std::erase_if(foot, [&](const SolePoint& p) {
      return p.rest.y() > lo + params.soleBandFraction * (hi - lo);
    });
    std::sort(foot.begin(), foot.end(),
              [](const SolePoint& a, const SolePoint& b) { return a.rest.y() < b.rest.y(); });
    const std::size_t keep = std::min<std::size_t>(foot.size(), params.maxPointsPerFoot);
    for (std::size_t k = 0; k < keep; ++k) soles.push_back(foot[k * foot.size() / keep]);
  }
  return soles;
}

}  // namespace rw

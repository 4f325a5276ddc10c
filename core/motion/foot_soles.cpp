#include "motion/foot_soles.h"

#include <algorithm>
#include <limits>
#include <map>

namespace rw {
namespace {

/// Vertex v as a point: its normalized influences and the limb end holding at least `share` of
/// its weight (-1: none). False when it has no usable weight.
bool pointOf(const Character& c, const std::vector<int>& endOf, std::size_t v, double share,
             SolePoint& p) {
  std::array<double, 4> held{0, 0, 0, 0};
  double total = 0;
  p = {-1, c.mesh.source.positions[v], {}};
  for (const Influence& i : c.skin.perVertex[v]) {
    if (i.joint < 0 || i.joint >= c.skeleton.size() || !(i.weight > 0)) continue;
    total += i.weight;
    p.influences.push_back(i);
    if (endOf[i.joint] >= 0) held[endOf[i.joint]] += i.weight;
  }
  if (total <= 0) return false;
  for (Influence& i : p.influences) i.weight /= total;
  for (int k = 0; k < 4; ++k)
    if (held[k] >= share * total) p.limb = k;
  return true;
}

}  // namespace

std::vector<int> limbEndOfJoint(const Skeleton& s, const std::array<int, 4>& ends) {
  std::vector<int> out(s.size(), -1);
  for (int j = 0; j < s.size(); ++j) {
    for (int k = 0; k < 4; ++k)
      if (j == ends[k]) out[j] = k;
    const int p = s.joints[j].parent;
    if (out[j] < 0 && p >= 0) out[j] = out[p];
  }
  return out;
}

std::vector<SolePoint> limbSoles(const Character& c, const std::array<int, 4>& ends,
                                 const FootSoleParams& params) {
  const std::vector<int> endOf = limbEndOfJoint(c.skeleton, ends);
  std::array<std::vector<SolePoint>, 4> limbs;
  const auto& positions = c.mesh.source.positions;
  for (std::size_t v = 0; v < positions.size() && v < c.skin.perVertex.size(); ++v) {
    SolePoint p;
    if (pointOf(c, endOf, v, params.endWeightShare, p) && p.limb >= 0)
      limbs[p.limb].push_back(std::move(p));
  }
  std::vector<SolePoint> soles;
  for (int k = 0; k < 4; ++k) {
    auto& limb = limbs[k];
    if (limb.empty()) continue;
    std::sort(limb.begin(), limb.end(),
              [](const SolePoint& a, const SolePoint& b) { return a.rest.y() < b.rest.y(); });
    if (k == kLeftFoot || k == kRightFoot) {
      const double lo = limb.front().rest.y(), hi = limb.back().rest.y();
      std::erase_if(limb, [&](const SolePoint& p) {
        return p.rest.y() > lo + params.soleBandFraction * (hi - lo);
      });
    }
    const std::size_t keep = std::min<std::size_t>(limb.size(), params.maxPointsPerEnd);
    for (std::size_t i = 0; i < keep; ++i) soles.push_back(limb[i * limb.size() / keep]);
  }
  return soles;
}

std::vector<SolePoint> bodyPoints(const Character& c, const std::array<int, 4>& limbRoots,
                                  double cellFraction) {
  const auto& positions = c.mesh.source.positions;
  if (positions.empty() || c.skin.perVertex.empty()) return {};
  const std::vector<int> limbOf = limbEndOfJoint(c.skeleton, limbRoots);
  Eigen::AlignedBox3d box;
  for (const Eigen::Vector3d& p : positions) box.extend(p);
  const double cell = std::max(cellFraction * box.sizes().y(), 1e-12);
  std::map<std::array<long, 3>, bool> taken;
  std::vector<SolePoint> points;
  for (std::size_t v = 0; v < positions.size() && v < c.skin.perVertex.size(); ++v) {
    SolePoint p;
    if (!pointOf(c, limbOf, v, 0.5, p) || p.limb >= 0) continue;
    const Eigen::Vector3d q = (positions[v] - box.min()) / cell;
    if (!taken.emplace(std::array<long, 3>{long(q.x()), long(q.y()), long(q.z())}, true).second)
      continue;
    points.push_back(std::move(p));
  }
  return points;
}

}  // namespace rw

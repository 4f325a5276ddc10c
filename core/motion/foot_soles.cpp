#include "motion/foot_soles.h"

#include <algorithm>
#include <limits>
#include <map>

namespace rw {
namespace {

/// Vertex v as a point with its usable influences, normalized (limb -1). False when it has no
/// usable weight.
bool influencesOf(const Character& c, std::size_t v, SolePoint& p) {
  p = {-1, c.mesh.source.positions[v], {}};
  double total = 0;
  for (const Influence& i : c.skin.perVertex[v]) {
    if (i.joint < 0 || i.joint >= c.skeleton.size() || !(i.weight > 0)) continue;
    total += i.weight;
    p.influences.push_back(i);
  }
  if (!(total > 0)) return false;
  for (Influence& i : p.influences) i.weight /= total;
  return true;
}

/// Vertex v as a point (influencesOf) and the limb end holding at least `share` of its weight
/// (-1: none).
bool pointOf(const Character& c, const std::vector<int>& endOf, std::size_t v, double share,
             SolePoint& p) {
  if (!influencesOf(c, v, p)) return false;
  std::array<double, 4> held{0, 0, 0, 0};
  for (const Influence& i : p.influences)
    if (endOf[i.joint] >= 0) held[endOf[i.joint]] += i.weight;
  for (int k = 0; k < 4; ++k)
    if (held[k] >= share) p.limb = k;
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

namespace {

/// Marks (0 in `out`) the roots of `layout`'s tails: chains of two joints or more with no limb,
/// leaving the body (not the head) backwards, their far end within acos(`tailCosine`) of the
/// direction from the chest to where the legs branch (else the root). `out` holds 0 at the
/// limbs' top joints.
void markTails(const Skeleton& s, const BodyLayout& layout, double tailCosine,
               std::vector<char>& out) {
  const int n = s.size();
  const std::vector<Transform> rest = s.restGlobals();
  const int hips = layout.legs[0].valid() && layout.legs[1].valid()
                       ? s.commonAncestor(layout.legs[0].upper, layout.legs[1].upper)
                       : layout.root;
  const Eigen::Vector3d forward =
      (rest[layout.chest].translation() - rest[hips < 0 ? layout.root : hips].translation())
          .normalized();
  std::vector<char> axial(n, 0), head(n, 0);
  for (int j = layout.root; j >= 0; j = s.joints[j].parent) axial[j] = 1;
  for (const std::vector<int>* chain : {&layout.spine, &layout.neck})
    for (int j : *chain) axial[j] = 1;
  for (int j = 0; j < n; ++j)  // parents come first
    head[j] = j == layout.head || (s.joints[j].parent >= 0 && head[s.joints[j].parent]);
  // Per subtree: its size, whether it holds a limb, and its far end from its parent.
  std::vector<int> size(n, 1);
  std::vector<char> holdsLimb(n, 0);
  std::vector<Eigen::Vector3d> tip(n);
  for (int j = 0; j < n; ++j) holdsLimb[j] = !out[j], tip[j] = rest[j].translation();
  for (int j = n - 1; j > 0; --j) {
    const int p = s.joints[j].parent;
    if (p < 0) continue;
    size[p] += size[j];
    holdsLimb[p] = holdsLimb[p] || holdsLimb[j];
    if ((tip[j] - rest[p].translation()).norm() > (tip[p] - rest[p].translation()).norm())
      tip[p] = tip[j];
  }
  for (int j = 0; j < n; ++j) {
    const int p = s.joints[j].parent;
    if (p < 0 || !out[p] || head[p] || axial[j] || holdsLimb[j] || size[j] < 2) continue;
    const Eigen::Vector3d away = tip[j] - rest[p].translation();
    if (away.norm() > 0 && away.normalized().dot(-forward) > tailCosine) out[j] = 0;
  }
}

}  // namespace

std::vector<char> bodyJoints(const Skeleton& s, const BodyLayout& layout, double tailCosine) {
  std::vector<char> out(s.size(), 1);
  for (const auto* limbs : {&layout.legs, &layout.arms})
    for (const BodyLimb& l : *limbs)
      if (l.valid()) out[l.collar >= 0 ? l.collar : l.upper] = 0;
  if (layout.root >= 0 && layout.chest >= 0) markTails(s, layout, tailCosine, out);
  for (int j = 0; j < s.size(); ++j)  // the subtrees of what is left out
    if (s.joints[j].parent >= 0 && !out[s.joints[j].parent]) out[j] = 0;
  return out;
}

std::vector<SolePoint> bodyPoints(const Character& c, const BodyLayout& layout, double cellFraction,
                                  double tailCosine) {
  const auto& positions = c.mesh.source.positions;
  if (positions.empty() || c.skin.perVertex.empty()) return {};
  const std::vector<char> body = bodyJoints(c.skeleton, layout, tailCosine);
  Eigen::AlignedBox3d box;
  for (const Eigen::Vector3d& p : positions) box.extend(p);
  const double cell = std::max(cellFraction * box.sizes().y(), 1e-12);
  std::map<std::array<long, 3>, bool> taken;
  std::vector<SolePoint> points;
  for (std::size_t v = 0; v < positions.size() && v < c.skin.perVertex.size(); ++v) {
    SolePoint p;
    if (!influencesOf(c, v, p)) continue;
    double onBody = 0;
    for (const Influence& i : p.influences)
      if (body[i.joint]) onBody += i.weight;
    if (onBody < 0.5) continue;
    const Eigen::Vector3d q = (positions[v] - box.min()) / cell;
    if (!taken.emplace(std::array<long, 3>{long(q.x()), long(q.y()), long(q.z())}, true).second)
      continue;
    points.push_back(std::move(p));
  }
  return points;
}

}  // namespace rw

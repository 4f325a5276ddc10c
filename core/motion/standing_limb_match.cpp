#include "motion/standing_limb_match.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "motion/joint_correspondence.h"

namespace rw {

std::optional<BodyExtent> skeletonExtent(const Skeleton& skeleton, const BodyLayout& layout,
                                         const std::vector<Transform>& rest) {
  double floor = std::numeric_limits<double>::infinity();
  for (const BodyLimb& leg : layout.legs)
    for (int j : leg.roles())
      if (j >= 0) floor = std::min(floor, rest[j].translation().y());
  double top = -std::numeric_limits<double>::infinity();
  for (int j = 0; j < skeleton.size(); ++j)
    if (skeleton.joints[j].deform) top = std::max(top, rest[j].translation().y());
  if (!std::isfinite(floor) || !(top > floor)) return std::nullopt;
  return BodyExtent{floor, top - floor};
}

std::optional<StandingProfile> standingProfile(const RigBody& body, const BodyLimb& limb,
                                               const StandingLimbParams& params) {
  if (!limb.valid() || !(body.extent.height > 0)) return std::nullopt;
  const std::vector<Transform>& rest = body.rest;
  StandingProfile p;
  const std::array<int, 5> roles = limb.roles();
  for (int r = 0; r < 5; ++r) {
    if (roles[r] < 0) continue;
    p.joints.push_back(roles[r]);
    p.height.push_back((rest[roles[r]].translation().y() - body.extent.floor) / body.extent.height);
    p.role.push_back(r);
  }
  if (*std::min_element(p.height.begin(), p.height.end()) > params.maxEndFraction)
    return std::nullopt;
  return p;
}

namespace {

/// The cheapest order-keeping alignment of the two profiles when a pair's roles are expected to
/// differ by `roleShift` (target role - source role): its cost and, per target joint, the index
/// of its source joint or -1.
std::pair<double, std::vector<int>> alignWithRoleShift(const StandingProfile& s,
                                                       const StandingProfile& t, int roleShift,
                                                       const StandingLimbParams& params) {
  // Edit-distance table: cost[i][k] aligns the first i source joints with the first k target
  // joints; step 0 pairs, 1 skips a source joint, 2 a target joint.
  const std::size_t ns = s.joints.size(), nt = t.joints.size();
  std::vector<std::vector<double>> cost(ns + 1, std::vector<double>(nt + 1, 0.0));
  std::vector<std::vector<int>> step(ns + 1, std::vector<int>(nt + 1, 0));
  for (std::size_t i = 1; i <= ns; ++i) cost[i][0] = double(i) * params.skipCost, step[i][0] = 1;
  for (std::size_t k = 1; k <= nt; ++k) cost[0][k] = double(k) * params.skipCost, step[0][k] = 2;
  for (std::size_t i = 1; i <= ns; ++i)
    for (std::size_t k = 1; k <= nt; ++k) {
      const bool sameRole = t.role[k - 1] - s.role[i - 1] == roleShift;
      const double pair = cost[i - 1][k - 1] + std::abs(s.height[i - 1] - t.height[k - 1]) +
                          (sameRole ? 0.0 : params.roleCost);
      const double skipSource = cost[i - 1][k] + params.skipCost;
      const double skipTarget = cost[i][k - 1] + params.skipCost;
      cost[i][k] = pair, step[i][k] = 0;
      if (skipSource < cost[i][k]) cost[i][k] = skipSource, step[i][k] = 1;
      if (skipTarget < cost[i][k]) cost[i][k] = skipTarget, step[i][k] = 2;
    }
  // Back through the table.
  std::vector<int> partner(nt, -1);
  for (std::size_t i = ns, k = nt; i > 0 || k > 0;) {
    const int how = step[i][k];
    if (how == 0) partner[k - 1] = int(i - 1);
    if (how != 2) --i;
    if (how != 1) --k;
  }
  return {cost[ns][nt], partner};
}

}  // namespace

std::vector<std::pair<int, int>> alignStandingLimbs(const StandingProfile& s,
                                                    const StandingProfile& t,
                                                    const StandingLimbParams& params) {
  // Two rigs may number one limb's roles from different starts (one with a femur bone before
  // its thigh makes its hip the girdle's role): then the roles agree where they differ as the
  // limbs' tops do. The alignment as the tops' roles number it replaces the one by equal roles
  // where it costs less (kept on a tie).
  std::pair<double, std::vector<int>> best = alignWithRoleShift(s, t, 0, params);
  if (!s.role.empty() && !t.role.empty() && t.role.front() != s.role.front()) {
    std::pair<double, std::vector<int>> shifted =
        alignWithRoleShift(s, t, t.role.front() - s.role.front(), params);
    if (shifted.first < best.first - 1e-12) best = std::move(shifted);
  }
  std::vector<std::pair<int, int>> pairs;
  for (std::size_t k = 0; k < t.joints.size(); ++k)
    if (best.second[k] >= 0) pairs.emplace_back(s.joints[best.second[k]], t.joints[k]);
  return pairs;
}

}  // namespace rw

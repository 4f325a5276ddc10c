#include "retarget/pair_alignment.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace rw {

Eigen::Vector3d foldedDirection(const Eigen::Vector3d& unit) {
  return {std::abs(unit.x()), unit.y(), std::abs(unit.z())};
}

double pairCost(const PairFeature& skeleton, const PairFeature& mesh,
                const PairAlignmentParams& params) {
  const double ns = skeleton.direction.norm(), nm = mesh.direction.norm();
  const double cosine = ns > 0 && nm > 0 ? skeleton.direction.dot(mesh.direction) / (ns * nm) : 0;
  const double ratio = skeleton.reach > 0 && mesh.reach > 0 ? mesh.reach / skeleton.reach : 1.0;
  return (1.0 - cosine) + params.reachWeight * std::abs(std::log(ratio));
}

namespace {

/// Least cost of aligning skeleton pairs [k, K) to mesh pairs [n, N) in order, skipping mesh
/// pairs for free and leaving the last skeleton pairs without one for
/// PairAlignmentParams::missingPairCost each: cost[k][n] filled backwards (the classic
/// subsequence alignment).
std::vector<std::vector<double>> alignmentCosts(const std::vector<PairFeature>& skeleton,
                                                const std::vector<PairFeature>& mesh,
                                                const PairAlignmentParams& params) {
  const std::size_t K = skeleton.size(), N = mesh.size();
  const double inf = std::numeric_limits<double>::infinity();
  std::vector<std::vector<double>> cost(K + 1, std::vector<double>(N + 1, inf));
  for (std::size_t n = 0; n <= N; ++n) cost[K][n] = 0.0;
  for (std::size_t k = K; k-- > 0;) cost[k][N] = double(K - k) * params.missingPairCost;
  for (std::size_t k = K; k-- > 0;)
    for (std::size_t n = N; n-- > 0;)
      cost[k][n] =
          std::min(cost[k][n + 1], pairCost(skeleton[k], mesh[n], params) + cost[k + 1][n + 1]);
  return cost;
}

}  // namespace

int firstPairMatch(const std::vector<PairFeature>& skeleton, const std::vector<PairFeature>& mesh,
                   const PairAlignmentParams& params) {
  if (skeleton.empty() || mesh.size() < 2) return 0;
  const auto cost = alignmentCosts(skeleton, mesh, params);
  // The first skeleton pair on mesh pair n, the rest aligned after it.
  auto startingAt = [&](std::size_t n) {
    return pairCost(skeleton[0], mesh[n], params) + cost[1][n + 1];
  };
  std::size_t best = 0;
  for (std::size_t n = 1; n < mesh.size(); ++n)
    if (startingAt(n) < startingAt(best)) best = n;
  return best > 0 && startingAt(best) + params.minGain < startingAt(0) ? int(best) : 0;
}

bool everyPairAligned(const std::vector<PairFeature>& skeleton,
                      const std::vector<PairFeature>& mesh, const PairAlignmentParams& params) {
  if (skeleton.empty()) return true;
  if (mesh.size() < skeleton.size()) return false;
  // The least cost with every skeleton pair on a mesh pair, against the least with some left.
  PairAlignmentParams forced = params;
  forced.missingPairCost = std::numeric_limits<double>::infinity();
  const double all = alignmentCosts(skeleton, mesh, forced)[0][0];
  return all <= alignmentCosts(skeleton, mesh, params)[0][0];
}

}  // namespace rw

#include "retarget/loop_cut_limbs.h"

#include <algorithm>
#include <cmath>
#include <memory>

#include "skin/bone_visibility.h"

namespace rw {
namespace {

/// The skeleton chain a match places: its arc and the extension arcs after it.
double chainLength(const SkeletonGraph& skeleton, const ArcMatch& m) {
  double length = skeleton.graph.arcs[m.skeletonArc].length;
  for (int e : m.extension) length += skeleton.graph.arcs[e].length;
  return length;
}

bool endsAtACut(const std::vector<Eigen::Vector3d>& path, const std::vector<LoopCut>& cuts,
                double tolerance) {
  for (const LoopCut& c : cuts)
    if ((c.position - path.back()).norm() <= tolerance) return true;
  return false;
}

/// The skeleton's scale in the mesh: the median of path over chain length of the matches that
/// do not end at a cut. 0 when there are none.
double meshPerSkeleton(const SkeletonGraph& skeleton, const GraphMatching& matching,
                       const std::vector<std::vector<Eigen::Vector3d>>& paths,
                       const std::vector<char>& atCut) {
  std::vector<double> ratios;
  for (std::size_t i = 0; i < paths.size(); ++i) {
    const double chain = chainLength(skeleton, matching.matches[i]);
    if (!atCut[i] && chain > 0.0 && paths[i].size() >= 2)
      ratios.push_back(polylineLength(paths[i]) / chain);
  }
  if (ratios.empty()) return 0.0;
  std::nth_element(ratios.begin(), ratios.begin() + ratios.size() / 2, ratios.end());
  return ratios[ratios.size() / 2];
}

/// Directions spread evenly over the unit sphere (a Fibonacci lattice).
std::vector<Eigen::Vector3d> sphereDirections(int count) {
  std::vector<Eigen::Vector3d> out;
  const double golden = M_PI * (3.0 - std::sqrt(5.0));
  for (int i = 0; i < count; ++i) {
    const double z = 1.0 - 2.0 * (i + 0.5) / count, r = std::sqrt(1.0 - z * z);
    out.emplace_back(r * std::cos(golden * i), r * std::sin(golden * i), z);
  }
  return out;
}

/// The path's last direction, over its last tenth (a single last step can be noise).
Eigen::Vector3d lastDirection(const std::vector<Eigen::Vector3d>& path) {
  const double back = 0.1 * polylineLength(path);
  double walked = 0.0;
  std::size_t i = path.size() - 1;
  while (i > 0 && walked < back) {
    walked += (path[i] - path[i - 1]).norm();
    --i;
  }
  return (path.back() - path[i]).normalized();
}

/// The way on from the path's end: the direction within the turn whose ray stays inside the
/// body longest, and that length.
std::pair<Eigen::Vector3d, double> wayOn(const std::vector<Eigen::Vector3d>& path,
                                         const SegmentOcclusion& rays,
                                         const LoopCutLimbParams& params) {
  const Eigen::Vector3d along = lastDirection(path);
  Eigen::Vector3d best = along;
  double longest = 0.0;
  if (!along.allFinite()) return {best, longest};
  for (const Eigen::Vector3d& d : sphereDirections(params.directions)) {
    if (d.dot(along) < params.maxTurnCosine) continue;
    const std::optional<double> inside = rays.hitDistance(path.back(), d);
    if (inside && *inside > longest) longest = *inside, best = d;
  }
  return {best, longest};
}

}  // namespace

std::vector<double> continueLimbsPastLoopCuts(const Mesh& mesh, const SkeletonGraph& skeleton,
                                              const GraphMatching& matching,
                                              const std::vector<LoopCut>& cuts,
                                              std::vector<std::vector<Eigen::Vector3d>>& paths,
                                              const LoopCutLimbParams& params) {
  const std::size_t count = paths.size();
  std::vector<double> added(count, 0.0);
  if (cuts.empty() || matching.partial || count != matching.matches.size()) return added;
  const double tolerance = params.cutTolerance * mesh.size();
  std::vector<char> atCut(count, 0);
  for (std::size_t i = 0; i < count; ++i)
    atCut[i] = paths[i].size() >= 2 && endsAtACut(paths[i], cuts, tolerance);
  if (std::none_of(atCut.begin(), atCut.end(), [](char c) { return c != 0; })) return added;
  const double scale = meshPerSkeleton(skeleton, matching, paths, atCut);
  if (!(scale > 0.0)) return added;

  std::unique_ptr<SegmentOcclusion> rays;  // built for the first short limb
  for (std::size_t i = 0; i < count; ++i) {
    if (!atCut[i]) continue;
    std::vector<Eigen::Vector3d>& path = paths[i];
    const double shown = polylineLength(path);
    const double wanted = scale * chainLength(skeleton, matching.matches[i]);
    if (shown >= params.shortShare * wanted) continue;
    if (!rays) rays = std::make_unique<SegmentOcclusion>(mesh.positions, mesh.triangles);
    const auto [direction, inside] = wayOn(path, *rays, params);
    const double length = std::min(wanted - shown, (1.0 - params.surfaceMargin) * inside);
    if (!(length > 0.0)) continue;
    // Samples as dense as the path's own, so placement can put joints along the way on.
    const double spacing = shown / double(std::max<std::size_t>(path.size() - 1, 1));
    const int steps = std::max(1, int(std::ceil(length / std::max(spacing, 1e-12))));
    const Eigen::Vector3d end = path.back();
    for (int s = 1; s <= steps; ++s) path.push_back(end + direction * (length * s / steps));
    added[i] = length;
  }
  return added;
}

}  // namespace rw

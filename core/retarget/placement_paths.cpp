#include "retarget/placement_paths.h"

#include <algorithm>
#include <memory>
#include <optional>

#include "skin/bone_visibility.h"

namespace rw {

std::vector<Eigen::Vector3d> withoutHairpins(const std::vector<Eigen::Vector3d>& path,
                                             const HairpinParams& params) {
  std::vector<Eigen::Vector3d> out;
  std::size_t a = 0;
  while (a < path.size()) {
    out.push_back(path[a]);
    std::size_t skip = a + 1;
    double way = 0.0;
    for (std::size_t b = a + 1; b < path.size() && b <= a + std::size_t(params.window); ++b) {
      way += (path[b] - path[b - 1]).norm();
      const double gap = (path[b] - path[a]).norm();
      if (b > a + 1 && way > params.detour * gap && way > 1e-12) skip = b;
    }
    a = skip;
  }
  if (!out.empty() && out.back() != path.back()) out.push_back(path.back());
  return out;
}

namespace {

/// The section of the body through `point` along `back`: how far the surface is behind
/// (towards the back) and in front (towards the belly); nullopt when a ray leaves the mesh.
struct Section {
  double back = 0.0, belly = 0.0;
  double thickness() const { return back + belly; }
};

std::optional<Section> sectionAt(const SegmentOcclusion& rays, const Eigen::Vector3d& point,
                                 const Eigen::Vector3d& back) {
  const std::optional<double> up = rays.hitDistance(point, back);
  const std::optional<double> down = rays.hitDistance(point, -back);
  if (!up || !down) return std::nullopt;
  return Section{*up, *down};
}

/// Matched arcs starting at skeleton node `node` that are one of a left/right pair.
std::vector<int> pairedLimbsAt(int node, const TopologyGraph& g, const GraphSymmetry& symmetry,
                               const GraphMatching& matching) {
  std::vector<int> limbs;
  for (int i = 0; i < int(matching.matches.size()); ++i) {
    const int arc = matching.matches[i].skeletonArc;
    if (g.arcs[arc].from == node && symmetry.arcs[arc].tag == SymmetryTag::Axial)
      limbs.push_back(i);
  }
  return limbs;
}

}  // namespace

std::vector<std::vector<Eigen::Vector3d>> placementPaths(const Mesh& mesh,
                                                         const SkeletonGraph& skeleton,
                                                         const GraphSymmetry& symmetry,
                                                         const GraphMatching& matching,
                                                         const SpineDepthParams& params) {
  const int count = int(matching.matches.size());
  std::vector<std::vector<Eigen::Vector3d>> paths(count);
  for (int i = 0; i < count; ++i) paths[i] = withoutHairpins(matching.matches[i].path);
  const TopologyGraph& g = skeleton.graph;
  if (mesh.empty() || symmetry.arcs.size() != g.arcs.size() || matching.partial) return paths;

  std::unique_ptr<SegmentOcclusion> rays;  // built on the first trunk that moves
  std::vector<char> moved(count, 0);       // each path moves once (a spine of several trunk arcs)
  for (int i = 0; i < count; ++i) {
    const int arc = matching.matches[i].skeletonArc;
    const GraphArc& trunk = g.arcs[arc];
    if (moved[i] || symmetry.arcs[arc].tag != SymmetryTag::Primary || paths[i].size() < 2) continue;
    // A trunk: limbs in pairs at both of its ends (shoulders and hips, not a tail's tip).
    const std::vector<int> front = pairedLimbsAt(trunk.from, g, symmetry, matching);
    const std::vector<int> rear = pairedLimbsAt(trunk.to, g, symmetry, matching);
    if (front.empty() || rear.empty()) continue;
    const Eigen::Vector3d along = (paths[i].back() - paths[i].front()).normalized();
    if (!along.allFinite()) continue;
    Eigen::Vector3d side = Eigen::Vector3d::Zero();
    for (const std::vector<int>* limbs : {&front, &rear})
      for (int l : *limbs) {
        const Eigen::Vector3d d = (paths[l].back() - paths[l].front()).normalized();
        if (d.allFinite()) side += d - d.dot(along) * along;
      }
    side /= double(front.size() + rear.size());
    if (side.norm() < params.minLimbSide) continue;
    const Eigen::Vector3d back = -side.normalized();
    if (!rays) rays = std::make_unique<SegmentOcclusion>(mesh.positions, mesh.triangles);

    std::vector<std::optional<Section>> sections(paths[i].size());
    std::vector<double> thickness;
    for (std::size_t k = 0; k < paths[i].size(); ++k)
      if ((sections[k] = sectionAt(*rays, paths[i][k], back)))
        thickness.push_back(sections[k]->thickness());
    if (thickness.empty()) continue;
    std::nth_element(thickness.begin(), thickness.begin() + long(thickness.size() / 2),
                     thickness.end());
    const double trunkThickness = thickness[thickness.size() / 2];
    const auto towardsBack = [&](const Eigen::Vector3d& p, const Section& s, double weight) {
      return Eigen::Vector3d(p + weight * (params.fromBelly * s.thickness() - s.belly) * back);
    };
    for (std::size_t k = 0; k < paths[i].size(); ++k)
      if (sections[k]) paths[i][k] = towardsBack(paths[i][k], *sections[k], 1.0);
    moved[i] = 1;
    // The arc above the trunk, as thick as the trunk near it (a chest), thinner further up.
    for (int a = 0; a < count; ++a) {
      if (g.arcs[matching.matches[a].skeletonArc].to != trunk.from || moved[a]) continue;
      moved[a] = 1;
      for (Eigen::Vector3d& p : paths[a]) {
        const std::optional<Section> s = sectionAt(*rays, p, back);
        if (!s) continue;
        const double weight = std::clamp(
            (s->thickness() / trunkThickness - params.neckThinner) / (1.0 - params.neckThinner),
            0.0, 1.0);
        p = towardsBack(p, *s, weight);
      }
    }
  }
  return paths;
}

}  // namespace rw

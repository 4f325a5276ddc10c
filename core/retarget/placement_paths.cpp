#include "retarget/placement_paths.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <optional>

#include "retarget/limb_geometry.h"
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
/// (towards the back) and in front (towards the belly). A side is NaN while open: its ray left
/// the mesh through an opening the modeller left (under a chest, where a neck meets the body).
struct Section {
  double back = 0.0, belly = 0.0;
  double thickness() const { return back + belly; }
  bool closed() const { return std::isfinite(back) && std::isfinite(belly); }
};

/// Whether the surface `distance` along the ray from `point` is entered there (its front faces
/// the ray): `point` is outside the body on that side.
bool entersAt(const SegmentOcclusion& rays, const Eigen::Vector3d& point,
              const Eigen::Vector3d& direction, double distance) {
  const auto crossings = rays.crossings(point, direction, 1.001 * distance);
  return !crossings.empty() && crossings.front().entersFront;
}

std::optional<Section> sectionAt(const SegmentOcclusion& rays, const Eigen::Vector3d& point,
                                 const Eigen::Vector3d& back) {
  const std::optional<double> up = rays.hitDistance(point, back);
  const std::optional<double> down = rays.hitDistance(point, -back);
  if (up && down) return Section{*up, *down};
  // One ray left the mesh. A point inside has the other side, and the open one is closed by its
  // neighbours (sectionsAlong); a point outside (a split node's centroid under a chest between
  // the forelegs) has no section: it stays.
  if (up && !entersAt(rays, point, back, *up)) return Section{*up, std::nan("")};
  if (down && !entersAt(rays, point, -back, *down)) return Section{std::nan(""), *down};
  return std::nullopt;
}

/// The sections through the points of `path` along `back`. An open side is closed with the
/// thickness of the nearest closed section along the path (an opening is a small part of a
/// body); nullopt where both rays leave the mesh, or no section closes.
std::vector<std::optional<Section>> sectionsAlong(const SegmentOcclusion& rays,
                                                  const std::vector<Eigen::Vector3d>& path,
                                                  const Eigen::Vector3d& back) {
  std::vector<std::optional<Section>> sections;
  for (const Eigen::Vector3d& p : path) sections.push_back(sectionAt(rays, p, back));
  const int count = int(sections.size());
  const auto nearestThickness = [&](int k) -> std::optional<double> {
    for (int d = 1; d < count; ++d)
      for (const int j : {k - d, k + d})
        if (j >= 0 && j < count && sections[j] && sections[j]->closed())
          return sections[j]->thickness();
    return std::nullopt;
  };
  std::vector<std::optional<Section>> closed = sections;
  for (int k = 0; k < count; ++k) {
    if (!sections[k] || sections[k]->closed()) continue;
    const std::optional<double> t = nearestThickness(k);
    if (!t) {
      closed[k].reset();
    } else if (std::isfinite(sections[k]->back)) {
      closed[k]->belly = *t - sections[k]->back;
    } else {
      closed[k]->back = *t - sections[k]->belly;
    }
  }
  return closed;
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

/// A trunk's frame: its direction, the side away from its limbs, where along it its limbs
/// hang from, and its usual thickness.
struct TrunkFrame {
  Eigen::Vector3d along, back;
  Eigen::Vector3d hind, fore;                    ///< the hind and fore limbs' upper parts
  std::vector<std::optional<Section>> sections;  ///< per trunk path point, along `back`
  double thickness = 0.0;                        ///< the median section's
  /// Where `p` lies along the trunk: 0 level with the hind limbs, 1 with the fore limbs.
  double placeOf(const Eigen::Vector3d& p) const {
    const double span = (fore - hind).dot(along);
    return std::abs(span) > 0.0 ? (p - hind).dot(along) / span : 0.0;
  }
};

/// The frame of the trunk path `trunk` (from the fore limbs' end to the hind limbs') whose
/// limbs' paths are `front` and `rear`; nothing when its limbs do not hang to one side of it
/// or no section of it closes.
std::optional<TrunkFrame> trunkFrame(const std::vector<Eigen::Vector3d>& trunk,
                                     const std::vector<std::vector<Eigen::Vector3d>>& paths,
                                     const std::vector<int>& front, const std::vector<int>& rear,
                                     const SegmentOcclusion& rays, const SpineDepthParams& params) {
  TrunkFrame f;
  f.along = (trunk.back() - trunk.front()).normalized();
  if (!f.along.allFinite()) return std::nullopt;
  Eigen::Vector3d side = Eigen::Vector3d::Zero();
  const auto upperParts = [&](const std::vector<int>& limbs) {
    Eigen::Vector3d sum = Eigen::Vector3d::Zero();
    for (int l : limbs) {
      const Eigen::Vector3d d = (paths[l].back() - paths[l].front()).normalized();
      if (d.allFinite()) side += d - d.dot(f.along) * f.along;
      sum += pathPrefix(paths[l], params.limbUpperFraction * polylineLength(paths[l])).back();
    }
    return Eigen::Vector3d(sum / double(limbs.size()));
  };
  f.fore = upperParts(front);
  f.hind = upperParts(rear);
  side /= double(front.size() + rear.size());
  if (side.norm() < params.minLimbSide) return std::nullopt;
  f.back = -side.normalized();
  f.sections = sectionsAlong(rays, trunk, f.back);
  std::vector<double> thickness;
  for (const std::optional<Section>& s : f.sections)
    if (s) thickness.push_back(s->thickness());
  if (thickness.empty()) return std::nullopt;
  const auto middle = thickness.begin() + std::ptrdiff_t(thickness.size() / 2);
  std::nth_element(thickness.begin(), middle, thickness.end());
  f.thickness = *middle;
  return f;
}

/// `p` moved along the trunk's back direction to `depth` of its section, by `weight`.
void moveToDepth(Eigen::Vector3d& p, const Section& s, const Eigen::Vector3d& back, double depth,
                 double weight) {
  p += weight * (depth * s.thickness() - s.belly) * back;
}

/// An arc adjoining the trunk (a neck above it, a tail past the hips) moves as the trunk where
/// it is as thick as the trunk, not at all where it is SpineDepthParams::neckThinner or less of
/// that, fading in between.
void moveAdjoiningArc(std::vector<Eigen::Vector3d>& path, const TrunkFrame& f, double depth,
                      const SegmentOcclusion& rays, const SpineDepthParams& params) {
  const std::vector<std::optional<Section>> sections = sectionsAlong(rays, path, f.back);
  for (std::size_t k = 0; k < path.size(); ++k) {
    const std::optional<Section>& s = sections[k];
    if (!s) continue;
    const double weight = std::clamp(
        (s->thickness() / f.thickness - params.neckThinner) / (1.0 - params.neckThinner), 0.0, 1.0);
    moveToDepth(path[k], *s, f.back, depth, weight);
  }
}

/// The depth of `profile` at `along` (linear between samples, the nearest beyond them).
double profileDepth(const std::vector<SpineDepthSample>& profile, double along) {
  if (along <= profile.front().along) return profile.front().fromBelly;
  for (std::size_t k = 1; k < profile.size(); ++k)
    if (along <= profile[k].along) {
      const SpineDepthSample& a = profile[k - 1];
      const SpineDepthSample& b = profile[k];
      const double t = b.along > a.along ? (along - a.along) / (b.along - a.along) : 1.0;
      return a.fromBelly + t * (b.fromBelly - a.fromBelly);
    }
  return profile.back().fromBelly;
}

/// The neck arc (from the head's end to the chest's) moved to the rig's own neck depths, by its
/// place from the chest's end.
void moveNeckToProfile(std::vector<Eigen::Vector3d>& path, const TrunkFrame& f,
                       const SegmentOcclusion& rays, const std::vector<SpineDepthSample>& profile) {
  const double total = polylineLength(path);
  if (!(total > 0.0)) return;
  std::vector<double> fromChest(path.size(), 0.0);
  for (std::size_t k = path.size() - 1; k-- > 0;)
    fromChest[k] = fromChest[k + 1] + (path[k + 1] - path[k]).norm();
  const std::vector<std::optional<Section>> sections = sectionsAlong(rays, path, f.back);
  for (std::size_t k = 0; k < path.size(); ++k)
    if (const std::optional<Section>& s = sections[k])
      moveToDepth(path[k], *s, f.back, profileDepth(profile, fromChest[k] / total), 1.0);
}

}  // namespace

double SpineDepthParams::depthAt(double along) const {
  return profile.empty() ? fromBelly : profileDepth(profile, along);
}

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
  const auto arcOf = [&](int match) { return matching.matches[match].skeletonArc; };
  for (int i = 0; i < count; ++i) {
    const GraphArc& trunk = g.arcs[arcOf(i)];
    if (moved[i] || symmetry.arcs[arcOf(i)].tag != SymmetryTag::Primary || paths[i].size() < 2)
      continue;
    // A trunk: limbs in pairs at both of its ends (shoulders and hips, not a tail's tip).
    const std::vector<int> front = pairedLimbsAt(trunk.from, g, symmetry, matching);
    const std::vector<int> rear = pairedLimbsAt(trunk.to, g, symmetry, matching);
    if (front.empty() || rear.empty()) continue;
    if (!rays) rays = std::make_unique<SegmentOcclusion>(mesh.positions, mesh.triangles);
    const std::optional<TrunkFrame> f = trunkFrame(paths[i], paths, front, rear, *rays, params);
    if (!f) continue;
    for (std::size_t k = 0; k < paths[i].size(); ++k)
      if (const std::optional<Section>& s = f->sections[k])
        moveToDepth(paths[i][k], *s, f->back, params.depthAt(f->placeOf(paths[i][k])), 1.0);
    moved[i] = 1;
    for (int a = 0; a < count; ++a) {
      if (moved[a]) continue;
      const GraphArc& other = g.arcs[arcOf(a)];
      // The arc above the trunk (a neck over the chest) at the chest's depth; the one going on
      // from the hips along the primary axis (a tail over the rump) at the spine's.
      if (other.to == trunk.from) {
        if (!params.neckProfile.empty())
          moveNeckToProfile(paths[a], *f, *rays, params.neckProfile);
        else
          moveAdjoiningArc(paths[a], *f, params.depthAt(1.0), *rays, params);
        moved[a] = 1;
      } else if (other.from == trunk.to && symmetry.arcs[arcOf(a)].tag == SymmetryTag::Primary) {
        moveAdjoiningArc(paths[a], *f, params.fromBelly, *rays, params);
        moved[a] = 1;
      }
    }
  }
  return paths;
}

}  // namespace rw

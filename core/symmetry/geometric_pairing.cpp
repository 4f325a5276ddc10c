#include "symmetry/geometric_pairing.h"

#include <cmath>

namespace rw {

std::optional<AxialSplit> splitMirrorPair(const std::vector<int>& arcs,
                                          const std::vector<Eigen::Vector3d>& centroids) {
  if (arcs.size() != 3) return std::nullopt;
  std::optional<AxialSplit> found;
  for (int lone = 0; lone < 3; ++lone) {
    const int a = arcs[(lone + 1) % 3], b = arcs[(lone + 2) % 3];
    const Eigen::Vector3d v = centroids[a] - centroids[b];
    int axis = 0;
    v.cwiseAbs().maxCoeff(&axis);
    if (v.norm() <= 0 || std::abs(v[axis]) < 0.8 * v.norm()) continue;
    // A three-fold radial limb set mirrors too; legs and a tail differ in that the legs are
    // much closer to each other than to the tail.
    const Eigen::Vector3d& c = centroids[arcs[lone]];
    if (v.norm() > 0.7 * std::min((c - centroids[a]).norm(), (c - centroids[b]).norm())) continue;
    const Eigen::Vector3d middle = 0.5 * (centroids[a] + centroids[b]);
    if (std::abs(centroids[arcs[lone]][axis] - middle[axis]) > 0.25 * std::abs(v[axis])) continue;
    if (found) return std::nullopt;  // ambiguous: two pairs qualify
    found = AxialSplit{{std::min(a, b), std::max(a, b)}, arcs[lone]};
  }
  return found;
}

namespace {

/// b is a's mirror image across the principal plane through `head` that separates them.
bool mirrorImages(const Eigen::Vector3d& a, const Eigen::Vector3d& b, const Eigen::Vector3d& head,
                  double tolerance) {
  const Eigen::Vector3d apart = a - b;
  Eigen::Index axis = 0;
  apart.cwiseAbs().maxCoeff(&axis);
  if (!(apart.norm() > 0.0) || std::abs(apart[axis]) < 0.8 * apart.norm()) return false;
  Eigen::Vector3d reflected = a;
  reflected[axis] = 2.0 * head[axis] - a[axis];
  return (reflected - b).norm() <= tolerance * apart.norm();
}

}  // namespace

void pairMirroredLoners(std::vector<std::vector<int>>& groups,
                        const std::vector<Eigen::Vector3d>& farEnds,
                        const std::vector<ShapeDescriptor>& descriptors,
                        const Eigen::Vector3d& head, double tolerance) {
  if (!(tolerance > 0.0)) return;
  for (std::size_t g = 0; g < groups.size(); ++g) {
    if (groups[g].size() != 1) continue;
    const int a = groups[g].front();
    for (std::size_t h = g + 1; h < groups.size(); ++h) {
      if (groups[h].size() != 1) continue;
      const int b = groups[h].front();
      if (!(descriptors[a] == descriptors[b]) ||
          !mirrorImages(farEnds[a], farEnds[b], head, tolerance))
        continue;
      groups[g].push_back(b);
      groups.erase(groups.begin() + std::ptrdiff_t(h));
      break;
    }
  }
}

}  // namespace rw

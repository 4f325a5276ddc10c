#include "embed/volume_grid.h"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "skin/bone_visibility.h"

namespace rw {
namespace {

constexpr double kFar = std::numeric_limits<double>::infinity();

/// Adds one vote to every cell whose centre the surface winds around, along the rays parallel
/// to `axis` through the cells' centres.
void voteAlongAxis(const SegmentOcclusion& surface, int axis, VolumeGrid& grid,
                   std::vector<unsigned char>& votes) {
  const int b = (axis + 1) % 3, c = (axis + 2) % 3;
  const int n = grid.dims[axis];
  Eigen::Vector3d direction = Eigen::Vector3d::Zero();
  direction[axis] = 1.0;
  tbb::parallel_for(0, grid.dims[b] * grid.dims[c], [&](int column) {
    Eigen::Vector3i at = Eigen::Vector3i::Zero();
    at[b] = column % grid.dims[b];
    at[c] = column / grid.dims[b];
    Eigen::Vector3d start = grid.origin + grid.cell * at.cast<double>();
    start[axis] -= grid.cell;  // one cell before the first centre (the padding is outside)
    const std::vector<SegmentOcclusion::Crossing> hits =
        surface.crossings(start, direction, double(n + 1) * grid.cell);
    int winding = 0;
    std::size_t next = 0;
    for (int i = 0; i < n; ++i) {
      const double t = double(i + 1) * grid.cell;
      for (; next < hits.size() && hits[next].distance < t; ++next)
        winding += hits[next].entersFront ? 1 : -1;
      if (winding == 0) continue;
      at[axis] = i;
      ++votes[grid.index(at.x(), at.y(), at.z())];
    }
  });
}

/// Felzenszwalb & Huttenlocher's 1D squared distance transform of f (finite at the sites,
/// infinite elsewhere) over n samples, also giving each sample's nearest site.
void transformLine(const double* f, int n, double* d, int* site) {
  thread_local std::vector<int> v;
  thread_local std::vector<double> z;
  v.assign(n, 0);
  z.assign(n + 1, 0.0);
  int k = -1;
  for (int q = 0; q < n; ++q) {
    if (!std::isfinite(f[q])) continue;
    double s = -kFar;
    while (k >= 0) {
      const int p = v[k];
      s = ((f[q] + double(q) * q) - (f[p] + double(p) * p)) / (2.0 * (q - p));
      if (s > z[k]) break;
      --k;
    }
    ++k;
    v[k] = q;
    z[k] = k == 0 ? -kFar : s;
    z[k + 1] = kFar;
  }
  if (k < 0) {  // no site on this line
    std::fill(d, d + n, kFar);
    std::fill(site, site + n, -1);
    return;
  }
  int j = 0;
  for (int q = 0; q < n; ++q) {
    while (z[j + 1] < q) ++j;
    const int p = v[j];
    d[q] = double(q - p) * double(q - p) + f[p];
    site[q] = p;
  }
}

}  // namespace

int VolumeGrid::cellAt(const Eigen::Vector3d& p) const {
  const Eigen::Vector3d u = (p - origin) / cell;
  Eigen::Vector3i c;
  for (int a = 0; a < 3; ++a) {
    c[a] = int(std::lround(u[a]));
    if (c[a] < 0 || c[a] >= dims[a]) return -1;
  }
  return index(c.x(), c.y(), c.z());
}

double VolumeGrid::distanceAt(const Eigen::Vector3d& p) const {
  const int c = cellAt(p);
  return c < 0 || distance.empty() ? 0.0 : double(distance[c]);
}

int VolumeGrid::insideCount() const {
  return int(std::count(inside.begin(), inside.end(), 1));
}

void distanceToOutside(VolumeGrid& grid) {
  const int total = grid.dims.prod();
  std::vector<double> d2(total);
  std::vector<int> feature(total);
  for (int i = 0; i < total; ++i) {
    d2[i] = grid.inside[i] ? kFar : 0.0;
    feature[i] = i;
  }
  // Separable: one pass of 1D transforms along each axis, each sample keeping the feature of
  // the site it took its distance from.
  for (int axis = 0; axis < 3; ++axis) {
    const int b = (axis + 1) % 3, c = (axis + 2) % 3, n = grid.dims[axis];
    tbb::parallel_for(0, grid.dims[b] * grid.dims[c], [&](int line) {
      Eigen::Vector3i at = Eigen::Vector3i::Zero();
      at[b] = line % grid.dims[b];
      at[c] = line / grid.dims[b];
      thread_local std::vector<int> cells, site, features;
      thread_local std::vector<double> f, d;
      cells.resize(n), site.resize(n), features.resize(n), f.resize(n), d.resize(n);
      bool outside = true;  // every cell of the line outside: nothing changes along it
      for (int i = 0; i < n; ++i) {
        at[axis] = i;
        cells[i] = grid.index(at.x(), at.y(), at.z());
        f[i] = d2[cells[i]];
        features[i] = feature[cells[i]];
        outside = outside && f[i] == 0.0;
      }
      if (outside) return;
      transformLine(f.data(), n, d.data(), site.data());
      for (int i = 0; i < n; ++i) {
        d2[cells[i]] = d[i];
        feature[cells[i]] = site[i] < 0 ? -1 : features[site[i]];
      }
    });
  }
  grid.distance.resize(total);
  grid.nearestOutside = std::move(feature);
  for (int i = 0; i < total; ++i)
    grid.distance[i] = std::isfinite(d2[i]) ? float(std::sqrt(d2[i]) * grid.cell) : 0.0f;
}

VolumeGrid sampleVolume(const std::vector<Eigen::Vector3d>& positions,
                        const std::vector<Eigen::Vector3i>& triangles,
                        const VolumeGridParams& params) {
  VolumeGrid grid;
  if (positions.empty() || triangles.empty() || params.resolution < 1) return grid;
  Eigen::Vector3d low = positions.front(), high = low;
  for (const Eigen::Vector3d& p : positions) {
    low = low.cwiseMin(p);
    high = high.cwiseMax(p);
  }
  const double longest = (high - low).maxCoeff();
  if (!(longest > 0.0) || !std::isfinite(longest)) return grid;
  grid.cell = longest / double(params.resolution);
  const int pad = std::max(params.padding, 1);
  for (int a = 0; a < 3; ++a)
    grid.dims[a] = int(std::ceil((high[a] - low[a]) / grid.cell)) + 1 + 2 * pad;
  grid.origin = low - double(pad) * grid.cell * Eigen::Vector3d::Ones();
  const SegmentOcclusion surface(positions, triangles);
  std::vector<unsigned char> votes(grid.dims.prod(), 0);
  for (int axis = 0; axis < 3; ++axis) voteAlongAxis(surface, axis, grid, votes);
  grid.inside.resize(votes.size());
  for (std::size_t i = 0; i < votes.size(); ++i) grid.inside[i] = votes[i] >= 2 ? 1 : 0;
  distanceToOutside(grid);
  return grid;
}

}  // namespace rw

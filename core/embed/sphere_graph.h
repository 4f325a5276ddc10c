#pragma once
// The graph skeleton embedding searches (Baran & Popović 2007, §3.1): spheres packed inside the
// character on its approximate medial surface, their centres the candidate joint positions,
// edges the candidate bones, and the shortest paths between every two centres.
//
//  * Medial surface: the inside cells whose nearest outside cell lies in a direction at least
//    medialAngleDegrees away from a neighbour's (the distance field's gradient jumps there; the
//    paper tests its octree cells' faces with the same 120°), and not within minRadiusCells of
//    the outside (the paper's 2τ: the noisy sheet near the surface).
//  * Packing: largest first, a point becomes a sphere (radius: its distance to the outside)
//    when no sphere holds it.
//  * Edges: between intersecting spheres, and between two that do not intersect when the
//    segment keeps at least gabrielClearance × the smaller radius from the outside everywhere
//    and no other centre lies in the ball on the segment as a diameter (the Gabriel graph).
#include <Eigen/Core>
#include <vector>

#include "embed/volume_grid.h"

namespace rw {

struct SphereGraphParams {
  /// §3.1: medial where two neighbours' directions to the surface differ by this much.
  double medialAngleDegrees = 120.0;
  /// §3.1 drops medial points within 2τ of the surface (τ = 0.003 of the box); our cells are
  /// about 3τ, and a point under 1.5 cells deep is on the noisy sheet along the surface.
  double minRadiusCells = 1.5;
  /// §3.1: an edge between disjoint spheres stays this fraction of the smaller radius inside.
  double gabrielClearance = 0.5;
};

struct SphereGraph {
  std::vector<Eigen::Vector3d> centres;
  std::vector<double> radii;
  std::vector<std::vector<int>> neighbours;
  /// distances[i][j]: the shortest path from centre i to centre j along the edges (infinite
  /// between components).
  std::vector<std::vector<double>> distances;
  /// previous[i][j]: the centre before j on the shortest path from i (-1 at i, or unreachable).
  std::vector<std::vector<int>> previous;

  int size() const { return int(centres.size()); }
  /// The centres on the shortest path from `from` to `to`, both included; empty when `to`
  /// cannot be reached.
  std::vector<int> path(int from, int to) const;
  /// The connected components, as a component index per centre.
  std::vector<int> components() const;
};

/// Cells on the approximate medial surface, deepest first.
std::vector<int> medialCells(const VolumeGrid& grid, const SphereGraphParams& params = {});

/// Spheres packed at the medial cells (given deepest first): centres and radii.
void packSpheres(const VolumeGrid& grid, const std::vector<int>& medial, SphereGraph& graph);

/// The edges between the packed spheres, then every shortest path.
void connectSpheres(const VolumeGrid& grid, const SphereGraphParams& params, SphereGraph& graph);

/// The whole of §3.1 on a sampled volume.
SphereGraph buildSphereGraph(const VolumeGrid& grid, const SphereGraphParams& params = {});

}  // namespace rw

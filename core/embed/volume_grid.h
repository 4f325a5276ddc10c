#pragma once
// The character's volume on a regular grid (Baran & Popović 2007, §3.1): which cells lie
// inside, and each inside cell's distance to the outside with the outside cell nearest it.
//
// Pinocchio builds an adaptive signed distance field from the exact distance to a closed
// surface. Our meshes are rarely closed (open necklines, separate eyes, clothes over the body,
// parts that cross), so the inside is decided per cell centre by the winding of the surface
// along three axis-aligned rays through it (the surface crossings before it, entering fronts
// counted +1 and leaving -1; shells facing inward count too), by a vote of two of the three:
// a hole in one shell misleads only the rays through it. The distance is then the exact
// Euclidean distance transform of the inside cells (Felzenszwalb & Huttenlocher 2012) with the
// nearest outside cell kept, which §3.1's medial surface and sphere radii need.
#include <Eigen/Core>
#include <vector>

namespace rw {

struct VolumeGridParams {
  /// Cells along the bounding box's longest side. Pinocchio's adaptive field refines to
  /// 0.003 of the box near the surface; a uniform 96 (0.0104) keeps a limb of a tenth of the
  /// height about 5 cells wide, enough for the trunk and limbs the reduced skeleton embeds in.
  int resolution = 128;
  /// Empty cells added around the box on every side, so the border is outside.
  int padding = 2;
};

struct VolumeGrid {
  Eigen::Vector3d origin = Eigen::Vector3d::Zero();  ///< centre of cell (0, 0, 0)
  double cell = 0.0;                                 ///< edge length
  Eigen::Vector3i dims = Eigen::Vector3i::Zero();
  std::vector<char> inside;         ///< per cell
  std::vector<float> distance;      ///< per cell: to the nearest outside cell's centre (0 outside)
  std::vector<int> nearestOutside;  ///< per cell: that cell (itself when outside)

  int index(int x, int y, int z) const { return x + dims.x() * (y + dims.y() * z); }
  Eigen::Vector3i cellOf(int index) const {
    return {index % dims.x(), (index / dims.x()) % dims.y(), index / (dims.x() * dims.y())};
  }
  Eigen::Vector3d centre(int index) const { return origin + cell * cellOf(index).cast<double>(); }
  /// The cell holding p, or -1 beyond the grid.
  int cellAt(const Eigen::Vector3d& p) const;
  /// Distance from p to the outside, read at the cell holding p (0 beyond the grid).
  double distanceAt(const Eigen::Vector3d& p) const;
  int insideCount() const;
};

/// The grid over the mesh's bounding box: inside cells by the winding vote, then distances.
VolumeGrid sampleVolume(const std::vector<Eigen::Vector3d>& positions,
                        const std::vector<Eigen::Vector3i>& triangles,
                        const VolumeGridParams& params = {});

/// The exact Euclidean distance transform of grid.inside (in cells, scaled by grid.cell) with
/// the nearest outside cell of every cell; fills grid.distance and grid.nearestOutside.
void distanceToOutside(VolumeGrid& grid);

}  // namespace rw

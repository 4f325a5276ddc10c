#pragma once
// Round parts that turn about a joint: an eyeball is a loose sphere whose centre is where the
// rigger put the eye joint. Artists bind it rigidly to that joint's bone, so it turns in place
// with its socket; bone heat would share it with the eyelid, brow and head bones around it
// (they are as near) and the eye would smear when a lid blinks.
#include <Eigen/Core>
#include <vector>

#include "mesh/mesh_parts.h"

namespace rw {

struct PivotPartParams {
  /// A sphere fit means nothing on a handful of points (four fix one): a part needs this many
  /// vertices (an eyeball is modelled with dozens).
  int minVertices = 12;
  /// Its vertices lie within this mean distance of the fitted sphere, as a fraction of its
  /// radius (modelled eyeballs: 2%; a head or a hand: 15% and more).
  double maxSphereResidual = 0.05;
  /// A joint is its pivot when it lies within this fraction of the radius of the centre (the
  /// eye joint: 9% on the artist rigs; the lids' joints beside it, 40%).
  double maxPivotOffset = 0.2;
  /// A part this large (radius over the mesh size) is a body, not an eye or a ball joint's cap.
  double maxRadiusFraction = 0.1;
};

/// Per part of `parts`, the index into `pivots` (candidate joint positions) of the one at the
/// centre of the sphere the part is; -1 when the part is not such a sphere or no pivot is at its
/// centre. `size`: the mesh's size.
std::vector<int> pivotOfRoundParts(const MeshParts& parts,
                                   const std::vector<Eigen::Vector3d>& positions,
                                   const std::vector<Eigen::Vector3d>& pivots, double size,
                                   const PivotPartParams& params = {});

}  // namespace rw

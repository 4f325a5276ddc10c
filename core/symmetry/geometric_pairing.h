#pragma once
// Poirier §5.2's combinatorial axial test: "useful in cases where, for example, a character's
// tail is the same length as his legs; only the legs would share a geometric axial symmetry".
#include <Eigen/Core>
#include <optional>
#include <vector>

#include "symmetry/shape_descriptor.h"

namespace rw {

struct AxialSplit {
  std::vector<int> pair;  ///< the two arcs that mirror each other
  int alone = -1;         ///< the arc on the mirror plane (the tail)
};

/// For three topologically equal sibling limbs (arcs, with limb centroids indexed by arc): if
/// exactly one pair mirrors across a principal plane — the vector between them lies within
/// ~37° of a principal axis (|v_axis| ≥ 0.8 |v|) — and the third limb lies on that plane (its
/// offset from the pair's midpoint along the axis is under a quarter of the pair's spread), the
/// pair is split off as axial and the third left alone — provided the pair is much closer
/// together (under 0.7×) than either is to the third, which tells legs and a tail from a
/// three-fold radial limb set (that mirrors too). Otherwise nothing.
std::optional<AxialSplit> splitMirrorPair(const std::vector<int>& arcs,
                                          const std::vector<Eigen::Vector3d>& centroids);

/// Two sibling arcs whose far ends mirror each other across a principal plane through the head
/// (`head`, on the character's mirror plane) are a pair even when their lengths differ by more
/// than C: a branching node off the plane (a low-poly bull's horns split at a saddle to one
/// side) measures one horn 0.89 and the other 0.53 from it, though their tips are exact mirror
/// images. Joins lone arcs (groups of one) of equal shape whose ends mirror within `tolerance`
/// of their distance apart; other groups are left as they are.
void pairMirroredLoners(std::vector<std::vector<int>>& groups,
                        const std::vector<Eigen::Vector3d>& farEnds,
                        const std::vector<ShapeDescriptor>& descriptors,
                        const Eigen::Vector3d& head, double tolerance);

}  // namespace rw

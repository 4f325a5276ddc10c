#pragma once
// Geometry of the paths limbs are placed along, where the mesh's level-set centroids cannot say
// it: a limb's rings begin at the mesh's split (a crotch, an armpit), below the skeleton's
// branching joint (hips, shoulders). Pure functions of points, each tested on small cases.
#include <Eigen/Core>
#include <optional>
#include <vector>

#include "retarget/placement_heuristics.h"

namespace rw {

/// The first joint of a limb's `chain` off its branching joint (zero-length bones coincide),
/// at most the chain's last.
std::size_t firstDistinctJoint(const std::vector<Eigen::Vector3d>& chain);

/// A limb's axis: anchored `limbAnchorFraction` of its length out (`first`: that point's
/// index), the principal direction of the centroids from there to `limbAxisEndFraction`,
/// pointing outwards (the chord from the anchor when there are fewer than 3 centroids).
struct LimbAxis {
  std::size_t first = 0;
  Eigen::Vector3d axis = Eigen::Vector3d::Zero();
};
LimbAxis limbAxis(const std::vector<Eigen::Vector3d>& limb, const PlacementHeuristics& h = {});

/// Child limb path when the branching joint stopped above the mesh's split: the limb's axis is
/// extended back to `rise` above the joint along the trunk (`down`: the trunk's direction at
/// the joint, towards the split; `rise`: how far above the joint the skeleton's limb chain
/// climbs, a clavicle's tip above the chest), and the path runs joint → extended axis → limb.
std::vector<Eigen::Vector3d> bridgedLimbPath(const std::vector<Eigen::Vector3d>& limb,
                                             const Eigen::Vector3d& joint,
                                             const Eigen::Vector3d& down, double rise,
                                             const PlacementHeuristics& h = {});

/// A limb leaving a trunk across it, for branchingFromLimbs.
struct LimbLine {
  Eigen::Vector3d offset;  ///< branching joint → the limb's first joint, turned and scaled
  Eigen::Vector3d point;   ///< on the limb's axis
  Eigen::Vector3d axis;    ///< unit
};

/// Where a branching joint lies on its trunk `path`, from the limbs that leave the trunk there
/// across it (a four-legged trunk's shoulders and hips): the point of the path (of
/// `branchingSamples`) from which every limb's first joint, at its offset, lies nearest its
/// limb's axis (least squares). Nothing with fewer than two limbs.
std::optional<Eigen::Vector3d> branchingFromLimbs(const std::vector<Eigen::Vector3d>& path,
                                                  const std::vector<LimbLine>& limbs,
                                                  const PlacementHeuristics& h = {});

/// `path` up to the point nearest `end`, which becomes its last point.
std::vector<Eigen::Vector3d> cutPathAt(const std::vector<Eigen::Vector3d>& path,
                                       const Eigen::Vector3d& end);

/// `path`'s first `length` of arc length (all of it when shorter).
std::vector<Eigen::Vector3d> pathPrefix(const std::vector<Eigen::Vector3d>& path, double length);

/// `path` from the point nearest `start` on, which becomes its first point.
std::vector<Eigen::Vector3d> pathFrom(const std::vector<Eigen::Vector3d>& path,
                                      const Eigen::Vector3d& start);

/// The joint a limb's `chain` swings about (a hip's thigh head, an arm's shoulder past its
/// clavicle): the head of its first bone of at least `limbPivotBoneFraction` of the chain's
/// length from its first distinct joint (the first distinct joint when none is).
std::size_t limbPivot(const std::vector<Eigen::Vector3d>& chain, const PlacementHeuristics& h = {});

/// Child limb path from a branching joint whose limb's first joints (a hip, a clavicle and the
/// shoulder it carries) lie above the mesh's split: the joints up to the limb's pivot are
/// predicted from the skeleton, their offsets from the branching joint turned by `rotation` and
/// scaled by `scale` (a pose turns a limb about its pivot; what is above it moves with the
/// trunk). The path runs joint → predicted joints above the split (`split` deep along `down`) →
/// the rest of `bridged` below the last. Empty when the first joint would lie below the split.
std::vector<Eigen::Vector3d> predictedLimbPath(const std::vector<Eigen::Vector3d>& bridged,
                                               double split,
                                               const std::vector<Eigen::Vector3d>& chain,
                                               const Eigen::Vector3d& joint,
                                               const Eigen::Matrix3d& rotation, double scale,
                                               const Eigen::Vector3d& down,
                                               const PlacementHeuristics& h = {});

/// `path` with its first point kept and the rest resampled and blurred by a binomial filter
/// (ends fixed): a synthesized upper part meets the centroids at a corner that is not the
/// limb's, and centroids zigzag with the rings' shapes; the angle term would put a knee on any
/// corner. Real bends stay, rounded.
std::vector<Eigen::Vector3d> smoothedLimbPath(const std::vector<Eigen::Vector3d>& path,
                                              const PlacementHeuristics& h = {});

/// `path` without its first `distance` of length (at most half of it).
std::vector<Eigen::Vector3d> trimPathStart(const std::vector<Eigen::Vector3d>& path,
                                           double distance);

}  // namespace rw

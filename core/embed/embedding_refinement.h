#pragma once
// Embedding refinement (Baran & Popović 2007, §3.5): the joints the discrete embedding placed
// (the reduced skeleton's and its chains' inner joints) moved by continuous optimization of a
// penalty over the bones, so that the skeleton fits inside the character and keeps its own
// proportions and bone directions where the sphere graph's coarse centres do not: a hand on a
// sphere half way up the forearm (the sphere graph has none in a thin wrist), an inner joint on
// a path that wiggles between centres.
//
// The penalty per bone (joint i and its embedded parent p), each term scale-free:
//   fit          Σ over points along the bone of max(0, margin − d(x))² / margin², d the
//                distance to the outside (§3.5's "bones that do not fit inside the surface"),
//                margin a fraction of the bone's rest length at the mesh's scale, at most a few
//                cells: keeps bones off the skin and out of the air between limbs;
//   length       ((|q_i − q_p| − k·l_i) / (k·l_i))², k the skeleton-to-mesh scale: the paper
//                penalizes bones too short; too long is as wrong for a rig;
//   orientation  1 − cos of the angle between the bone and its rest direction, turned with the
//                skeleton's facing (the paper's g^O);
// plus an asymmetry penalty: mirrored joints' bone lengths differ (the paper's g^A), and a
// midline penalty: a joint on the skeleton's midplane off the embedded limbs' plane of symmetry.
// Minimized by gradient descent with the paper's step-doubling line search, interspersed with
// the same search on each joint alone.
#include <Eigen/Core>
#include <optional>
#include <vector>

#include "embed/reduced_skeleton.h"
#include "embed/volume_grid.h"

namespace rw {

struct EmbeddingRefinementParams {
  /// Weights of the terms, chosen by hand as the paper's (it has four; ours are relative to a
  /// length error of the whole bone, which costs 1).
  double fitWeight = 1.0;
  double lengthWeight = 1.0;
  double orientationWeight = 0.5;
  double asymmetryWeight = 0.5;
  /// Joints on the skeleton's midplane (a spine, a neck) stay on the embedded limbs' plane of
  /// symmetry (the mean of mirrored joints' midpoints): an offset of `midlineTolerance` of the
  /// skeleton's height costs this much. Without it the fit term let BCN's chest drift 2.6 % of
  /// its height to one side, its left clavicle onto the midline.
  double midlineWeight = 1.0;
  double midlineTolerance = 0.02;
  /// The fit term's margin: this fraction of the bone's rest length at the mesh's scale...
  double marginOfLength = 0.15;
  /// ...at most this many grid cells (a thick trunk's bones need not sit deeper than this).
  double maxMarginCells = 3.0;
  /// Points along each bone the fit term samples (both ends included).
  int samplesPerBone = 7;
  /// Rounds of (whole gradient + per-joint) line searches. The paper: 10 usually suffice; our
  /// four-legged characters still moved after 20 (the development corpus's embedded animals,
  /// median end to end 12.2 -> 10.7 % of height from 20 to 40 rounds; humans unchanged), at
  /// about 1.7 ms a round on a 4K-vertex human.
  int rounds = 40;
};

/// The embedded joints of `reduced` (rest positions in reduced.rest, turned with the chosen
/// facing) refined in `volume`; `scale` is the skeleton-to-mesh scale. Joints without a
/// position (followers, controls) are left alone; so is everything when nothing is embedded.
void refineEmbedding(const Skeleton& skeleton, const ReducedSkeleton& reduced,
                     const VolumeGrid& volume, double scale,
                     std::vector<std::optional<Eigen::Vector3d>>& position,
                     const EmbeddingRefinementParams& params = {});

/// The distance to the outside at p, trilinear between cell centres (0 beyond the grid): smooth
/// enough for a gradient, unlike VolumeGrid::distanceAt's nearest cell.
double smoothDistance(const VolumeGrid& volume, const Eigen::Vector3d& p);

}  // namespace rw

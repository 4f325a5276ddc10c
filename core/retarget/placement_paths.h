#pragma once
// The mesh paths joints are placed along (Poirier 2009 §6.2 places them on the level-set
// centroids of the matched mesh arcs), cleaned of what a centroid path gets wrong:
//  - hairpins: a path can dip to a split node whose centroid lies off the tube and come back;
//  - the depth of a spine: an artist runs a four-legged trunk's spine along the back, not
//    through the middle of the body, nearer the back (the measured rigs: see
//    placement_paths_test.cpp).
#include <Eigen/Core>
#include <optional>
#include <vector>

#include "mesh/mesh.h"
#include "retarget/graph_matching.h"

namespace rw {

struct HairpinParams {
  /// A hairpin is a detour: from a path point, a later point at most `window` points on...
  int window = 6;
  /// ...whose way round along the path is more than `detour` times their straight distance. A
  /// centroid path dipping to a split node and back goes several times as far as it gets; a
  /// bending limb, at most about π/2 times.
  double detour = 3.0;
};

/// `path` without its hairpins (HairpinParams): the points inside a detour are dropped. The
/// ends are kept.
std::vector<Eigen::Vector3d> withoutHairpins(const std::vector<Eigen::Vector3d>& path,
                                             const HairpinParams& params = {});

/// The spine's depth at one place along the trunk: `along` 0 where the hind limbs branch, 1
/// where the fore limbs do.
struct SpineDepthSample {
  double along = 0.0;
  double fromBelly = 0.65;
  bool operator==(const SpineDepthSample&) const = default;
};

struct SpineDepthParams {
  /// Where the spine runs between the belly (0) and the back (1), through the trunk's section
  /// along the back direction. 0.5 leaves the centroids. A skeleton read with its own mesh sets
  /// its artist's (own_spine_depth.h).
  double fromBelly = 0.65;
  /// Where given (a skeleton read with its own mesh), the depth along the trunk, in place of
  /// one `fromBelly` for all of it: artists hang a pelvis lower in the hips than the spine
  /// runs under the back (cattle: 0.55 at the hips, 0.85 along the back). Sorted by `along`;
  /// between samples linear, beyond them the nearest.
  std::vector<SpineDepthSample> profile;
  /// Where given (a skeleton read with its own mesh: OwnSpineDepth::neck), the neck's depths,
  /// `along` 0 at the chest and 1 at the far end of the head: the arc above the trunk is moved
  /// to them along its whole length, thin or thick, in place of neckThinner's fade.
  std::vector<SpineDepthSample> neckProfile;
  /// The depth at `along` (the profile's, else `fromBelly`).
  double depthAt(double along) const;
  /// The back is the side away from the limbs: the mean of the paired limbs' directions across
  /// the trunk, whose length says how clearly the limbs hang to one side (a quadruped's legs about
  /// 0.9; a biped's arms and legs, which hang along its trunk, 0.06–0.2). Below this, no shift.
  double minLimbSide = 0.5;
  /// The arcs adjoining the trunk (a neck, the head arc; a tail) move as the trunk where they
  /// are as thick as the trunk, not at all where they are `neckThinner` or less of that, fading
  /// in between: a neck's vertebrae and a tail's run through their middle.
  double neckThinner = 0.8;
  /// A limb hangs from the trunk level with the part of its path this far down it (a thigh
  /// below its hip joint): `profile`'s places along the trunk are measured between the hind and
  /// fore limbs' such points, as the artist's are between their hip and chest joints. The
  /// trunk's mesh path runs on past them, to the splits of the tail and neck.
  double limbUpperFraction = 0.15;
  bool operator==(const SpineDepthParams&) const = default;
};

/// Per match of `matching`: the path its joints are placed along. Every path loses its
/// hairpins; the trunk arcs (on the skeleton's primary axis, between two branchings that carry
/// paired limbs) of a body whose limbs hang to one side are moved towards the other side (to
/// SpineDepthParams::depthAt their place between the limbs), and so are the arc above them (a
/// neck) and the one going on past the hips on the primary axis (a tail) where they are as
/// thick as the trunk. Rays against `mesh` measure the sections (a point whose ray leaves the
/// mesh stays).
std::vector<std::vector<Eigen::Vector3d>> placementPaths(const Mesh& mesh,
                                                         const SkeletonGraph& skeleton,
                                                         const GraphSymmetry& symmetry,
                                                         const GraphMatching& matching,
                                                         const SpineDepthParams& params = {});

}  // namespace rw

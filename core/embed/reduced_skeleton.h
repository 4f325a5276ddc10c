#pragma once
// The reduced skeleton of Baran & Popović 2007, §3.2: the deform skeleton with its chains merged
// (degree-two joints removed), the joints the discrete embedding places on the sphere graph.
//
// Beyond the paper (whose skeletons had no fingers or face bones): a branching joint whose whole
// subtree is small against the skeleton (a hand with its fingers, a head with its jaw and eyes)
// becomes a leaf; its subtree follows it (embed/skeleton_embedding.h). Left unmerged, ten finger
// chains per hand would multiply the search by the graph's size ten times over, and the sphere
// graph has no spheres in fingers to put them on anyway.
#include <Eigen/Core>
#include <vector>

#include "skeleton/skeleton.h"

namespace rw {

struct ReducedSkeletonParams {
  /// A branching joint whose descendants all lie within this fraction of the skeleton's height
  /// of it is a leaf (a hand and its fingers: about a tenth of a human's height; an arm and
  /// hand: more than a third).
  double collapseFraction = 0.15;
  /// Two reduced joints mirror each other when their rest positions reflected across the
  /// skeleton's midplane (x = the root's x) are this fraction of its height apart at most.
  double mirrorTolerance = 0.02;
  /// A leaf is a foot when it lies within this fraction of the height of the skeleton's lowest
  /// joint (the paper's "feet" attribute, read from the rest pose instead of marked by hand).
  double footFraction = 0.1;
  /// Another deform tree is embedded with the largest one when it has at least this share of
  /// its deform joints and they share an ancestor (a control root holding a quadruped's front
  /// and back halves as two deform trees); a prop's few bones (a weapon, a bag under the rig's
  /// container) stay out.
  double joinedTreeShare = 0.3;
};

struct ReducedJoint {
  int joint = -1;          ///< the skeleton joint
  int parent = -1;         ///< index in ReducedSkeleton::joints; -1 for the root
  std::vector<int> chain;  ///< skeleton joints after the parent's down to `joint` itself
  double length = 0.0;     ///< the chain's rest length (skeleton units)
  Eigen::Vector3d offset = Eigen::Vector3d::Zero();  ///< rest: joint − parent joint
  std::vector<int> children;                         ///< indices in ReducedSkeleton::joints
  bool foot = false;
  int mirror = -1;  ///< the reduced joint mirroring this one
};

struct ReducedSkeleton {
  /// In embedding order: the root first, every joint after its parent, joints with more
  /// children first (§3.4: they bring more terms into the lower bound early).
  std::vector<ReducedJoint> joints;
  std::vector<Eigen::Vector3d> rest;  ///< per skeleton joint, its rest position
  /// The skeleton's left-right axis (X for a skeleton facing +Z; turned with it).
  Eigen::Vector3d lateral = Eigen::Vector3d::UnitX();
  double height = 0.0;  ///< the deform joints' extent along Y, bone tails included
  double bottom = 0.0;  ///< their lowest Y
  /// Rest positions this close (model units: ReducedSkeletonParams::mirrorTolerance of the
  /// height) reflect each other; a joint this close to the midplane lies on it.
  double mirrorTolerance = 0.0;
  /// Deform joints not embedded (inside a collapsed subtree): they follow their embedded
  /// ancestor.
  std::vector<int> followers;
  int size() const { return int(joints.size()); }
};

/// The deform skeleton reduced; empty when the skeleton has no deform joint.
ReducedSkeleton reduceSkeleton(const Skeleton& skeleton, const ReducedSkeletonParams& params = {});

}  // namespace rw

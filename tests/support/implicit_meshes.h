#pragma once
// Closed, fused procedural creatures for the topology tests: a union of capsules (limbs fused
// smoothly into one closed surface) polygonized by marching tetrahedra.
#include <Eigen/Core>
#include <vector>

#include "mesh/mesh.h"

namespace rw::test {

struct Capsule {
  Eigen::Vector3d a, b;
  double radius;
};

/// Surface of the smooth union (blend radius `blend`) of the capsules, sampled on a grid of
/// `cell`-sized cubes. One closed manifold when the capsules overlap.
SourceMesh capsuleCreature(const std::vector<Capsule>& capsules, double cell, double blend = 0.05);

/// Ready-made creatures (Y up, facing +Z, left = +X, head at the top unless said otherwise).
/// Each returns the capsules; `headTop` is the top of the head (where the tests put the head node).
struct Creature {
  std::vector<Capsule> capsules;
  Eigen::Vector3d headTop;
  std::vector<Eigen::Vector3d> limbTips;  ///< named tips the tests look for
};
Creature starCreature(int limbs);  ///< body sphere + head + k limbs in a horizontal ring
Creature
humanoidCreature();  ///< head, torso, 2 arms (±X), 2 legs; tips: arm.L, arm.R, leg.L, leg.R
Creature octopusCreature();         ///< head on top, 8 tentacles of slightly different lengths
Creature twoLegsAndTailCreature();  ///< Poirier Fig. 6: 2 legs and a longer tail of the same shape
Creature handleCreature();          ///< humanoid whose left hand rests on its hip (a loop)
/// Four-legged animal along Z, facing +Z: neck and head forward and up, four legs down, a tail
/// thinner and shorter than the legs. headTop is the front of the muzzle; tips: foreleg.L,
/// foreleg.R, hindleg.L, hindleg.R, tail.
Creature quadrupedCreature();

}  // namespace rw::test

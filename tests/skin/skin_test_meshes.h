#pragma once
// Small rigged test characters for the skinning tests: an exactly mirror-symmetric closed bar
// (triangulated so that the mirror of every triangle is a triangle), and the capsule humanoid
// of implicit_meshes.h with a two-bone-per-limb skeleton.
#include "character.h"

namespace rw::test {

/// Closed cylinder along X from x0 to x1 (radius r, `rings` + 1 rings, `sides` around, fan caps).
/// When x0 = −x1 and rings is even it is exactly symmetric across x = 0.
SourceMesh closedBar(double x0, double x1, double r, int rings, int sides);

/// Closed UV sphere (`rings` latitude bands, `sides` around, pole vertices), optionally only the
/// cap in front of the plane z = centre.z + cutZ · r (a modelled eyeball's visible part).
SourceMesh uvSphere(const Eigen::Vector3d& centre, double r, int rings = 12, int sides = 16,
                    double cutZ = -1.0);

/// A joint at `head` (character space) with identity rotation and an explicit tail.
Joint makeJoint(const std::string& name, int parent, const Skeleton& skeleton,
                const Eigen::Vector3d& head, const Eigen::Vector3d& tail);

/// closedBar(−1, 1, …) with a central bone "body" and an arm bone on each side ("arm.L" at +X):
/// exactly mirror-symmetric.
Character symmetricBar();

/// The total weight `joint` has in one vertex's influences (0 when it has none).
double weightOf(const std::vector<Influence>& influences, int joint);

/// Capsule humanoid (implicitMeshes' humanoidCreature) with torso, head, upper/lower arms and
/// legs (".L" at +X); its mesh built with buildMesh.
Character riggedHumanoid(double cell = 0.03);

}  // namespace rw::test

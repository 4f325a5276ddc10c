#pragma once
// Procedural characters whose true joints are known: a skeleton built joint by joint and a closed
// mesh grown around its bones (capsules polygonized by marching tetrahedra).
#include <Eigen/Core>
#include <functional>
#include <string>

#include "mesh/mesh.h"
#include "skeleton/skeleton.h"

namespace rw::test {

/// Adds a joint with identity orientation and an explicit tail, given in character space.
int addJoint(Skeleton& s, const std::string& name, const std::string& parent,
             const Eigen::Vector3d& head, const Eigen::Vector3d& tail);

/// A humanoid with bent elbows and knees (so that the mesh, not only proportions, says where
/// they are), Y up, facing +Z, left = +X.
Skeleton bentHumanoid();

/// A closed mesh around the deform bones of `s` (capsules head → tail, radius by bone name),
/// leaving out the bones `skip` names.
Mesh meshAround(const Skeleton& s, const std::function<double(const std::string&)>& radius,
                double cell, const std::function<bool(const std::string&)>& skip = {});

/// Capsule radii for bentHumanoid's bones: a thick trunk, thin arms.
double humanoidRadius(const std::string& name);

}  // namespace rw::test

#pragma once
// Running the retargeting session in tests: a mesh, a skeleton, two head nodes, parameters.
#include <Eigen/Core>
#include <memory>
#include <string>

#include "character.h"
#include "session/rig_session.h"

namespace rw::test {

/// A session on `mesh` (head: the vertex nearest `meshHead`) and `skeleton` (head joint by
/// name), run to the end. Records a test failure if a head is missing or the run fails.
std::unique_ptr<RigSession> runRetarget(const Mesh& mesh, const Eigen::Vector3d& meshHead,
                                        const Skeleton& skeleton, const std::string& headJoint,
                                        const RigParams& params = {});

/// What `rigwright-cli rig` makes without a motion: the skeleton `skeleton` retargeted into
/// `mesh` (head node `meshHeadSpec`: vertex:N, x,y,z or auto; head joint "head"), bone-heat
/// skinned. Records a test failure and returns what it has when a step fails.
Character rigWithSkeleton(const Mesh& mesh, const std::string& meshHeadSpec,
                          const Skeleton& skeleton);

/// `motionFile`'s clip `clipName` (or its first) retargeted onto the rigged character `c` as
/// `animate` does it (no map, default parameters) and added to its clips. Records failures.
void addRetargetedClip(Character& c, const std::string& motionFile,
                       const std::string& clipName = {});

/// The point at the top of the head above joint `joint`: (x, top of the mesh box, z).
Eigen::Vector3d topAbove(const Mesh& mesh, const Skeleton& skeleton, const std::string& joint);

/// Rest-head position of a joint by name in a skeleton.
Eigen::Vector3d jointPosition(const Skeleton& skeleton, const std::string& name);

/// `skeleton` with joint `name` moved by `offset` in character space and every other joint
/// where it was (its children's rest poses take the move back).
Skeleton withJointMoved(const Skeleton& skeleton, const std::string& name,
                        const Eigen::Vector3d& offset);

}  // namespace rw::test

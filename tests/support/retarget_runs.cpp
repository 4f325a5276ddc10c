#include "support/retarget_runs.h"

#include <gtest/gtest.h>

#include <sstream>

#include "field/head_vertex.h"
#include "motion/joint_correspondence.h"
#include "motion/retarget_character.h"
#include "skin/bone_heat.h"
#include "support/real_models.h"

namespace rw::test {

Character rigWithSkeleton(const Mesh& mesh, const std::string& meshHeadSpec,
                          const Skeleton& skeleton) {
  Character rig;
  Expected<int> head = resolveHeadVertex(mesh, meshHeadSpec);
  EXPECT_TRUE(head) << (head ? "" : head.error().message);
  if (!head) return rig;
  const auto session = runRetarget(mesh, mesh.positions[*head], skeleton, "head");
  EXPECT_TRUE(session->retargeted());
  if (!session->retargeted()) return rig;
  rig.mesh = mesh;
  rig.skeleton = session->retargeted()->skeleton;
  Expected<BoneHeatResult> heat = boneHeatWeights(rig.mesh, rig.skeleton);
  EXPECT_TRUE(heat) << (heat ? "" : heat.error().message);
  if (heat) rig.skin = heat->weights;
  return rig;
}

void addRetargetedClip(Character& c, const std::string& motionFile, const std::string& clipName) {
  Character motion;
  ASSERT_TRUE(loadModel(motionFile, motion));
  ASSERT_FALSE(motion.clips.empty()) << motionFile << " has no clip";
  const AnimationClip* clip = &motion.clips.front();
  for (const AnimationClip& k : motion.clips)
    if (k.name == clipName) clip = &k;
  Expected<JointCorrespondence> map =
      matchJoints(motion.skeleton, c.skeleton, {}, matchParamsFor(motion, c));
  ASSERT_TRUE(map) << map.error().message;
  Expected<RetargetResult> moved = retargetOntoCharacter(motion, *clip, c, *map);
  ASSERT_TRUE(moved) << moved.error().message;
  c.clips.push_back(moved->clip);
}

std::unique_ptr<RigSession> runRetarget(const Mesh& mesh, const Eigen::Vector3d& meshHead,
                                        const Skeleton& skeleton, const std::string& headJoint,
                                        const RigParams& params) {
  auto session = std::make_unique<RigSession>();
  std::ostringstream spec;
  spec.precision(17);
  spec << meshHead.x() << "," << meshHead.y() << "," << meshHead.z();
  Expected<int> head = resolveHeadVertex(mesh, spec.str());
  EXPECT_TRUE(head.ok()) << (head ? "" : head.error().message);
  const int joint = skeleton.indexOf(headJoint);
  EXPECT_GE(joint, 0) << "no joint " << headJoint;
  if (!head || joint < 0) return session;
  session->setMesh(std::make_shared<const Mesh>(mesh));
  session->setSkeleton(std::make_shared<const Skeleton>(skeleton));
  session->setMeshHead(*head);
  session->setSkeletonHead(joint);
  session->setParams(params);
  const Status st = session->run();
  EXPECT_FALSE(st.has_value()) << (st ? st->message : "");
  return session;
}

Eigen::Vector3d topAbove(const Mesh& mesh, const Skeleton& skeleton, const std::string& joint) {
  const Eigen::Vector3d p = jointPosition(skeleton, joint);
  return {p.x(), mesh.bounds().max().y(), p.z()};
}

Eigen::Vector3d jointPosition(const Skeleton& skeleton, const std::string& name) {
  const int j = skeleton.indexOf(name);
  EXPECT_GE(j, 0) << "no joint " << name;
  return j >= 0 ? Eigen::Vector3d(skeleton.restGlobals()[j].translation())
                : Eigen::Vector3d::Zero();
}

Skeleton withJointMoved(const Skeleton& skeleton, const std::string& name,
                        const Eigen::Vector3d& offset) {
  const int moved = skeleton.indexOf(name);
  EXPECT_GE(moved, 0) << "no joint " << name;
  std::vector<Transform> globals = skeleton.restGlobals();
  if (moved >= 0) globals[moved].translation() += offset;
  Skeleton out = skeleton;
  for (int j = 0; j < out.size(); ++j) {
    const int parent = out.joints[j].parent;
    out.joints[j].restLocal = parent < 0 ? globals[j] : globals[parent].inverse() * globals[j];
  }
  return out;
}

}  // namespace rw::test

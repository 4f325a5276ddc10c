// LBS and DQS over bone heat weights: the rest pose is the mesh, a limb bent 90° carries its far
// end rigidly with both, and DQS keeps more of the volume at the bent joint than LBS.
#include <gtest/gtest.h>

#include "skin/bone_heat.h"
#include "skin/linear_blend_skinning.h"
#include "skin/skinning_deformer.h"
#include "skin_test_meshes.h"

namespace rw {
namespace {

/// Volume enclosed by a closed, consistently oriented triangle mesh (divergence theorem).
double enclosedVolume(const std::vector<Eigen::Vector3d>& p,
                      const std::vector<Eigen::Vector3i>& triangles) {
  double v = 0.0;
  for (const Eigen::Vector3i& t : triangles) v += p[t[0]].dot(p[t[1]].cross(p[t[2]])) / 6.0;
  return std::abs(v);
}

/// A bar from x = 0 to 2 with an upper bone (0 → 1) and a lower bone (1 → 2), weights by bone heat.
Character bentBarCharacter() {
  Character c;
  c.mesh = buildMesh(test::closedBar(0.0, 2.0, 0.15, 60, 24));
  Skeleton& s = c.skeleton;
  s.joints.push_back(test::makeJoint("upper", -1, s, {0.02, 0, 0}, {1, 0, 0}));
  s.joints.push_back(test::makeJoint("lower", 0, s, {1, 0, 0}, {1.98, 0, 0}));
  Expected<BoneHeatResult> heat = boneHeatWeights(c.mesh, s);
  if (heat) c.skin = heat->weights;
  return c;
}

TEST(SkinningDeformer, RestPoseDeformsToItself) {
  for (const Character& c : {bentBarCharacter(), test::riggedHumanoid()}) {
    Character rigged = c;
    if (rigged.skin.empty()) {
      Expected<BoneHeatResult> heat = boneHeatWeights(rigged.mesh, rigged.skeleton);
      ASSERT_TRUE(heat) << heat.error().message;
      rigged.skin = heat->weights;
    }
    ASSERT_FALSE(rigged.skin.empty());
    const std::vector<Transform> rest = rigged.skeleton.restGlobals();
    for (SkinningMethod method : {SkinningMethod::LinearBlend, SkinningMethod::DualQuaternion}) {
      const auto out = skinCharacter(rigged, rest, method);
      ASSERT_EQ(out.size(), rigged.mesh.source.positions.size());
      double worst = 0.0;
      for (size_t v = 0; v < out.size(); ++v)
        worst = std::max(worst, (out[v] - rigged.mesh.source.positions[v]).norm());
      EXPECT_LT(worst, 1e-12 * rigged.mesh.size()) << toString(method);
    }
  }
}

TEST(SkinningDeformer, BentLimbMovesRigidlyAndDqsKeepsMoreVolume) {
  const Character c = bentBarCharacter();
  ASSERT_FALSE(c.skin.empty());
  const int lower = c.skeleton.indexOf("lower");
  // Bend the lower bone 90° about Z at the joint (1, 0, 0).
  std::vector<Transform> locals = c.skeleton.restLocals();
  locals[lower] = locals[lower] * Eigen::AngleAxisd(M_PI / 2, Eigen::Vector3d::UnitZ());
  const std::vector<Transform> globals = c.skeleton.globalsFromLocals(locals);
  const Eigen::Vector3d joint(1, 0, 0);
  const Eigen::Matrix3d R =
      Eigen::AngleAxisd(M_PI / 2, Eigen::Vector3d::UnitZ()).toRotationMatrix();
  const double restVolume = enclosedVolume(c.mesh.source.positions, c.mesh.source.triangles);
  double volume[2] = {0, 0};
  for (SkinningMethod method : {SkinningMethod::LinearBlend, SkinningMethod::DualQuaternion}) {
    const auto out = skinCharacter(c, globals, method);
    int far = 0;
    for (size_t v = 0; v < out.size(); ++v) {
      const Eigen::Vector3d& p = c.mesh.source.positions[v];
      if (p.x() < 1.6) continue;  // the far third of the lower bone
      ++far;
      ASSERT_EQ(c.skin.perVertex[v].size(), 1u) << "vertex " << v << " at x = " << p.x();
      EXPECT_EQ(c.skin.perVertex[v][0].joint, lower);
      EXPECT_LT((out[v] - (joint + R * (p - joint))).norm(), 1e-9)
          << toString(method) << " vertex " << v;
    }
    EXPECT_GT(far, 100);
    volume[method == SkinningMethod::DualQuaternion] = enclosedVolume(out, c.mesh.source.triangles);
  }
  const double lbsLoss = 1.0 - volume[0] / restVolume, dqsLoss = 1.0 - volume[1] / restVolume;
  std::cout << "[ measured ] rest volume " << restVolume << ", after a 90 deg bend: LBS loses "
            << 100 * lbsLoss << " %, DQS " << 100 * dqsLoss << " %\n";
  EXPECT_GT(lbsLoss, 0.0);
  EXPECT_LT(dqsLoss, lbsLoss);
}

TEST(SkinningDeformer, MatchesTheReferenceLinearBlend) {
  Character c = test::riggedHumanoid(0.05);
  Expected<BoneHeatResult> heat = boneHeatWeights(c.mesh, c.skeleton);
  ASSERT_TRUE(heat);
  c.skin = heat->weights;
  std::vector<Transform> locals = c.skeleton.restLocals();
  for (int j = 1; j < c.skeleton.size(); ++j)
    locals[j] = locals[j] * Eigen::AngleAxisd(0.3 * j, Eigen::Vector3d(1, 2, 3).normalized());
  const auto globals = c.skeleton.globalsFromLocals(locals);
  const auto ours = skinCharacter(c, globals, SkinningMethod::LinearBlend);
  const auto reference = skinLinearBlend(c, globals);
  for (size_t v = 0; v < ours.size(); ++v) EXPECT_LT((ours[v] - reference[v]).norm(), 1e-12);
}

}  // namespace
}  // namespace rw

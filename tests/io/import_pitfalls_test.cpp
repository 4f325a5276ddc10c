// One test per pitfall of docs/data.md, on the file where it occurs.
#include <gtest/gtest.h>

#include "io/import_character.h"
#include "support/real_models.h"

using namespace rw;
using rw::test::loadModel;

namespace {
bool hasNote(const Character& c, const std::string& part) {
  for (const auto& n : c.notes)
    if (n.find(part) != std::string::npos) return true;
  return false;
}
}  // namespace

// 1. Seams: the file's split vertices are kept for export, welded for topology, mapped back.
TEST(ImportPitfalls, SeamsWeldedWithTheMapBack_BcnEpileptic) {
  Character c;
  ASSERT_TRUE(loadModel("X/BCN_Epileptic.X", c));
  const Mesh& m = c.mesh;
  ASSERT_EQ(m.weldedOfSource.size(), m.source.positions.size());
  int shared = 0;
  for (std::size_t i = 0; i < m.weldedOfSource.size(); ++i) {
    EXPECT_LE((m.positions[m.weldedOfSource[i]] - m.source.positions[i]).norm(), m.weldTolerance);
    shared += m.weldedOfSource[i] != int(i);
  }
  EXPECT_GT(shared, 300);  // 3014 file vertices onto 2632 positions
  // The torso and legs meet along a seam: one component, so the body is 5 parts, not 6.
  EXPECT_EQ(m.diagnostics.components, 5);
}

// 2. Skinned meshes are placed by global(bone)·offset, not by their node's 90° turn; covered by
//    RealModels.BcnEpileptic (height along Y) and by the skinning-vs-Assimp comparison.

// 3. Unnormalized weights: see RealModels.ToyFbxWeightsAreNormalized.

// 4. BVH fake skeleton mesh is not imported as geometry.
TEST(ImportPitfalls, NoFakeSkeletonMesh_Bvh) {
  for (const char* file : {"BVH/01_01.bvh", "BVH/Boxing_Toes.bvh"}) {
    Character c;
    ASSERT_TRUE(loadModel(file, c)) << file;
    EXPECT_TRUE(c.mesh.source.triangles.empty()) << file;
    EXPECT_FALSE(c.skeleton.empty()) << file;
  }
}

// 5a. Bones without nodes are recreated from their offsets, not dropped.
TEST(ImportPitfalls, BonesWithoutNodes_AnimTest) {
  Character c;
  ASSERT_TRUE(loadModel("X/anim_test.x", c));
  for (const char* name : {"joint3", "joint4"}) {
    const int j = c.skeleton.indexOf(name);
    ASSERT_GE(j, 0) << name;
    EXPECT_TRUE(c.skeleton.joints[j].deform);
  }
  EXPECT_TRUE(hasNote(c, "no node in the hierarchy"));
  EXPECT_EQ(c.skeleton.deformCount(), 4);
  // Their weights survived and point at them.
  int toJoint3 = 0;
  for (const auto& v : c.skin.perVertex)
    for (const Influence& i : v) toJoint3 += i.joint == c.skeleton.indexOf("joint3");
  EXPECT_GT(toJoint3, 0);
}

// 5b. Several skeleton roots: see RealModels.TestwusonTwoSkeletonRootsUnderAnAnimatedRoot.

// 5c. Co-located bones (BCN has two pairs) still give finite, non-zero bones.
TEST(ImportPitfalls, CoLocatedBonesHaveFiniteShapes_BcnEpileptic) {
  Character c;
  ASSERT_TRUE(loadModel("X/BCN_Epileptic.X", c));
  const auto g = c.skeleton.restGlobals();
  int coLocated = 0;
  for (int a = 0; a < c.skeleton.size(); ++a)
    for (int b = a + 1; b < c.skeleton.size(); ++b)
      coLocated += (g[a].translation() - g[b].translation()).norm() < 1e-6 * c.mesh.size();
  EXPECT_GE(coLocated, 2);
  for (int j = 0; j < c.skeleton.size(); ++j) {
    const BoneShape bone = c.skeleton.boneShape(j, c.mesh.size());
    EXPECT_TRUE(bone.tail.allFinite() && std::isfinite(bone.roll)) << c.skeleton.joints[j].name;
    EXPECT_GT(bone.length(), 0.0) << c.skeleton.joints[j].name;
  }
}

// 5d. FBX `*_end` leaves become their parent's tail.
TEST(ImportPitfalls, EndLeavesFoldedIntoTails_Huesitos) {
  Character c;
  ASSERT_TRUE(loadModel("FBX/huesitos.fbx", c));
  int tails = 0;
  for (const Joint& j : c.skeleton.joints) {
    EXPECT_EQ(j.name.find("_end"), std::string::npos) << j.name;
    tails += j.tail.has_value();
  }
  EXPECT_EQ(tails, 2);
  EXPECT_TRUE(hasNote(c, "end-of-chain"));
}

// 5e. A rest pose that differs from the bind pose: the bind pose comes from the offsets.
TEST(ImportPitfalls, RestPoseDiffersFromBindPose_AnimationWithSkeleton) {
  Character c;
  ASSERT_TRUE(loadModel("FBX/animation_with_skeleton.fbx", c));
  EXPECT_TRUE(hasNote(c, "bind pose taken from the bone offsets"));
}

// 6. Z-up files are turned to Y-up: the XGL copy of BCN lands where the .X one is.
TEST(ImportPitfalls, ZUpTurnedToYUp_BcnXglMatchesX) {
  Character x, xgl;
  ASSERT_TRUE(loadModel("X/BCN_Epileptic.X", x));
  ASSERT_TRUE(loadModel("XGL/BCN_Epileptic.zgl", xgl));
  EXPECT_EQ(xgl.sourceUpAxis, UpAxis::Z);
  EXPECT_EQ(xgl.mesh.diagnostics.triangles, 5126);
  const Eigen::AlignedBox3d a = x.mesh.bounds(), b = xgl.mesh.bounds();
  EXPECT_LT((a.min() - b.min()).norm(), 0.01 * x.mesh.size()) << b.min().transpose();
  EXPECT_LT((a.max() - b.max()).norm(), 0.01 * x.mesh.size()) << b.max().transpose();
}

// 8. Files the reader crashes on, or that claim absurd sizes, are errors, not crashes.
TEST(ImportPitfalls, ReaderCrashesAndHugeDeclarationsAreErrors) {
  for (const char* file : {"RAW/WithColor.raw", "RAW/WithTexture.raw", "invalid/OutOfMemory.off"}) {
    const std::string path = test::modelPath(file);
    const auto r = importCharacter(path);
    ASSERT_FALSE(r) << file;
    EXPECT_EQ(r.error().message.rfind(path + ": ", 0), 0u) << r.error().message;
  }
}

// A leaf bone's tail from the part its file skins to it (skeleton/leaf_tails.h, issue 20).
#include "skeleton/leaf_tails.h"

#include <gtest/gtest.h>

#include "support/procedural_characters.h"
#include "support/procedural_meshes.h"

using namespace rw;
using namespace rw::test;
using Eigen::Vector3d;

namespace {

/// A neck and a tail-less head bone at y = 1.6, whose part (a cube from y = 1.6 to 1.9) the
/// skin gives to the head; the neck's part below. A glTF or FBX reads so: joints, no tails.
Character skinnedHead() {
  Character c;
  addJoint(c.skeleton, "neck", "", {0, 1.4, 0}, {0, 1.6, 0});
  addJoint(c.skeleton, "head", "neck", {0, 1.6, 0}, {0, 1.7, 0});
  c.skeleton.joints[1].tail.reset();
  SourceMesh source = splitCube({0, 1.75, 0}, 0.3);
  append(source, splitCube({0, 1.5, 0}, 0.2));
  c.mesh = buildMesh(source);
  c.skin.perVertex.resize(c.mesh.source.positions.size());
  for (std::size_t v = 0; v < c.skin.perVertex.size(); ++v)
    c.skin.perVertex[v] = {{c.mesh.source.positions[v].y() >= 1.6 ? 1 : 0, 1.0}};
  return c;
}

}  // namespace

TEST(LeafTails, AHeadBoneReachesTheTopOfThePartItSkins) {
  Character c = skinnedHead();
  const std::optional<Vector3d> tail = leafTailFromSkin(c, 1);
  ASSERT_TRUE(tail);
  // On the line through the part's centroid (straight up), as far as the part reaches: its top.
  EXPECT_NEAR((*tail - Vector3d(0, 1.9, 0)).norm(), 0.0, 1e-9);
  EXPECT_TRUE(setHeadTailFromSkin(c, 1));
  EXPECT_NEAR((c.skeleton.boneShape(1, 1.0).tail - Vector3d(0, 1.9, 0)).norm(), 0.0, 1e-9);
  // Once set (or given by the file), a tail stays.
  EXPECT_FALSE(setHeadTailFromSkin(c, 1));
}

TEST(LeafTails, OnlyTailLessLeavesWithAPartThatPointsSomewhereGetOne) {
  Character c = skinnedHead();
  EXPECT_FALSE(leafTailFromSkin(c, 0));  // the neck has a deform child: its tail is the head
  EXPECT_FALSE(leafTailFromSkin(c, 5));  // no such joint
  // A part wrapped evenly around its joint (the head joint moved to the cube's centre) says
  // nothing about a direction.
  Character wrapped = skinnedHead();
  wrapped.skeleton.joints[1].restLocal.translation() = Vector3d(0, 0.35, 0);
  EXPECT_FALSE(leafTailFromSkin(wrapped, 1));
  // Weights too light to make a part, or no skin for this mesh: nothing.
  Character light = skinnedHead();
  for (auto& influences : light.skin.perVertex) influences.front().weight = 0.3;
  EXPECT_FALSE(leafTailFromSkin(light, 1));
  Character unskinned = skinnedHead();
  unskinned.skin = {};
  EXPECT_FALSE(leafTailFromSkin(unskinned, 1));
}

// A four-legged rig's head joint carries its ears: its bone has no tail in the file, and the
// tail skeleton.h gives a branching joint (its children's mean) lies between the ears at the
// skull's base. The head's part says where the head bone ends (the corpus's bovids: the head
// joint was placed a head's length forward on the muzzle).
TEST(LeafTails, AHeadCarryingEarsReachesTheEndOfItsPartAndAHeadWithOneChildDoesNot) {
  Character c = skinnedHead();
  addJoint(c.skeleton, "ear.L", "head", {0.1, 1.65, 0}, {0.2, 1.7, 0});
  addJoint(c.skeleton, "ear.R", "head", {-0.1, 1.65, 0}, {-0.2, 1.7, 0});
  EXPECT_FALSE(leafTailFromSkin(c, 1));  // not a leaf
  const std::optional<Vector3d> tail = headTailFromSkin(c, 1);
  ASSERT_TRUE(tail);
  EXPECT_NEAR((*tail - Vector3d(0, 1.9, 0)).norm(), 0.0, 1e-9);
  EXPECT_TRUE(setHeadTailFromSkin(c, 1));
  EXPECT_NEAR((c.skeleton.boneShape(1, 1.0).tail - Vector3d(0, 1.9, 0)).norm(), 0.0, 1e-9);
  // One deform child goes on from the head (a head-top end): the bone ends there.
  Character chain = skinnedHead();
  addJoint(chain.skeleton, "head_end", "head", {0, 1.9, 0}, {0, 2.0, 0});
  EXPECT_FALSE(headTailFromSkin(chain, 1));
}

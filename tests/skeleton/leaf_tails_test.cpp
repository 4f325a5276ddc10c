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

namespace {

/// A leg read from a glTF: joints and orientations, no tails. The hoof's Y axis (the guessed
/// tail's direction) is `hoofAxis`; the knee's points down the leg.
Skeleton legWithHoofAxis(const Vector3d& hoofAxis) {
  Skeleton s;
  addJoint(s, "thigh", "", {0, 1.0, 0}, {0, 0.5, 0});
  addJoint(s, "shin", "thigh", {0, 0.5, 0}, {0, 0.1, 0});
  addJoint(s, "hoof", "shin", {0, 0.1, 0}, {0, 0.0, 0});
  // The hoof's rest frame turns its Y axis onto hoofAxis (the joints' frames are identity).
  s.joints[2].restLocal.linear() =
      Eigen::Quaterniond::FromTwoVectors(Vector3d::UnitY(), hoofAxis).toRotationMatrix();
  for (Joint& j : s.joints) j.tail.reset();
  for (Joint& j : s.joints) j.deform = true;
  return s;
}

}  // namespace

// Issue 20: a hoof whose Y axis points back up its leg (an export's axis convention) had its
// guessed tail back up the leg; placement dropped it as a turn-back and it followed the shin
// under the floor. It now goes straight on down the leg, half the shin's length.
TEST(LeafTails, ALeafTailTurningBackOnItsParentGoesStraightOn) {
  Skeleton s = legWithHoofAxis(Vector3d(0, 1, 0.2).normalized());
  const Vector3d before = s.boneShape(2).tail;
  ASSERT_GT(before.y(), 0.1) << "the guess does not turn back: the test misses its case";
  const std::vector<int> changed = setTurnedBackLeafTails(s);
  ASSERT_EQ(changed, std::vector<int>{2});
  ASSERT_TRUE(s.joints[2].tail);
  EXPECT_TRUE(s.joints[2].tail->isApprox(Vector3d(0, -0.1, 0), 1e-9))
      << s.joints[2].tail->transpose();
}

TEST(LeafTails, LeafTailsThatGoOnOrSidewaysAndTailsFromTheFileAreKept) {
  // Forward off the leg's end (a toe), at 90°: kept.
  Skeleton toe = legWithHoofAxis(Vector3d(0, 0, 1));
  EXPECT_TRUE(setTurnedBackLeafTails(toe).empty());
  EXPECT_FALSE(toe.joints[2].tail);
  // A tail from the file is the artist's, wherever it points.
  Skeleton given = legWithHoofAxis(Vector3d(0, 1, 0));
  given.joints[2].tail = Vector3d(0, 0.3, 0);
  EXPECT_TRUE(setTurnedBackLeafTails(given).empty());
  EXPECT_TRUE(given.joints[2].tail->isApprox(Vector3d(0, 0.3, 0)));
  // A control leaf (an IK target) is no bone the mesh shows; the shin above it is then the
  // deform leaf, and its guess (its Y axis, up) turns back.
  Skeleton control = legWithHoofAxis(Vector3d(0, 1, 0));
  control.joints[2].deform = false;
  EXPECT_EQ(setTurnedBackLeafTails(control), std::vector<int>{1});
  EXPECT_FALSE(control.joints[2].tail);
}

// End to end against the artist (issue 17): a character's own skeleton, re-proportioned and
// moved, retargeted back into its bare mesh, skinned by bone heat and driven by the artist's own
// clip through the motion retargeter (as `animate` does), compared frame by frame with the
// artist's own rig (skeleton and weights) playing the same clip. One number covers joint
// placement, weights, motion transfer and the floor: the skinned vertices' distance, as % of
// the character's height (mean and 95th percentile over every vertex of every frame), and the
// ground offset (per frame, our lowest vertex minus the artist's).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <iostream>

#include "io/rig_json.h"
#include "motion/ground_contact.h"
#include "motion/joint_correspondence.h"
#include "motion/retarget_character.h"
#include "skeleton/bone_roll.h"
#include "skin/bone_heat.h"
#include "skin/skinning_deformer.h"
#include "support/real_models.h"
#include "support/retarget_runs.h"
#include "support/skeleton_edits.h"

using namespace rw;
using namespace rw::test;

namespace {

struct Agreement {
  double mean = 0, p95 = 0, groundMean = 0, groundWorst = 0;  ///< % of height
  int frames = 0;
};

/// Our rig of the artist's bare mesh: `edited` retargeted into it, bone-heat weights.
Character ourRig(const Character& artist, const Skeleton& edited, const Eigen::Vector3d& head,
                 const std::string& headJoint) {
  Character rig;
  rig.mesh = artist.mesh;
  const auto session = runRetarget(artist.mesh, head, edited, headJoint);
  EXPECT_TRUE(session->retargeted());
  if (!session->retargeted()) return rig;
  rig.skeleton = session->retargeted()->skeleton;
  Expected<BoneHeatResult> heat = boneHeatWeights(rig.mesh, rig.skeleton);
  EXPECT_TRUE(heat) << (heat ? "" : heat.error().message);
  if (heat) rig.skin = heat->weights;
  return rig;
}

/// The bundled production biped retargeted into BCN's bare mesh (head joint `head` at the top of
/// the artist's neck), bone-heat skinned; no weights after a recorded failure.
Character productionBipedIn(const Character& bcn) {
  Expected<RigDocument> doc =
      readRigJson(std::string(RIGWRIGHT_SKELETONS_DIR) + "/biped_production.json");
  EXPECT_TRUE(doc.ok());
  if (!doc) return {};
  return ourRig(bcn, doc->skeleton, topAbove(bcn.mesh, bcn.skeleton, "B_Neck"), "head");
}

/// The bundled quadruped retargeted into Testwuson's bare mesh (head joint `head` at the front of
/// the head), bone-heat skinned; no weights after a recorded failure.
Character bundledQuadrupedIn(const Character& wuson) {
  Expected<RigDocument> doc = readRigJson(std::string(RIGWRIGHT_SKELETONS_DIR) + "/quadruped.json");
  EXPECT_TRUE(doc.ok());
  if (!doc) return {};
  const Eigen::Vector3d neck = jointPosition(wuson.skeleton, "Neck");
  return ourRig(wuson, doc->skeleton, {neck.x(), neck.y(), wuson.mesh.bounds().max().z()}, "head");
}

/// The artist's clip `clipName` put on `rig` as `animate` does, compared with the artist's rig.
Agreement playAgainstArtist(const Character& artist, Character rig, const std::string& clipName,
                            const RetargetParams& params = {}) {
  Agreement a;
  const auto clip = std::find_if(artist.clips.begin(), artist.clips.end(),
                                 [&](const AnimationClip& c) { return c.name == clipName; });
  EXPECT_NE(clip, artist.clips.end()) << clipName;
  if (clip == artist.clips.end() || rig.skin.perVertex.empty()) return a;
  Expected<JointCorrespondence> map =
      matchJoints(artist.skeleton, rig.skeleton, {}, matchParamsFor(artist, rig));
  EXPECT_TRUE(map) << (map ? "" : map.error().message);
  if (!map) return a;
  Expected<RetargetResult> moved = retargetOntoCharacter(artist, *clip, rig, *map, params);
  EXPECT_TRUE(moved) << (moved ? "" : moved.error().message);
  if (!moved) return a;
  const double height = restHeight(artist);
  std::vector<double> distances;
  double groundSum = 0;
  a.frames = moved->frames;
  for (int f = 0; f < moved->frames; ++f) {
    const double t = f / moved->framesPerSecond;
    const auto theirs = skinCharacter(
        artist, artist.skeleton.globalsFromLocals(clip->sampleLocals(artist.skeleton, t)),
        SkinningMethod::LinearBlend);
    const auto ours = skinCharacter(
        rig, rig.skeleton.globalsFromLocals(moved->clip.sampleLocals(rig.skeleton, t)),
        SkinningMethod::LinearBlend);
    double lowTheirs = 1e300, lowOurs = 1e300;
    for (std::size_t v = 0; v < ours.size(); ++v) {
      distances.push_back(100 * (ours[v] - theirs[v]).norm() / height);
      lowTheirs = std::min(lowTheirs, theirs[v].y());
      lowOurs = std::min(lowOurs, ours[v].y());
    }
    const double ground = 100 * std::abs(lowOurs - lowTheirs) / height;
    groundSum += ground;
    a.groundWorst = std::max(a.groundWorst, ground);
  }
  a.groundMean = groundSum / std::max(1, a.frames);
  double sum = 0;
  for (double d : distances) sum += d;
  a.mean = sum / double(distances.size());
  std::nth_element(distances.begin(), distances.begin() + std::ptrdiff_t(0.95 * distances.size()),
                   distances.end());
  a.p95 = distances[std::size_t(0.95 * distances.size())];
  return a;
}

/// Lu's intermediate skeleton whole: every rest-posture turn kept, however small
/// (RetargetParams::axialPostureMinDegrees, limbPostureMinDegrees).
RetargetParams everyPostureTurnKept() {
  RetargetParams whole;
  whole.axialPostureMinDegrees = whole.axialPostureFullDegrees = 0.0;
  whole.limbPostureMinDegrees = whole.limbPostureFullDegrees = 0.0;
  whole.standingLimbsKeepPosture = false;
  return whole;
}

void print(const std::string& what, const Agreement& a) {
  std::cout << "[against the artist] " << what << ": " << a.frames << " frames, vertices mean "
            << a.mean << "%, p95 " << a.p95 << "% of height; ground offset mean " << a.groundMean
            << "%, worst " << a.groundWorst << "%\n";
}

}  // namespace

TEST(MotionAgainstArtist, BcnOwnSkeletonRetargetedPlaysEpileptischLikeTheArtistsRig) {
  Character bcn;
  ASSERT_TRUE(loadModel("X/BCN_Epileptic.X", bcn));
  Skeleton edited = bcn.skeleton;  // as the retarget test: arms +30%, legs -30%, moved, shrunk
  for (const char* side : {"Left", "Right"}) {
    scaleSubtree(edited, edited.indexOf(std::string("B_Clavicle_") + side), 1.3);
    scaleSubtree(edited, edited.indexOf(std::string("B_Hip_") + side), 0.7);
  }
  scaleSkeleton(edited, 0.6, Eigen::Vector3d(0.4, 0.2, -0.3));
  const Character rig = ourRig(bcn, edited, topAbove(bcn.mesh, bcn.skeleton, "B_Neck"), "B_Neck");
  const Agreement a = playAgainstArtist(bcn, rig, "Epileptisch");
  print("BCN, Epileptisch", a);
  ASSERT_EQ(a.frames, 100);
  // Measured 1.4% / 4.6%, ground 0.78% (worst frame 2.0%). With every rest-posture turn of
  // Lu's intermediate skeleton kept (RetargetParams::limbPostureMinDegrees and
  // axialPostureMinDegrees at 0): 4.2% / 7.9%, ground 0.50% — where our placement put a joint
  // apart from the artist's (CD-J2J 0.016 of size), the turn onto the artist's bone directions
  // moved the mesh bound to it.
  EXPECT_LT(a.mean, 2.5);
  EXPECT_LT(a.p95, 7.0);
  EXPECT_LT(a.groundMean, 1.0);
  // Both rests stand with the feet alike (RetargetParams::standingFootMaxDegrees): the feet turn
  // as the artist's from their rest. Laid flat at the walk's flattest frame instead, as for a
  // BVH: 1.6% / 5.0%, ground 0.98%.
  RetargetParams flattened;
  flattened.standingFootMaxDegrees = 0.0;
  const Agreement flat = playAgainstArtist(bcn, rig, "Epileptisch", flattened);
  print("BCN, Epileptisch, the feet laid flat", flat);
  EXPECT_LT(a.mean, 0.95 * flat.mean);
  EXPECT_LT(a.groundMean, flat.groundMean);
  // The transfer alone: the artist's own rig through the retargeter reproduces the artist's
  // rig playing its clip (measured 0.13% / 0.13%; the floor and feet constraints move a few
  // frames by up to 0.8%).
  const Agreement self = playAgainstArtist(bcn, bcn, "Epileptisch");
  print("BCN's own rig, Epileptisch", self);
  EXPECT_LT(self.mean, 0.5);
  EXPECT_LT(self.p95, 0.5);
}

TEST(MotionAgainstArtist, TestwusonOwnSkeletonRetargetedRunsLikeTheArtistsRig) {
  Character wuson;
  ASSERT_TRUE(loadModel("X/Testwuson.X", wuson));
  Skeleton edited = wuson.skeleton;
  for (const char* side : {"L", "R"}) {
    scaleSubtree(edited, edited.indexOf(std::string("ForeLeg_") + side + "_01"), 1.3);
    scaleSubtree(edited, edited.indexOf(std::string("HindLeg_") + side + "_01"), 0.7);
  }
  scaleSkeleton(edited, 1.4, Eigen::Vector3d(-0.5, 0.3, 0.8));
  const Eigen::Vector3d neck = jointPosition(wuson.skeleton, "Neck");
  const Character rig =
      ourRig(wuson, edited, {neck.x(), neck.y(), wuson.mesh.bounds().max().z()}, "Neck");
  const Agreement a = playAgainstArtist(wuson, rig, "Wuson_Run");
  print("Testwuson, Wuson_Run", a);
  ASSERT_EQ(a.frames, 30);
  // Measured 2.5% / 7.3%, ground 1.1% (with every rest-posture turn kept: 8.9% / 21%, 1.8%).
  EXPECT_LT(a.mean, 3.5);
  EXPECT_LT(a.p95, 10.0);
  EXPECT_LT(a.groundMean, 1.5);
  const RetargetParams whole = everyPostureTurnKept();
  const Agreement turned = playAgainstArtist(wuson, rig, "Wuson_Run", whole);
  print("Testwuson, Wuson_Run, every rest-posture turn kept", turned);
  EXPECT_LT(a.mean, 0.5 * turned.mean);
  const Agreement self = playAgainstArtist(wuson, wuson, "Wuson_Run");
  print("Testwuson's own rig, Wuson_Run", self);
  EXPECT_LT(self.mean, 3.0);
}

// A different skeleton than the artist's, as users rig: the bundled production biped retargeted
// into BCN's bare mesh, bone-heat skinned, playing the artist's own clip. The two rigs put the
// pelvis, spine and neck joints at different places in the same body (BCN's thigh joints above
// its pelvis joint, ours below), so copying bone directions on the axial chain, as Lu §3.1 does
// bone by bone, tips the body; the chain turns as one instead (RetargetParams::alignAxialAsOne).
TEST(MotionAgainstArtist, ProductionBipedInBcnPlaysEpileptischLikeTheArtistsRig) {
  Character bcn;
  ASSERT_TRUE(loadModel("X/BCN_Epileptic.X", bcn));
  const Character rig = productionBipedIn(bcn);
  ASSERT_FALSE(rig.skin.perVertex.empty());
  const Agreement a = playAgainstArtist(bcn, rig, "Epileptisch");
  print("BCN with the production biped, Epileptisch", a);
  // Lu's intermediate skeleton whole, the axial chain as one, then bone by bone.
  const RetargetParams whole = everyPostureTurnKept();
  const Agreement c = playAgainstArtist(bcn, rig, "Epileptisch", whole);
  print("the same, every rest-posture turn kept", c);
  RetargetParams boneByBone = whole;
  boneByBone.alignAxialAsOne = false;
  const Agreement b = playAgainstArtist(bcn, rig, "Epileptisch", boneByBone);
  print("the same, axial bones one by one", b);
  ASSERT_EQ(a.frames, 100);
  // Measured 5.9% / 10.3%, ground offset 2.9% mean; with every turn kept 6.8% / 11.3%, 3.8%;
  // bone by bone 14.1% / 19.6%, 3.7% (where each rig's feet and soles are).
  EXPECT_LT(a.mean, 7.0);
  EXPECT_LT(a.p95, 12.0);
  EXPECT_LE(a.mean, c.mean);
  EXPECT_LT(c.mean, 0.7 * b.mean);
  EXPECT_LT(a.groundMean, 4.5);
}

// Another skeleton than the artist's on an animal: the bundled quadruped retargeted into
// Testwuson's bare mesh (head joint `head` at the front of the head), bone-heat skinned, runs the
// artist's Wuson_Run. The two rigs' legs differ by 22-28 degrees in the same body (where each
// puts its joints), and their trunks' chains run opposite ways (the artist's root between the
// spines): turned onto the artist's rest directions bone by bone (Lu §3.1 whole), our legs
// moved the mesh away from the artist's; keeping the mesh's posture they move as the artist's.
TEST(MotionAgainstArtist, BundledQuadrupedInTestwusonRunsLikeTheArtistsRig) {
  Character wuson;
  ASSERT_TRUE(loadModel("X/Testwuson.X", wuson));
  const Character rig = bundledQuadrupedIn(wuson);
  ASSERT_FALSE(rig.skin.perVertex.empty());
  const Agreement a = playAgainstArtist(wuson, rig, "Wuson_Run");
  print("Testwuson with the bundled quadruped, Wuson_Run", a);
  const RetargetParams whole = everyPostureTurnKept();
  const Agreement turned = playAgainstArtist(wuson, rig, "Wuson_Run", whole);
  print("the same, every rest-posture turn kept", turned);
  ASSERT_EQ(a.frames, 30);
  EXPECT_LT(a.mean, 5.0);
  EXPECT_LT(a.groundMean, 1.5);
  EXPECT_LT(a.mean, 0.8 * turned.mean);
}

// An artist's clip stands on its character's floor as our rig's rest does: the root takes the
// artist root's horizontal path, scaled (RetargetParams::rootFollowsStandingSource), not Lu's
// least-clear effector, which carries the difference between the two rigs' leg poses into the
// root frame after frame. Another skeleton than the artist's in each of the two artist-rigged
// characters; measured 3.31 against Lu's 3.82 (Testwuson, the bundled quadruped) and 5.95
// against 6.36 (BCN, the production biped), % of height, the ground offsets equal.
TEST(MotionAgainstArtist, AnArtistsClipMovesTheRootAlongTheArtistsPath) {
  Character wuson, bcn;
  ASSERT_TRUE(loadModel("X/Testwuson.X", wuson));
  ASSERT_TRUE(loadModel("X/BCN_Epileptic.X", bcn));
  const Character quadruped = bundledQuadrupedIn(wuson);
  const Character biped = productionBipedIn(bcn);
  ASSERT_FALSE(quadruped.skin.perVertex.empty());
  ASSERT_FALSE(biped.skin.perVertex.empty());
  RetargetParams lu;
  lu.rootFollowsStandingSource = false;
  const struct {
    const Character& artist;
    const Character& rig;
    const char* clip;
  } cases[] = {{wuson, quadruped, "Wuson_Run"}, {bcn, biped, "Epileptisch"}};
  for (const auto& c : cases) {
    const Agreement followed = playAgainstArtist(c.artist, c.rig, c.clip);
    const Agreement lus = playAgainstArtist(c.artist, c.rig, c.clip, lu);
    print(std::string(c.clip) + ", the root on the artist's path", followed);
    print(std::string(c.clip) + ", the root on Lu's", lus);
    EXPECT_LT(followed.mean, 0.95 * lus.mean) << c.clip;
    EXPECT_LT(followed.p95, lus.p95) << c.clip;
    EXPECT_LT(followed.groundMean, lus.groundMean + 0.05) << c.clip;
  }
}

// A bone's roll fixes the axes an animator turns it about, not the motion: the artist's clip
// retargeted onto our rig with the forearm and shin rolled plays the same skinned vertices (the
// motion transfer carries rotations through global frames, retarget_motion.h).
TEST(MotionAgainstArtist, RollingABoneTurnsItsAxesNotTheMotion) {
  Character bcn;
  ASSERT_TRUE(loadModel("X/BCN_Epileptic.X", bcn));
  const Character rig = productionBipedIn(bcn);
  ASSERT_FALSE(rig.skin.perVertex.empty());
  Character rolled = rig;
  for (const auto& [name, degrees] : {std::pair{"forearm.L", 60.0}, std::pair{"shin.R", -90.0}}) {
    const int j = rolled.skeleton.indexOf(name);
    ASSERT_GE(j, 0) << name;
    ASSERT_TRUE(setBoneRoll(rolled.skeleton, j, degrees * M_PI / 180.0)) << name;
  }
  const Agreement a = playAgainstArtist(bcn, rig, "Epileptisch");
  const Agreement b = playAgainstArtist(bcn, rolled, "Epileptisch");
  ASSERT_EQ(a.frames, 100);
  ASSERT_EQ(b.frames, 100);
  EXPECT_NEAR(a.mean, b.mean, 1e-6);
  EXPECT_NEAR(a.p95, b.p95, 1e-6);
  EXPECT_NEAR(a.groundMean, b.groundMean, 1e-6);
}

// A motion that comes with its own skinned mesh keeps its clip's relation to the floor that mesh
// stands on (RetargetParams::sourceRestStands): the artist's clip lowered by 2% of the height
// (as a walk with the soles in the floor) is played lowered on the target too, here BCN's own
// rig, which then matches the artist's rig playing the lowered clip. Read against the clip's own
// standing feet instead, the target would stand 2% higher than the artist's.
TEST(MotionAgainstArtist, ClipStandingUnderItsRestFloorIsKeptWithTheMotionsMesh) {
  Character bcn;
  ASSERT_TRUE(loadModel("X/BCN_Epileptic.X", bcn));
  Character lowered = bcn;
  const double drop = 0.02 * restHeight(bcn);
  int moved = 0;
  for (AnimationClip& clip : lowered.clips)
    for (JointChannel& c : clip.channels)
      if (c.joint >= 0 && lowered.skeleton.joints[c.joint].parent < 0)
        for (auto& key : c.translation) key.value.y() -= drop, ++moved;
  ASSERT_GT(moved, 0);
  const Agreement a = playAgainstArtist(lowered, bcn, "Epileptisch");
  print("BCN's own rig, Epileptisch lowered by 2%", a);
  EXPECT_LT(a.groundMean, 0.5);
  EXPECT_LT(a.mean, 0.5);
}

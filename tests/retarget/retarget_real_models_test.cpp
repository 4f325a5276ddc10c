// Skeleton retargeting on the artist characters (issue 5): each character's own skeleton,
// re-proportioned, goes back into its mesh and must land on the artist's joints.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <string>

#include "io/rig_json.h"
#include "mesh/mesh_parts.h"
#include "skeleton/skeleton_metrics.h"
#include "support/real_models.h"
#include "support/retarget_runs.h"
#include "support/skeleton_edits.h"

using namespace rw;
using namespace rw::test;

namespace {

/// CD-J2J etc. of the retargeted skeleton against the artist's, normalized by the mesh's
/// bounding-box diagonal.
SkeletonMetrics metricsAgainst(const Skeleton& result, const Character& artist) {
  Expected<SkeletonMetrics> m =
      compareSkeletons(result, artist.skeleton, artist.mesh.bounds().diagonal().norm());
  EXPECT_TRUE(m.ok());
  return m ? *m : SkeletonMetrics{};
}

void print(const char* what, const SkeletonMetrics& m) {
  std::printf("[retarget] %s: CD-J2J %.4f CD-J2B %.4f CD-B2B %.4f precision %.2f recall %.2f\n",
              what, m.cdJ2J, m.cdJ2B, m.cdB2B, m.precision, m.recall);
}

/// The bundled production biped retargeted into BCN's bare mesh (head joint `head` at the top
/// of the artist's neck): the session the joint-editing tests edit.
struct BcnWithProductionBiped {
  Character bcn;
  Skeleton source;
  std::unique_ptr<RigSession> session;

  void start() {
    ASSERT_TRUE(loadModel("X/BCN_Epileptic.X", bcn));
    Expected<RigDocument> rig =
        readRigJson(std::string(RIGWRIGHT_SKELETONS_DIR) + "/biped_production.json");
    ASSERT_TRUE(rig.ok());
    source = rig->skeleton;
    session = runRetarget(bcn.mesh, topAbove(bcn.mesh, bcn.skeleton, "B_Neck"), source, "head");
    ASSERT_TRUE(session->retargeted());
  }
};

}  // namespace

TEST(RetargetRealModels, BcnOwnSkeletonReproportionedComesBack) {
  Character c;
  ASSERT_TRUE(loadModel("X/BCN_Epileptic.X", c));
  Skeleton edited = c.skeleton;
  // Arms 30% longer, legs 30% shorter, the whole thing moved and shrunk.
  for (const char* side : {"Left", "Right"}) {
    scaleSubtree(edited, edited.indexOf(std::string("B_Clavicle_") + side), 1.3);
    scaleSubtree(edited, edited.indexOf(std::string("B_Hip_") + side), 0.7);
  }
  scaleSkeleton(edited, 0.6, Eigen::Vector3d(0.4, 0.2, -0.3));
  const auto session =
      runRetarget(c.mesh, topAbove(c.mesh, c.skeleton, "B_Neck"), edited, "B_Neck");
  ASSERT_TRUE(session->retargeted());
  const SkeletonMetrics before = metricsAgainst(edited, c);
  const SkeletonMetrics after = metricsAgainst(session->retargeted()->skeleton, c);
  print("BCN edited (before)", before);
  print("BCN edited -> BCN", after);
  // Measured 0.016 (0.017 before limb paths were smoothed, 0.027 before the branching joints could
  // stop above the mesh's splits, the limbs were bridged up to them and the head arc started a
  // head's radius under the top).
  EXPECT_LE(after.cdJ2J, 0.02);
  EXPECT_GT(before.cdJ2J, 5 * after.cdJ2J);
  // The trunk lands on the artist's: pelvis, spine, hips and neck were 7-9% of size low when
  // they sat on the mesh graph's split nodes (crotch, armpits); now each is within 4%.
  const double size = c.mesh.bounds().diagonal().norm();
  for (const char* joint : {"B_LowerPelvis", "B_Spine1", "B_Spine2", "B_Spine3", "B_Spine4",
                            "B_Hip_Left", "B_Hip_Right", "B_Neck", "B_Eye_Left"})
    EXPECT_LT(
        (jointPosition(session->retargeted()->skeleton, joint) - jointPosition(c.skeleton, joint))
            .norm(),
        0.04 * size)
        << joint;
  // Arms and legs were matched by their tags, left to left.
  const GraphMatching& m = *session->matching();
  EXPECT_GE(m.matches.size(), 6u);
}

namespace {

/// The bundled skeleton `file` retargeted into `model`; checks the four limbs were placed on
/// the correct side (left = +X on both) and that the IK targets sit on the hands and feet.
void bundledInto(const std::string& model, const std::string& file,
                 const std::function<Eigen::Vector3d(const Character&)>& headPoint,
                 const std::vector<std::string>& limbs, const std::vector<std::string>& iks,
                 double maxCdJ2J = 1.0) {
  Character c;
  ASSERT_TRUE(loadModel(model, c));
  Expected<RigDocument> rig = readRigJson(std::string(RIGWRIGHT_SKELETONS_DIR) + "/" + file);
  ASSERT_TRUE(rig.ok()) << (rig ? "" : rig.error().message);
  const auto session = runRetarget(c.mesh, headPoint(c), rig->skeleton, "head");
  ASSERT_TRUE(session->retargeted());
  const RetargetedSkeleton& r = *session->retargeted();
  const Skeleton& s = r.skeleton;
  const double size = c.mesh.bounds().diagonal().norm();
  const double centerX = c.mesh.bounds().center().x();
  for (const std::string& limb : limbs)
    for (const char* side : {".L", ".R"}) {
      const int j = s.indexOf(limb + side);
      ASSERT_GE(j, 0) << limb << side;
      EXPECT_EQ(r.fate[j], JointFate::Placed) << limb << side << " was not matched";
      const double x = jointPosition(s, limb + side).x() - centerX;
      EXPECT_GT(side == std::string(".L") ? x : -x, 0.0) << limb << side << " on the wrong side";
    }
  for (const std::string& ik : iks) {
    // "hand_ik.L" sits on "hand.L"'s head (the wrist), "foot_ik.L" on the ankle.
    const std::string bone = ik.substr(0, ik.find("_ik")) + ik.substr(ik.size() - 2);
    EXPECT_LT((jointPosition(s, ik) - jointPosition(s, bone)).norm(), 0.01 * size) << ik;
  }
  // Control bones ride along with their deform bones: none flies off the character (a root
  // linked to the hips once landed 10 units away, from a degenerate hips direction).
  Eigen::AlignedBox3d near = c.mesh.bounds();
  near.extend(near.max() + Eigen::Vector3d::Constant(0.2 * size));
  near.extend(near.min() - Eigen::Vector3d::Constant(0.2 * size));
  for (int j = 0; j < s.size(); ++j)
    EXPECT_TRUE(near.contains(Eigen::Vector3d(s.restGlobals()[j].translation())))
        << s.joints[j].name << " at " << s.restGlobals()[j].translation().transpose();
  if (!c.skeleton.empty()) {
    const SkeletonMetrics m = metricsAgainst(s, c);
    print((file + " -> " + model).c_str(), m);
    EXPECT_LE(m.cdJ2J, maxCdJ2J);
  }
  std::printf("[retarget]   %zu arcs matched, %zu unplaced\n", session->matching()->matches.size(),
              session->matching()->unmatched.size());
}

Eigen::Vector3d topCenter(const Character& c) {
  const Eigen::AlignedBox3d b = c.mesh.bounds();
  return {b.center().x(), b.max().y(), b.center().z()};
}

}  // namespace

TEST(RetargetRealModels, ProductionBipedIntoBcn) {
  // Another skeleton's joints against the artist's (different joint counts and placements, so
  // this is a sanity bound, not the issue's 2%): measured 0.0287 (0.0263 before limb paths were
  // smoothed: its elbows and knees do not sit where the artist's do).
  bundledInto(
      "X/BCN_Epileptic.X", "biped_production.json",
      [](const Character& c) { return topAbove(c.mesh, c.skeleton, "B_Neck"); },
      {"upperarm", "forearm", "hand", "thigh", "shin", "foot"},
      {"hand_ik.L", "hand_ik.R", "foot_ik.L", "foot_ik.R"}, 0.03);
}

TEST(RetargetRealModels, ProductionBipedIntoColladaHuman) {
  bundledInto("Collada/human.zae", "biped_production.json", topCenter,
              {"upperarm", "forearm", "hand", "thigh", "shin", "foot"},
              {"hand_ik.L", "hand_ik.R", "foot_ik.L", "foot_ik.R"});
}

TEST(RetargetRealModels, ProductionBipedIntoHumanBlend) {
  bundledInto("BLEND/HUMAN.blend", "biped_production.json", topCenter,
              {"upperarm", "forearm", "hand", "thigh", "shin", "foot"},
              {"hand_ik.L", "hand_ik.R", "foot_ik.L", "foot_ik.R"});
}
TEST(RetargetRealModels, TestwusonOwnSkeletonReproportionedComesBack) {
  Character c;
  ASSERT_TRUE(loadModel("X/Testwuson.X", c));
  Skeleton edited = c.skeleton;
  for (const char* side : {"L", "R"}) {
    scaleSubtree(edited, edited.indexOf(std::string("ForeLeg_") + side + "_01"), 1.3);
    scaleSubtree(edited, edited.indexOf(std::string("HindLeg_") + side + "_01"), 0.7);
  }
  scaleSkeleton(edited, 1.4, Eigen::Vector3d(-0.5, 0.3, 0.8));
  const Eigen::AlignedBox3d box = c.mesh.bounds();
  const Eigen::Vector3d neck = jointPosition(c.skeleton, "Neck");
  const auto session =
      runRetarget(c.mesh, {neck.x(), neck.y(), box.max().z()}, edited, "Neck");  // snout
  ASSERT_TRUE(session->retargeted());
  const SkeletonMetrics before = metricsAgainst(edited, c);
  const SkeletonMetrics after = metricsAgainst(session->retargeted()->skeleton, c);
  print("Testwuson edited (before)", before);
  print("Testwuson edited -> Testwuson", after);
  // Measured 0.0181 (the issue asks 0.02; what is left is mostly the head arc: the bull's head
  // bones reach 0.3 of the 0.65 its snout runs past the neck, and its neck path runs flat where
  // the artist's neck drops, so neck and head joints are 3-7% off). 0.0222 with the limb paths
  // unsmoothed (the knees sat on the corner where a leg's synthesized upper part meets its
  // centroids: 4.5% low); 0.032 with the spine through the trunk's level-set centroids, through
  // the middle of the body, while the artist's runs along the bull's back, 0.15-0.2 units higher
  // (the trunk's path now runs at 65% of its height); 0.0226 with the front spine's branching
  // joint wherever the head arc ended. 0.049 with the size ratio measured on the limbs alone.
  EXPECT_GT(before.cdJ2J, 5 * after.cdJ2J);
  EXPECT_LE(after.cdJ2J, 0.02);
  // The trunk lies along the back, its branching joints where the legs say: each of these joints
  // is 0.6-1.9% of size off. 4.4-5.1% with the spine through the centroids, 4.6-5.1% with the
  // front spine's branching joint (and so the whole trunk) 0.17 towards the head, where the
  // head arc ended; 10-11% when the Root, a joint the chain dips down to between the front and
  // back spines, was placed on the path.
  const double size = c.mesh.bounds().diagonal().norm();
  for (const char* joint :
       {"Spine_Front01", "Spine_Front02", "Spine_Front03", "Spine_Back01", "Spine_Back02",
        "Spine_Back03", "Pelvis", "HindLeg_L_01", "HindLeg_R_01"})
    EXPECT_LT(
        (jointPosition(session->retargeted()->skeleton, joint) - jointPosition(c.skeleton, joint))
            .norm(),
        0.025 * size)
        << joint;
  // The legs below the shoulders and hips: 0.9-2.6% (the knees were 4.5% low on the corner
  // where a leg's synthesized upper part met its centroids).
  for (const char* leg : {"ForeLeg_L", "ForeLeg_R", "HindLeg_L", "HindLeg_R"})
    for (int k = 2; k <= (leg[0] == 'F' ? 5 : 4); ++k) {
      const std::string joint = std::string(leg) + "_0" + std::to_string(k);
      EXPECT_LT(
          (jointPosition(session->retargeted()->skeleton, joint) - jointPosition(c.skeleton, joint))
              .norm(),
          0.03 * size)
          << joint;
    }
}

TEST(RetargetRealModels, QuadrupedIntoTestwuson) {
  // Measured 0.0254: 0.0265 with the limb paths unsmoothed, 0.029 with the chest and hips wherever
  // the trunk's arcs ended, 0.034 with the spine through the trunk's centroids, 0.043 when the
  // trunk's path kept its dip to the forelegs' second split node, 0.3 under the back (the hairpin
  // the path now skips).
  bundledInto(
      "X/Testwuson.X", "quadruped.json",
      [](const Character& c) {
        const Eigen::Vector3d neck = jointPosition(c.skeleton, "Neck");
        return Eigen::Vector3d(neck.x(), neck.y(), c.mesh.bounds().max().z());
      },
      {"front_thigh", "front_shin", "thigh", "shin"},
      {"front_foot_ik.L", "front_foot_ik.R", "foot_ik.L", "foot_ik.R"}, 0.03);
}

// Issue 20: the bundled quadruped's head bone runs forward across its neck (60 degrees off), and
// the clicked point is the skull's far end: the virtual head bone reaches it by the head bone's
// length, not its projection on the neck, and the head joint lands at the base of the skull,
// where the artist's Neck joint (the bone carrying the bull's head) is.
TEST(RetargetRealModels, TheBundledQuadrupedsHeadJointSitsAtTheBullsSkullBase) {
  Character c;
  ASSERT_TRUE(loadModel("X/Testwuson.X", c));
  const double size = c.mesh.bounds().diagonal().norm();
  Expected<RigDocument> rig = readRigJson(std::string(RIGWRIGHT_SKELETONS_DIR) + "/quadruped.json");
  ASSERT_TRUE(rig.ok());
  const Eigen::Vector3d neck = jointPosition(c.skeleton, "Neck");
  const Eigen::Vector3d snoutTip(neck.x(), neck.y(), c.mesh.bounds().max().z());
  const Character automatic = rigWithSkeleton(c.mesh, "auto", rig->skeleton);
  const auto snout = runRetarget(c.mesh, snoutTip, rig->skeleton, "head");
  ASSERT_TRUE(snout->retargeted());
  const double fromAuto = (jointPosition(automatic.skeleton, "head") - neck).norm() / size;
  const double fromSnout =
      (jointPosition(snout->retargeted()->skeleton, "head") - neck).norm() / size;
  std::printf(
      "[retarget] quadruped's head joint from the artist's Neck: %.4f (auto head), %.4f "
      "(the snout)\n",
      fromAuto, fromSnout);
  // Measured 3.7% and 3.6% of the size; 6.9% and 5.0% with the projection (the head joint
  // towards the eyes).
  EXPECT_LT(fromAuto, 0.045);
  EXPECT_LT(fromSnout, 0.045);
  // The head bone aims at the snout clicked, as the bull's skull runs: the bone's turn off the
  // neck is the skull's, not added to it. Measured 10 degrees; 52 aimed along the neck.
  const Skeleton& placed = snout->retargeted()->skeleton;
  const int head = placed.indexOf("head");
  ASSERT_GE(head, 0);
  ASSERT_TRUE(placed.joints[head].tail);
  const Eigen::Vector3d at = jointPosition(placed, "head");
  const Eigen::Vector3d bone = (*placed.joints[head].tail - at).normalized();
  const Eigen::Vector3d toSnout = (snoutTip - at).normalized();
  const double degrees = std::acos(std::clamp(bone.dot(toSnout), -1.0, 1.0)) * 180.0 / M_PI;
  std::printf("[retarget] quadruped's head bone %.1f degrees off the snout\n", degrees);
  EXPECT_LT(degrees, 20.0);
}

// Issue 20: a head picked off the mirror plane (a horn's tip; on an elephant the corpus's "front
// of the head" is a tusk's) splits the field's symmetry: the two sides' legs branch off at
// different field values, nothing is tagged as a pair, and the legs went onto the head. The head
// node goes onto the plane: the bundled quadruped's forelegs land at the front, its hind legs at
// the back, all four low.
TEST(RetargetRealModels, AHeadPickedOnAHornStillPlacesTheLegs) {
  Character c;
  ASSERT_TRUE(loadModel("OBJ/WusonOBJ.obj", c));
  const double size = c.mesh.bounds().diagonal().norm();
  Eigen::Vector3d horn = c.mesh.positions.front();
  for (const Eigen::Vector3d& p : c.mesh.positions)
    if (p.x() > 0.1 * size && (horn.x() <= 0.1 * size || p.y() > horn.y())) horn = p;
  Expected<RigDocument> rig = readRigJson(std::string(RIGWRIGHT_SKELETONS_DIR) + "/quadruped.json");
  ASSERT_TRUE(rig.ok());
  const auto session = runRetarget(c.mesh, horn, rig->skeleton, "head");
  ASSERT_TRUE(session->retargeted());
  const Skeleton& placed = session->retargeted()->skeleton;
  const Eigen::AlignedBox3d box = c.mesh.bounds();
  const double middle = box.center().z(), headEnd = horn.z() < middle ? -1.0 : 1.0;
  for (const char* foot : {"front_foot.L", "front_foot.R", "foot.L", "foot.R"}) {
    const Eigen::Vector3d p = jointPosition(placed, foot);
    EXPECT_LT(p.y(), box.min().y() + 0.4 * box.sizes().y()) << foot;
    const bool front = std::string(foot).rfind("front", 0) == 0;
    EXPECT_GT((p.z() - middle) * headEnd * (front ? 1 : -1), 0.0) << foot;
  }
}

// Partial retargeting (issue 5): a chosen skeleton subtree onto a chosen mesh limb — here the
// production biped's left arm onto BCN's left leg; the rest of the skeleton stays where it was.
TEST(RetargetRealModels, PartialRetargetPutsTheLeftArmIntoTheLeftLeg) {
  Character c;
  ASSERT_TRUE(loadModel("X/BCN_Epileptic.X", c));
  Expected<RigDocument> rig =
      readRigJson(std::string(RIGWRIGHT_SKELETONS_DIR) + "/biped_production.json");
  ASSERT_TRUE(rig.ok());
  const Skeleton& s = rig->skeleton;
  // A vertex halfway down BCN's left leg: the artist's left knee.
  const Eigen::Vector3d knee = jointPosition(c.skeleton, "B_Knee_Left");
  int legVertex = 0;
  for (int v = 0; v < int(c.mesh.positions.size()); ++v)
    if ((c.mesh.positions[v] - knee).norm() < (c.mesh.positions[legVertex] - knee).norm())
      legVertex = v;
  RigParams params;
  params.partialSkeletonJoint = s.indexOf("upperarm.L");
  params.partialMeshVertex = legVertex;
  const auto session =
      runRetarget(c.mesh, topAbove(c.mesh, c.skeleton, "B_Neck"), s, "head", params);
  ASSERT_TRUE(session->retargeted());
  EXPECT_TRUE(session->matching()->partial);
  const Skeleton& out = session->retargeted()->skeleton;
  const double size = c.mesh.bounds().diagonal().norm();
  // The arm now runs down the left leg: the hand ends near the foot, the elbow near the knee.
  for (const char* joint : {"forearm.L", "hand.L"}) {
    EXPECT_EQ(session->retargeted()->fate[s.indexOf(joint)], JointFate::Placed) << joint;
    const Eigen::Vector3d p = jointPosition(out, joint);
    EXPECT_GT(p.x(), c.mesh.bounds().center().x()) << joint;  // the left side
    EXPECT_LT(p.y(), knee.y() + 0.15 * size) << joint;        // down the leg
  }
  // Outside the subtree nothing moved.
  // The clavicle shares the arm's skeleton arc but is not in the chosen joint's subtree.
  for (const char* joint : {"thigh.R", "upperarm.R", "spine.02", "head", "clavicle.L"})
    EXPECT_LT((jointPosition(out, joint) - jointPosition(s, joint)).norm(), 1e-9) << joint;
}

// Joint editing (the workstation's): a knee the artist moved by hand stays exactly there when
// placement re-runs (only placement: a pin is a placement parameter), also after a γ change;
// the leg's other joints are fitted around it, the thigh's tail follows the knee, and the IK
// controls still follow their bones.
TEST(RetargetRealModels, APinnedKneeStaysWhereTheArtistPutIt) {
  BcnWithProductionBiped run;
  ASSERT_NO_FATAL_FAILURE(run.start());
  const Character& c = run.bcn;
  const Skeleton& source = run.source;
  auto& session = run.session;
  const Skeleton before = session->retargeted()->skeleton;
  const double size = c.mesh.bounds().diagonal().norm();
  const int knee = source.indexOf("shin.L"), thigh = source.indexOf("thigh.L");
  ASSERT_GE(knee, 0);
  ASSERT_EQ(session->retargeted()->fate[knee], JointFate::Placed);
  // 12% of the leg up and 2% of size forward.
  const Eigen::Vector3d hip = jointPosition(before, "thigh.L"),
                        kneeAt = jointPosition(before, "shin.L");
  const Eigen::Vector3d pin = kneeAt + 0.12 * (hip - kneeAt) + Eigen::Vector3d(0, 0, 0.02 * size);
  RigParams params = session->params();
  params.placement.pins = {{knee, pin}};
  session->setParams(params);
  const Status pinnedRun = session->run();  // empty: no error
  ASSERT_FALSE(pinnedRun) << pinnedRun->message;
  EXPECT_EQ(session->lastRun(), std::vector<RigStage>{RigStage::Place});
  const RetargetedSkeleton& r = *session->retargeted();
  EXPECT_EQ(r.fate[knee], JointFate::Pinned);
  EXPECT_LT((jointPosition(r.skeleton, "shin.L") - pin).norm(), 1e-9 * size);
  ASSERT_TRUE(r.skeleton.joints[thigh].tail);
  EXPECT_LT((*r.skeleton.joints[thigh].tail - pin).norm(), 1e-9 * size);
  // The other side and the arms are untouched; the foot control still sits on the ankle.
  for (const char* name : {"shin.R", "forearm.L", "hand.R"})
    EXPECT_LT((jointPosition(r.skeleton, name) - jointPosition(before, name)).norm(), 1e-9) << name;
  EXPECT_LT((jointPosition(r.skeleton, "foot_ik.L") - jointPosition(r.skeleton, "foot.L")).norm(),
            0.01 * size);
  // A γ change re-places everything around the pin and keeps it.
  params.placement.gammaAngle = 4.0;
  session->setParams(params);
  ASSERT_FALSE(session->run());
  EXPECT_LT((jointPosition(session->retargeted()->skeleton, "shin.L") - pin).norm(), 1e-9 * size);
  // Without the pin the same γ puts the knee back on the mesh's leg, away from the pin.
  params.placement.pins.clear();
  session->setParams(params);
  ASSERT_FALSE(session->run());
  EXPECT_GT((jointPosition(session->retargeted()->skeleton, "shin.L") - pin).norm(), 0.01 * size);
}

// A roll set by hand (the Joint panel's Roll) turns the bone's axes and moves no joint; a γ
// change re-places the rig and the bone keeps the roll the artist gave it.
TEST(RetargetRealModels, ARolledForearmKeepsItsRollThroughAGammaChange) {
  BcnWithProductionBiped run;
  ASSERT_NO_FATAL_FAILURE(run.start());
  const Skeleton& source = run.source;
  auto& session = run.session;
  const Skeleton before = session->retargeted()->skeleton;
  const int forearm = source.indexOf("forearm.L");
  ASSERT_GE(forearm, 0);
  const double roll = 40.0 * M_PI / 180.0;
  ASSERT_GT(std::abs(std::remainder(before.boneShape(forearm).roll - roll, 2 * M_PI)), 0.1)
      << "the test needs a roll placement does not give";
  RigParams params = session->params();
  params.placement.rolls = {{forearm, roll}};
  session->setParams(params);
  ASSERT_FALSE(session->run());
  EXPECT_EQ(session->lastRun(), std::vector<RigStage>{RigStage::Place});
  const Skeleton& rolled = session->retargeted()->skeleton;
  EXPECT_NEAR(std::remainder(rolled.boneShape(forearm).roll - roll, 2 * M_PI), 0.0, 1e-9);
  const std::vector<Transform> a = before.restGlobals(), b = rolled.restGlobals();
  for (int j = 0; j < source.size(); ++j) {
    EXPECT_LT((a[j].translation() - b[j].translation()).norm(), 1e-9) << source.joints[j].name;
    if (j != forearm) {
      EXPECT_LT((a[j].linear() - b[j].linear()).norm(), 1e-9) << j;
    }
  }
  params.placement.gammaAngle = 4.0;
  session->setParams(params);
  ASSERT_FALSE(session->run());
  EXPECT_NEAR(
      std::remainder(session->retargeted()->skeleton.boneShape(forearm).roll - roll, 2 * M_PI), 0.0,
      1e-9);
}

TEST(RetargetRealModels, BcnOwnSkeletonComesBackWithItsHeadShellLiftedOffTheNeck) {
  // A head modelled apart and set a little above its neck (the corpus's humans: 0.9 % of the
  // size) is joined to the body by one bridge, not welded along the seam. Picked on its top,
  // the head node moves onto the neck (field/head_on_body.h) and the head arc starts at the
  // shell's top (looseHeadTop). Measured CD-J2J 0.027-0.028 at every lift; with the field
  // hung from the shell's bridge, 0.025 / 0.042 / 0.030 at 1 / 2 / 4 %.
  Character c;
  ASSERT_TRUE(loadModel("X/BCN_Epileptic.X", c));
  const Mesh& mesh = c.mesh;
  const MeshParts parts = connectedParts(int(mesh.positions.size()), mesh.triangles);
  int top = 0;
  for (int v = 0; v < int(mesh.positions.size()); ++v)
    if (mesh.positions[v].y() > mesh.positions[top].y()) top = v;
  const int shell = parts.partOf[top];
  for (double lift : {0.01, 0.02, 0.04}) {
    SCOPED_TRACE(lift);
    SourceMesh source = mesh.source;
    for (size_t i = 0; i < source.positions.size(); ++i)
      if (parts.partOf[mesh.weldedOfSource[i]] == shell)
        source.positions[i].y() += lift * mesh.size();
    const Mesh lifted = buildMesh(source);
    const auto session =
        runRetarget(lifted, topAbove(lifted, c.skeleton, "B_Neck"), c.skeleton, "B_Neck");
    ASSERT_TRUE(session->retargeted());
    EXPECT_FALSE(session->field()->headNote.empty());
    EXPECT_LE(metricsAgainst(session->retargeted()->skeleton, c).cdJ2J, 0.03);
    EXPECT_GE(session->matching()->matches.size(), 6u);  // head, spine, arms and legs
  }
}

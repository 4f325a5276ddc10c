// Skeleton embedding (Baran & Popović 2007, §3.2–3.4; embed/reduced_skeleton.h,
// embed/discrete_embedding.h, embed/skeleton_embedding.h): the bundled skeletons reduced to
// their chains, and embedded into a procedural humanoid, HUMAN.blend and the Wuson bull, every
// limb on its own side.
#include <gtest/gtest.h>

#include <Eigen/Geometry>
#include <algorithm>
#include <iostream>
#include <set>

#include "embed/skeleton_embedding.h"
#include "io/rig_json.h"
#include "retarget/retarget_skeleton.h"
#include "skeleton/skeleton_metrics.h"
#include "support/implicit_meshes.h"
#include "support/real_models.h"
#include "support/retarget_runs.h"

namespace rw {
namespace {

Skeleton bundled(const std::string& name) {
  Expected<RigDocument> rig = readRigJson(std::string(RIGWRIGHT_SKELETONS_DIR) + "/" + name);
  EXPECT_TRUE(rig) << (rig ? "" : rig.error().message);
  return rig ? rig->skeleton : Skeleton{};
}

std::set<std::string> reducedNames(const Skeleton& s, const ReducedSkeleton& r) {
  std::set<std::string> names;
  for (const ReducedJoint& j : r.joints) names.insert(s.joints[j.joint].name);
  return names;
}

/// Index of the reduced joint at skeleton joint `name`.
int reducedIndex(const Skeleton& s, const ReducedSkeleton& r, const std::string& name) {
  for (int i = 0; i < r.size(); ++i)
    if (s.joints[r.joints[i].joint].name == name) return i;
  return -1;
}

Eigen::Vector3d at(const Skeleton& s, const SkeletonEmbedding& e, const std::string& name) {
  const int j = s.indexOf(name);
  EXPECT_GE(j, 0) << name;
  EXPECT_TRUE(j >= 0 && e.position[j]) << name << " has no position";
  return j >= 0 && e.position[j] ? *e.position[j] : Eigen::Vector3d::Zero();
}

TEST(ReducedSkeleton, AProductionBipedReducesToPinocchiosSevenJoints) {
  const Skeleton s = bundled("biped_production.json");
  const ReducedSkeleton r = reduceSkeleton(s);
  EXPECT_EQ(reducedNames(s, r), (std::set<std::string>{"hips", "spine.03", "head", "hand.L",
                                                       "hand.R", "toe.L", "toe.R"}));
  EXPECT_EQ(s.joints[r.joints[0].joint].name, "hips");
  const int handL = reducedIndex(s, r, "hand.L"), handR = reducedIndex(s, r, "hand.R");
  const int toeL = reducedIndex(s, r, "toe.L"), toeR = reducedIndex(s, r, "toe.R");
  EXPECT_EQ(r.joints[handL].mirror, handR);
  EXPECT_EQ(r.joints[toeL].mirror, toeR);
  EXPECT_TRUE(r.joints[toeL].foot && r.joints[toeR].foot);
  EXPECT_FALSE(r.joints[handL].foot);
  // The fingers are too small to embed: they follow their hand.
  const std::vector<int>& f = r.followers;
  EXPECT_NE(std::find(f.begin(), f.end(), s.indexOf("index.03.L")), f.end());
  // Parents come first; the chest (three children) right after the root.
  for (int i = 1; i < r.size(); ++i) EXPECT_LT(r.joints[i].parent, i);
  EXPECT_EQ(s.joints[r.joints[1].joint].name, "spine.03");
}

TEST(ReducedSkeleton, TheQuadrupedKeepsFourFeetAHeadAndATail) {
  const Skeleton s = bundled("quadruped.json");
  const ReducedSkeleton r = reduceSkeleton(s);
  EXPECT_EQ(r.size(), 8);
  int feet = 0;
  for (const ReducedJoint& j : r.joints) feet += j.foot;
  EXPECT_EQ(feet, 4);
}

// Testwuson's artist rig holds its front half (spine, neck, forelegs) and its back half
// (pelvis, hind legs, tail) as two deform trees under the control bone `Root`: both are embedded,
// the back one hung from the front spine's joint nearest its root, not from the control bone.
TEST(ReducedSkeleton, TwoDeformTreesUnderAControlRootAreJoinedWhereTheSpinesMeet) {
  Character c;
  ASSERT_TRUE(test::loadModel("X/Testwuson.X", c));
  const ReducedSkeleton r = reduceSkeleton(c.skeleton);
  const std::set<std::string> names = reducedNames(c.skeleton, r);
  for (const char* end : {"ForeLeg_L_05", "ForeLeg_R_05", "HindLeg_L_04", "HindLeg_R_04", "Tail06"})
    EXPECT_TRUE(names.count(end)) << end;
  EXPECT_FALSE(names.count("Root"));
  int feet = 0;
  for (const ReducedJoint& j : r.joints) feet += j.foot;
  EXPECT_EQ(feet, 4);
}

TEST(SkeletonEmbedding, AFusedHumanoidTakesEachLimbOfTheBipedOnItsSide) {
  const test::Creature creature = test::humanoidCreature();
  const Mesh mesh = buildMesh(test::capsuleCreature(creature.capsules, 0.02));
  const Skeleton s = bundled("biped_production.json");
  const SkeletonEmbedding e = embedSkeleton(mesh, s);
  ASSERT_TRUE(e.found) << e.reason;
  EXPECT_EQ(e.quarterTurns, 0);
  // Tips: arm.L (+X), arm.R, leg.L, leg.R.
  EXPECT_LT((at(s, e, "hand.L") - creature.limbTips[0]).norm(), 0.25);
  EXPECT_LT((at(s, e, "hand.R") - creature.limbTips[1]).norm(), 0.25);
  EXPECT_LT((at(s, e, "toe.L") - creature.limbTips[2]).norm(), 0.2);
  EXPECT_LT((at(s, e, "toe.R") - creature.limbTips[3]).norm(), 0.2);
  EXPECT_GT(at(s, e, "head").y(), 1.5);
}

TEST(SkeletonEmbedding, HumanBlendTakesTheBipedWithHandsAndFeetOnTheirSides) {
  Character c;
  ASSERT_TRUE(test::loadModel("BLEND/HUMAN.blend", c));
  const Skeleton s = bundled("biped_production.json");
  const SkeletonEmbedding e = embedSkeleton(c.mesh, s);
  ASSERT_TRUE(e.found) << e.reason;
  std::cout << "[ measured ] HUMAN.blend: " << e.graph.size() << " spheres, penalty "
            << e.discrete.penalty << ", " << e.discrete.expansions << " expansions\n";
  const Eigen::AlignedBox3d box = c.mesh.bounds();
  const double height = box.sizes().y(), low = box.min().y();
  EXPECT_EQ(e.quarterTurns, 0);
  EXPECT_EQ(e.facingReason, "the least penalty");  // a biped is not a long body
  EXPECT_GT(at(s, e, "head").y(), low + 0.85 * height);
  for (const char* toe : {"toe.L", "toe.R"}) EXPECT_LT(at(s, e, toe).y(), low + 0.1 * height);
  EXPECT_GT(at(s, e, "toe.L").x(), 0.0);
  EXPECT_LT(at(s, e, "toe.R").x(), 0.0);
  // HUMAN.blend's hands hang beside its hips: the hands go there, below the chest, outside.
  EXPECT_GT(at(s, e, "hand.L").x(), 0.6 * box.max().x());
  EXPECT_LT(at(s, e, "hand.R").x(), 0.6 * box.min().x());
  for (const char* hand : {"hand.L", "hand.R"})
    EXPECT_LT(at(s, e, hand).y(), at(s, e, "spine.03").y());
  // Every deform joint has a place; the hips above the knees, the knees above the feet.
  for (int j = 0; j < s.size(); ++j) {
    if (s.joints[j].deform) {
      EXPECT_TRUE(e.position[j]) << s.joints[j].name;
    }
  }
  EXPECT_GT(at(s, e, "thigh.L").y(), at(s, e, "shin.L").y());
  EXPECT_GT(at(s, e, "shin.L").y(), at(s, e, "foot.L").y());
}

// The issue's other humans: the production biped embedded in human.zae and in BCN's bare mesh
// (both Y up, facing +Z: their left is +X) puts each hand and foot on its own side, the feet on
// the floor and the head at the top.
TEST(SkeletonEmbedding, HumanZaeAndBcnTakeTheProductionBipedWithEveryLimbOnItsSide) {
  const Skeleton s = bundled("biped_production.json");
  for (const char* model : {"Collada/human.zae", "X/BCN_Epileptic.X"}) {
    Character c;
    ASSERT_TRUE(test::loadModel(model, c));
    const SkeletonEmbedding e = embedSkeleton(c.mesh, s);
    ASSERT_TRUE(e.found) << model << ": " << e.reason;
    const Eigen::AlignedBox3d box = c.mesh.bounds();
    const double height = box.sizes().y(), low = box.min().y();
    const double middle = at(s, e, "hips").x();
    EXPECT_EQ(e.quarterTurns, 0) << model;
    for (const char* side : {".L", ".R"}) {
      const double sign = side == std::string(".L") ? 1.0 : -1.0;
      for (const char* limb : {"hand", "forearm", "toe", "shin"})
        EXPECT_GT(sign * (at(s, e, limb + std::string(side)).x() - middle), 0.02 * height)
            << model << " " << limb << side;
      EXPECT_LT(at(s, e, "toe" + std::string(side)).y(), low + 0.1 * height) << model << side;
    }
    EXPECT_GT(at(s, e, "head").y(), low + 0.8 * height) << model;
  }
}

/// `s` with each arm turned `degrees` down about its shoulder (a T pose made an A pose).
Skeleton armsDown(const Skeleton& s, double degrees) {
  const std::vector<Transform> rest = s.restGlobals();
  std::vector<std::optional<Eigen::Vector3d>> heads(s.size());
  for (int j = 0; j < s.size(); ++j) heads[j] = rest[j].translation();
  for (const char* side : {".L", ".R"}) {
    const int shoulder = s.indexOf("upperarm" + std::string(side));
    const double sign = side == std::string(".L") ? -1.0 : 1.0;  // +X arm turns about -Z
    const Eigen::Matrix3d turn =
        Eigen::AngleAxisd(sign * degrees * M_PI / 180.0, Eigen::Vector3d::UnitZ())
            .toRotationMatrix();
    const Eigen::Vector3d pivot = *heads[shoulder];
    for (int j = 0; j < s.size(); ++j)
      for (int a = j; a >= 0; a = s.joints[a].parent)
        if (a == shoulder) {
          heads[j] = pivot + turn * (*heads[j] - pivot);
          break;
        }
  }
  return skeletonWithJointsAt(s, heads).skeleton;
}

// A skeleton in an A pose (the production biped's arms turned 45° down) embedded in BCN: the
// hands go to the hands, not down the legs, and the search proves its embedding the least.
TEST(SkeletonEmbedding, AnAPosedBipedPutsItsHandsInTheArmsNotTheLegs) {
  Character c;
  ASSERT_TRUE(test::loadModel("X/BCN_Epileptic.X", c));
  const Skeleton s = armsDown(bundled("biped_production.json"), 45.0);
  ASSERT_LT(test::jointPosition(s, "hand.L").y(), test::jointPosition(s, "spine.01").y());
  const SkeletonEmbedding e = embedSkeleton(c.mesh, s);
  ASSERT_TRUE(e.found) << e.reason;
  std::cout << "[ measured ] A-posed biped in BCN: " << e.graph.size() << " spheres, "
            << e.discrete.expansions << " expansions, optimal " << e.discrete.optimal << "\n";
  EXPECT_TRUE(e.discrete.optimal);
  const Eigen::AlignedBox3d box = c.mesh.bounds();
  const double height = box.sizes().y(), low = box.min().y();
  for (const char* hand : {"hand.L", "hand.R"})
    EXPECT_GT(at(s, e, hand).y(), low + 0.3 * height) << hand;
  EXPECT_GT(at(s, e, "hand.L").x(), at(s, e, "toe.L").x());
  EXPECT_LT(at(s, e, "hand.R").x(), at(s, e, "toe.R").x());
}

TEST(SkeletonEmbedding, TheWusonBullFacingBackTakesTheQuadrupedTurnedRound) {
  Character c;
  ASSERT_TRUE(test::loadModel("OBJ/WusonOBJ.obj", c));
  const Skeleton s = bundled("quadruped.json");
  const SkeletonEmbedding e = embedSkeleton(c.mesh, s);
  ASSERT_TRUE(e.found) << e.reason;
  // The bull's head is at −Z: the skeleton turned half way, its jaw in front of its chest, its
  // forelegs in front of its hind legs, its right legs on the bull's right (+X facing −Z).
  EXPECT_EQ(e.quarterTurns, 2);
  EXPECT_EQ(e.facingReason, "the mesh's head in front of a long body");
  EXPECT_LT(at(s, e, "jaw").z(), at(s, e, "chest").z());
  EXPECT_LT(at(s, e, "front_toe.L").z(), at(s, e, "toe.L").z());
  EXPECT_GT(at(s, e, "front_toe.R").x(), 0.0);
  EXPECT_LT(at(s, e, "front_toe.L").x(), 0.0);
  EXPECT_GT(at(s, e, "toe.R").x(), 0.0);
  const double low = c.mesh.bounds().min().y(), height = c.mesh.bounds().sizes().y();
  for (const char* toe : {"toe.L", "toe.R", "front_toe.L", "front_toe.R"})
    EXPECT_LT(at(s, e, toe).y(), low + 0.1 * height) << toe;
}

// Which end of a four-legged body is the front is the mesh's head's to tell (auto_head.h): the
// quadruped costs about the same facing either way along the bull (0.47 and 0.50 at 128 cells),
// and by the penalty alone its head went to the tail. Whichever way the bull is turned about the
// up axis, the jaw goes to the head's end and the forelegs in front of the hind legs.
TEST(SkeletonEmbedding, TheBullTurnedAnyWayTakesTheQuadrupedHeadFirst) {
  Character c;
  ASSERT_TRUE(test::loadModel("OBJ/WusonOBJ.obj", c));
  const Skeleton s = bundled("quadruped.json");
  for (int quarter = 0; quarter < 4; ++quarter) {
    const Eigen::Matrix3d turn =
        Eigen::AngleAxisd(quarter * 0.5 * M_PI, Eigen::Vector3d::UnitY()).toRotationMatrix();
    Mesh mesh = c.mesh;
    for (Eigen::Vector3d& p : mesh.positions) p = turn * p;
    for (Eigen::Vector3d& p : mesh.source.positions) p = turn * p;
    const Eigen::Vector3d front = turn * -Eigen::Vector3d::UnitZ();  // the bull faces -Z
    const SkeletonEmbedding e = embedSkeleton(mesh, s);
    ASSERT_TRUE(e.found) << e.reason;
    EXPECT_EQ(e.facingReason, "the mesh's head in front of a long body");
    EXPECT_EQ(e.quarterTurns, (2 + quarter) % 4) << "bull turned " << 90 * quarter;
    EXPECT_GT(at(s, e, "jaw").dot(front), at(s, e, "chest").dot(front)) << 90 * quarter;
    EXPECT_GT(at(s, e, "front_toe.L").dot(front), at(s, e, "toe.L").dot(front)) << 90 * quarter;
  }
}

// A head node given by hand (the retarget's, the user's pick) is what a long body faces: the
// same bull faces its real head, or its tail when the head is put there.
TEST(SkeletonEmbedding, AGivenHeadTellsALongBodysFront) {
  Character c;
  ASSERT_TRUE(test::loadModel("OBJ/WusonOBJ.obj", c));
  const Skeleton s = bundled("quadruped.json");
  const Eigen::AlignedBox3d box = c.mesh.bounds();
  const double y = box.center().y();
  for (const double z : {box.min().z(), box.max().z()}) {
    SkeletonEmbeddingParams params;
    params.meshHead = Eigen::Vector3d(box.center().x(), y, z);
    const SkeletonEmbedding e = embedSkeleton(c.mesh, s, params);
    ASSERT_TRUE(e.found) << e.reason;
    EXPECT_EQ(e.quarterTurns, z < 0.0 ? 2 : 0) << "head at z = " << z;
    EXPECT_LT(std::abs(at(s, e, "jaw").z() - z), std::abs(at(s, e, "tail.04").z() - z));
  }
}

/// CD-J2J (RigNet) of `placed` against the artist's `c.skeleton`, as a fraction of the mesh's
/// diagonal.
double cdJ2J(const Skeleton& placed, const Character& c, const std::string& what) {
  const Expected<SkeletonMetrics> m = compareSkeletons(placed, c.skeleton, c.mesh.size());
  EXPECT_TRUE(m) << (m ? "" : m.error().message);
  if (!m) return 1.0;
  std::cout << "[ measured ] " << what << ": CD-J2J " << m->cdJ2J << ", joint recall " << m->recall
            << "\n";
  return m->cdJ2J;
}

/// The artist's own skeleton embedded into its bare mesh (refined or not), against the artist's
/// placement.
double selfEmbeddingError(const Character& c, const std::string& model, bool refine) {
  SkeletonEmbeddingParams params;
  params.refine = refine;
  const SkeletonEmbedding e = embedSkeleton(c.mesh, c.skeleton, params);
  EXPECT_TRUE(e.found) << e.reason;
  if (!e.found) return 1.0;
  return cdJ2J(skeletonWithJointsAt(c.skeleton, e.position).skeleton, c,
               model + (refine ? " embedded into itself" : " embedded, not refined"));
}

TEST(SkeletonEmbedding, ArtistSkeletonsLandWithinFivePercentOfTheirArtistsPlacement) {
  // Issue 23 asks ≤ 5 % of the size (measured 2.3 % and 3.5 %).
  for (const char* model : {"X/BCN_Epileptic.X", "X/Testwuson.X"}) {
    Character c;
    ASSERT_TRUE(test::loadModel(model, c));
    EXPECT_LE(selfEmbeddingError(c, model, true), 0.05) << model;
  }
}

// §3.5's refinement on BCN: the discrete embedding's hands sit on spheres half way up the
// forearms and its upper arms inside the chest (3.2 % of the size from the artist's joints);
// refined, the skeleton keeps its proportions inside the body (2.3 %), within the issue's 1.5x of
// the retarget's (1.9 %). (Testwuson's forelegs are beyond refinement: the discrete embedding
// puts them a leg's length off, 3.7 -> 3.5 %.)
TEST(SkeletonEmbedding, RefinementBringsBcnWithinOneAndAHalfTimesTheRetarget) {
  Character c;
  ASSERT_TRUE(test::loadModel("X/BCN_Epileptic.X", c));
  const double discrete = selfEmbeddingError(c, "BCN", false);
  const double refined = selfEmbeddingError(c, "BCN", true);
  const auto session =
      test::runRetarget(c.mesh, test::topAbove(c.mesh, c.skeleton, "B_Neck"), c.skeleton, "B_Neck");
  ASSERT_TRUE(session->retargeted());
  const double retarget = cdJ2J(session->retargeted()->skeleton, c, "BCN retargeted into itself");
  EXPECT_LT(refined, 0.8 * discrete);
  EXPECT_LE(refined, 1.5 * retarget);
}

// Testwuson's artist skeleton holds its front and back halves as two deform trees under a
// control root. Embedding only the larger (the front) put the forelegs into the hind legs, the
// feet 95 % of the joint height off (3.6 %, 2.0x the retarget's). Both trees embedded, joined
// where the spines meet, and the volume sampled finely enough for spheres in the tail, it is
// within the issue's 1.5x (measured 2.41 % against 1.80 %).
TEST(SkeletonEmbedding, TestwusonsTwoDeformTreesEmbedWithinOneAndAHalfTimesTheRetarget) {
  Character c;
  ASSERT_TRUE(test::loadModel("X/Testwuson.X", c));
  const double embedded = selfEmbeddingError(c, "Testwuson", true);
  const Eigen::Vector3d neck = test::jointPosition(c.skeleton, "Neck");
  const auto session = test::runRetarget(c.mesh, {neck.x(), neck.y(), c.mesh.bounds().max().z()},
                                         c.skeleton, "Neck");
  ASSERT_TRUE(session->retargeted());
  const double retarget =
      cdJ2J(session->retargeted()->skeleton, c, "Testwuson retargeted into itself");
  EXPECT_LE(embedded, 1.5 * retarget);
}

TEST(SkeletonEmbedding, NothingToEmbedIsAReasonNotACrash) {
  const Skeleton s = bundled("biped_production.json");
  const SkeletonEmbedding empty = embedSkeleton(Mesh{}, s);
  EXPECT_FALSE(empty.found);
  EXPECT_FALSE(empty.reason.empty());
  Skeleton controls = s;
  for (Joint& j : controls.joints) j.deform = false;
  const Mesh mesh = buildMesh(test::capsuleCreature(test::humanoidCreature().capsules, 0.04));
  const SkeletonEmbedding none = embedSkeleton(mesh, controls);
  EXPECT_FALSE(none.found);
  EXPECT_NE(none.reason.find("deform"), std::string::npos);
}

}  // namespace
}  // namespace rw

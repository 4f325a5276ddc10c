// Skeleton retargeting on procedural characters whose true joints are known (issue 5): the
// mesh is grown around a skeleton's bones, then that skeleton — rescaled, bent and
// re-proportioned — or another one is retargeted into it.
#include <gtest/gtest.h>

#include <functional>
#include <map>

#include "autorig/surface_probe.h"
#include "io/retarget_report.h"
#include "io/rig_json.h"
#include "skeleton/leaf_tails.h"
#include "support/implicit_meshes.h"
#include "support/procedural_characters.h"
#include "support/retarget_runs.h"
#include "support/skeleton_edits.h"

using namespace rw;
using namespace rw::test;
using Eigen::Vector3d;

namespace {

/// Largest distance between same-named joints of two skeletons.
double worstJointError(const Skeleton& a, const Skeleton& b, std::string* worst = nullptr) {
  double e = 0.0;
  const auto ga = a.restGlobals(), gb = b.restGlobals();
  for (int j = 0; j < a.size(); ++j) {
    const int k = b.indexOf(a.joints[j].name);
    if (k < 0) continue;
    const double d = (ga[j].translation() - gb[k].translation()).norm();
    if (d > e && worst) *worst = a.joints[j].name;
    e = std::max(e, d);
  }
  return e;
}

/// The bundled quadruped skeleton.
Skeleton bundledQuadruped() {
  Expected<RigDocument> rig = readRigJson(std::string(RIGWRIGHT_SKELETONS_DIR) + "/quadruped.json");
  EXPECT_TRUE(rig.ok());
  return rig.ok() ? rig->skeleton : Skeleton{};
}

/// Each foot of a quadruped placed in `animal` within a quarter of the height of its own limb's
/// tip (front left, front right, hind left, hind right).
void expectFeetOnTheirLimbs(const Skeleton& placed, const Creature& animal, double height) {
  const char* feet[4] = {"front_foot.L", "front_foot.R", "foot.L", "foot.R"};
  for (int k = 0; k < 4; ++k) {
    const Vector3d foot = jointPosition(placed, feet[k]);
    EXPECT_LT(foot.y(), 0.25 * height) << feet[k] << " is not on a leg";
    EXPECT_LT((foot - animal.limbTips[k]).norm(), 0.25 * height) << feet[k];
  }
}

void dump(const RigSession& session, const Skeleton* truth = nullptr) {
  if (!std::getenv("RW_DEBUG")) return;
  const nlohmann::json r = retargetReport(session);
  for (const auto& m : r["matches"]) std::printf("  match %s\n", m.dump().c_str());
  for (const auto& m : r["unplaced"]) std::printf("  unplaced %s\n", m.dump().c_str());
  if (truth)
    for (const auto& j : r["joints"]) {
      const int k = truth->indexOf(j["name"]);
      if (k < 0) continue;
      const Vector3d p(j["position"][0], j["position"][1], j["position"][2]);
      std::printf("  %-12s %.3f %s %s\n", j["name"].get<std::string>().c_str(),
                  (p - Vector3d(truth->restGlobals()[k].translation())).norm(),
                  j["fate"].get<std::string>().c_str(), j["position"].dump().c_str());
    }
}

/// Mean distance between same-named joints of two skeletons.
double meanJointError(const Skeleton& a, const Skeleton& b) {
  double sum = 0.0;
  int count = 0;
  const auto ga = a.restGlobals(), gb = b.restGlobals();
  for (int j = 0; j < a.size(); ++j)
    if (const int k = b.indexOf(a.joints[j].name); k >= 0) {
      sum += (ga[j].translation() - gb[k].translation()).norm();
      ++count;
    }
  return count ? sum / count : 0.0;
}

/// Retargets `edited` into the mesh grown around `truth` (head: the top of the mesh) and checks
/// that every joint comes back: nothing unmatched, mean error under 1.5% and every joint under
/// 3% of size (the issue's bound). Prints the measured errors under `label`.
void expectComesBack(const Skeleton& edited, const Skeleton& truth, const Mesh& mesh,
                     const char* label) {
  const double size = mesh.bounds().diagonal().norm();
  const auto session = runRetarget(mesh, {0, mesh.bounds().max().y(), 0}, edited, "head");
  ASSERT_TRUE(session->retargeted());
  EXPECT_TRUE(session->matching()->unmatched.empty());
  dump(*session, &truth);
  std::string worstName;
  const double error = worstJointError(session->retargeted()->skeleton, truth, &worstName);
  const double mean = meanJointError(session->retargeted()->skeleton, truth);
  std::printf("[retarget] %s: mean joint error %.4f, worst %.4f of size (%s)\n", label, mean / size,
              error / size, worstName.c_str());
  EXPECT_LT(mean, 0.015 * size);
  EXPECT_LT(error, 0.03 * size) << worstName;
}

}  // namespace

TEST(RetargetProcedural, RescaledBentReproportionedSkeletonComesBackToItsMesh) {
  const Skeleton truth = bentHumanoid();
  const Mesh mesh = meshAround(truth, humanoidRadius, 0.02);
  const double size = mesh.bounds().diagonal().norm();
  Skeleton edited = truth;
  scaleSubtree(edited, edited.indexOf("upperarm.L"), 1.3);  // arms longer…
  scaleSubtree(edited, edited.indexOf("upperarm.R"), 1.3);
  scaleSubtree(edited, edited.indexOf("thigh.L"), 0.7);  // …legs shorter
  scaleSubtree(edited, edited.indexOf("thigh.R"), 0.7);
  rotateSubtree(edited, edited.indexOf("forearm.L"),
                Eigen::AngleAxisd(0.4, Vector3d::UnitY()).toRotationMatrix());  // another bend
  rotateSubtree(edited, edited.indexOf("shin.R"),
                Eigen::AngleAxisd(-0.3, Vector3d::UnitX()).toRotationMatrix());
  scaleSkeleton(edited, 1.7, Vector3d(2.0, -0.5, 1.0));  // bigger, elsewhere
  EXPECT_GT(worstJointError(edited, truth), 0.3 * size);
  // The issue asks every joint within 3% of size. Measured: mean 1.2%, worst 1.9% (an upper
  // arm); mean 1.0%, worst 1.8% before limb paths were smoothed (the bent elbows and knees are
  // rounded a little, for the artist meshes' sake: see smoothedLimbPath). With the thigh heads on
  // the bent legs' axes, extended up (no prediction of a limb's first joint from the skeleton), and
  // the size ratio from the limbs alone: mean 1.9%, worst 4.5%; before the branching joints could
  // stop above the splits: mean 3.0%, worst 6.6%.
  expectComesBack(edited, truth, mesh, "procedural humanoid");
}

// A human's arms hang from clavicles that climb above the chest joint, and an A-posed arm
// leaves the trunk at the armpit, below its shoulder: the mesh's arm begins near the elbow. The
// joints up to the arm's pivot (its shoulder: limbPivot) are predicted from the skeleton, from
// the chest at or past the split (continueTrunksPastSplits). Measured on this figure's own
// skeleton: chest 2.2%, worst arm joint 2.6% of size; before, with the chest at the split, the
// arm chain was placed along the mesh's arm alone and crushed under it: worst 9.3% (an upper
// arm at the armpit), chest 2.1%.
TEST(RetargetProcedural, ArmsHangingFromClaviclesComeBackWithTheirShoulders) {
  Skeleton truth;
  addJoint(truth, "hips", "", {0, 0.95, 0}, {0, 1.12, 0});
  addJoint(truth, "spine", "hips", {0, 1.12, 0}, {0, 1.28, 0});
  addJoint(truth, "chest", "spine", {0, 1.28, 0}, {0, 1.5, 0});
  addJoint(truth, "head", "chest", {0, 1.5, 0}, {0, 1.8, 0});
  for (double side : {1.0, -1.0}) {
    const std::string sfx = side > 0 ? ".L" : ".R";
    addJoint(truth, "clavicle" + sfx, "chest", {0.02 * side, 1.34, 0}, {0.16 * side, 1.45, 0});
    addJoint(truth, "upperarm" + sfx, "clavicle" + sfx, {0.16 * side, 1.45, 0},
             {0.3 * side, 1.2, -0.05});
    addJoint(truth, "forearm" + sfx, "upperarm" + sfx, {0.3 * side, 1.2, -0.05},
             {0.4 * side, 0.97, 0.06});
    addJoint(truth, "hand" + sfx, "forearm" + sfx, {0.4 * side, 0.97, 0.06},
             {0.43 * side, 0.89, 0.08});
    addJoint(truth, "thigh" + sfx, "hips", {0.1 * side, 0.95, 0}, {0.13 * side, 0.52, 0.1});
    addJoint(truth, "shin" + sfx, "thigh" + sfx, {0.13 * side, 0.52, 0.1}, {0.14 * side, 0.1, 0});
  }
  const auto radius = [](const std::string& name) {
    if (name.rfind("clavicle", 0) == 0) return 0.06;
    return humanoidRadius(name);
  };
  const Mesh mesh = meshAround(truth, radius, 0.02);
  const double size = mesh.bounds().diagonal().norm();
  const auto errors = [&] {
    const auto session = runRetarget(mesh, topAbove(mesh, truth, "head"), truth, "head");
    std::map<std::string, double> e;
    if (!session->retargeted()) return e;
    dump(*session, &truth);
    for (const char* name : {"chest", "clavicle.L", "upperarm.L", "forearm.L", "hand.L",
                             "clavicle.R", "upperarm.R", "forearm.R", "hand.R"})
      e[name] = (jointPosition(session->retargeted()->skeleton, name) - jointPosition(truth, name))
                    .norm() /
                size;
    return e;
  };
  const auto worstArm = [](const std::map<std::string, double>& e) {
    double worst = 0.0;
    for (const auto& [name, error] : e)
      if (name != "chest") worst = std::max(worst, error);
    return worst;
  };
  const auto placed = errors();
  ASSERT_EQ(placed.size(), 9u);
  std::printf("[retarget] arms hanging from clavicles: chest %.4f, worst arm joint %.4f of size\n",
              placed.at("chest"), worstArm(placed));
  EXPECT_LT(placed.at("chest"), 0.03);
  EXPECT_LT(worstArm(placed), 0.03);
}

// The skeleton need not face exactly the way the mesh does: turned 34° about the vertical and
// tipped 29° forward, it lands on the same joints (measured: mean 1.2%, worst 2.3%; 0.9% and
// 1.9% before limb paths were smoothed). A limb's first joint above the mesh's split is predicted
// from the skeleton, so its offset turns with the whole skeleton, not only with the trunk's
// direction: with the trunk's turn alone the hips and shoulders swung 5-10 cm (worst 4.3%). Turned
// 69°, the matching takes left for right: roughly the same facing is the one convention the two
// must share.
TEST(RetargetProcedural, TurnedSkeletonComesBackToItsMesh) {
  const Skeleton truth = bentHumanoid();
  const Mesh mesh = meshAround(truth, humanoidRadius, 0.02);
  Skeleton turned = truth;
  rotateSubtree(
      turned, turned.indexOf("hips"),
      (Eigen::AngleAxisd(0.6, Vector3d::UnitY()) * Eigen::AngleAxisd(0.5, Vector3d::UnitX()))
          .toRotationMatrix());
  scaleSkeleton(turned, 0.8, Vector3d(-1.0, 0.3, 0.5));
  expectComesBack(turned, truth, mesh, "procedural humanoid, turned");
}

// Poirier Fig. 7: differently built skeletons all retarget onto one mesh — here our bent
// humanoid, the bundled simple biped (hands, feet, other proportions) and the bundled
// production biped (fingers and toes the mesh does not have, and 25 control bones).
TEST(RetargetProcedural, DifferentSkeletonsRetargetOntoOneMesh) {
  const Skeleton truth = bentHumanoid();
  const Mesh mesh = meshAround(truth, humanoidRadius, 0.02);
  std::vector<Skeleton> skeletons = {truth};
  for (const char* file : {"/biped_simple.json", "/biped_production.json"}) {
    Expected<RigDocument> rig = readRigJson(std::string(RIGWRIGHT_SKELETONS_DIR) + file);
    ASSERT_TRUE(rig.ok());
    skeletons.push_back(rig->skeleton);
  }
  for (const Skeleton& s : skeletons) {
    const auto session = runRetarget(mesh, {0, mesh.bounds().max().y(), 0}, s, "head");
    ASSERT_TRUE(session->retargeted());
    dump(*session);
    // Fingers the mesh lacks: the longest finger runs to the mitten's end, the others follow.
    for (const UnmatchedArc& u : session->matching()->unmatched)
      EXPECT_EQ(u.reason, "the mesh limb ends before this branch");
    for (const char* limb : {"upperarm", "forearm", "thigh", "shin"})
      for (const char* side : {".L", ".R"}) {
        const int j = s.indexOf(std::string(limb) + side);
        ASSERT_GE(j, 0);
        EXPECT_EQ(session->retargeted()->fate[j], JointFate::Placed) << limb << side;
        // On its own side of the mesh (left = +X).
        const double x = session->retargeted()->skeleton.restGlobals()[j].translation().x();
        EXPECT_GT(side == std::string(".L") ? x : -x, 0.0) << limb << side;
      }
  }
}

// Poirier Fig. 9: an insect skeleton on a mesh without antennae places everything else and
// reports the antennae.
TEST(RetargetProcedural, InsectWithoutAntennaeReportsTheAntennae) {
  Expected<RigDocument> rig = readRigJson(std::string(RIGWRIGHT_SKELETONS_DIR) + "/insect.json");
  ASSERT_TRUE(rig.ok()) << (rig ? "" : rig.error().message);
  const Skeleton& s = rig->skeleton;
  const Mesh mesh = meshAround(
      s,
      [](const std::string& n) {
        if (n.find("thorax") != std::string::npos || n.find("abdomen") != std::string::npos)
          return 0.09;
        if (n == "head") return 0.07;
        return 0.025;
      },
      0.012, [](const std::string& n) { return n.find("antenna") != std::string::npos; });
  const BoneShape headBone = s.boneShape(s.indexOf("head"));
  const Vector3d headTip = headBone.tail + 0.07 * (headBone.tail - headBone.head).normalized();
  const auto session = runRetarget(mesh, headTip, s, "head");
  ASSERT_TRUE(session->retargeted());
  const RetargetedSkeleton& r = *session->retargeted();
  dump(*session);
  int antennaJoints = 0;
  for (int j = 0; j < s.size(); ++j) {
    const std::string& name = s.joints[j].name;
    if (!s.joints[j].deform) continue;
    if (name.find("antenna") != std::string::npos) {
      ++antennaJoints;
      EXPECT_EQ(r.fate[j], JointFate::Followed) << name;
    } else {
      // The head, body, six legs, four wings and the abdomen: everything else is placed.
      EXPECT_EQ(r.fate[j], JointFate::Placed) << name;
    }
  }
  EXPECT_EQ(antennaJoints, 6);
  // Reported: both antennae are among the unplaced arcs, with a reason.
  int antennaArcs = 0;
  for (const UnmatchedArc& u : session->matching()->unmatched) {
    const int end = session->skeletonGraph()->graph.arcs[u.skeletonArc].members.back();
    antennaArcs += s.joints[end].name.find("antenna") != std::string::npos;
    EXPECT_FALSE(u.reason.empty());
  }
  EXPECT_EQ(antennaArcs, 2);
  EXPECT_EQ(session->matching()->unmatched.size(), 2u);
}

// Issue 20: a head with horns branches into a pair before the forelegs do. The bundled
// quadruped's forelegs take the forelegs (the pair pointing down and as long), not the horns,
// and its hind legs the hind legs; the horns keep no bone.
TEST(RetargetProcedural, AHornedQuadrupedsForelegsAreNotItsHorns) {
  Creature bull = quadrupedCreature();
  bull.capsules.push_back({{0.05, 1.45, 1.0}, {0.3, 1.75, 1.05}, 0.04});    // left horn
  bull.capsules.push_back({{-0.05, 1.45, 1.0}, {-0.3, 1.75, 1.05}, 0.04});  // right horn
  const Mesh mesh = buildMesh(capsuleCreature(bull.capsules, 0.025));
  const auto session = runRetarget(mesh, bull.headTop, bundledQuadruped(), "head");
  ASSERT_TRUE(session->retargeted());
  dump(*session);
  const Skeleton& placed = session->retargeted()->skeleton;
  expectFeetOnTheirLimbs(placed, bull, mesh.bounds().sizes().y());
  EXPECT_GT(jointPosition(placed, "front_thigh.L").z(), 0.0);
  EXPECT_LT(jointPosition(placed, "thigh.L").z(), 0.0);
}

// Issue 20: an open mouth. The mesh's trunk from the tip of the snout branches first into the
// lower jaw, then into the forelegs; the skeleton's branches first into the forelegs (its jaw
// bone is a side branch, out of the matched graph). Matched to the jaw's split, the chest found
// no legs there and the hips took the forelegs (a production crocodile's walk played 155% of its
// height off). The chest's arc now goes on along the mesh's trunk past the lone branch.
TEST(RetargetProcedural, AnOpenMouthsJawIsNotTheForelegsSplit) {
  Creature animal = quadrupedCreature();
  animal.capsules.push_back({{0, 1.36, 1.2}, {0, 1.32, 1.9}, 0.09});  // a long upper jaw
  animal.capsules.push_back({{0, 1.22, 1.05}, {0, 1.0, 1.8}, 0.06});  // the lower, forward-down
  animal.headTop = {0, 1.32, 2.0};
  const Mesh mesh = buildMesh(capsuleCreature(animal.capsules, 0.025));
  const auto session = runRetarget(mesh, animal.headTop, bundledQuadruped(), "head");
  ASSERT_TRUE(session->retargeted());
  dump(*session);
  const Skeleton& placed = session->retargeted()->skeleton;
  expectFeetOnTheirLimbs(placed, animal, mesh.bounds().sizes().y());
  EXPECT_GT(jointPosition(placed, "chest").z(), 0.0) << "the chest is over the forelegs";
  EXPECT_LT(jointPosition(placed, "hips").z(), 0.0) << "the hips are over the hind legs";
}

// Issue 20: a game rig exported with its legs and tail as roots of their own (a corpus wolf:
// seven deform trees, the neck and spine one of them). Walked from the head, only the head's
// tree was matched (one arc); the legs and tail stayed where the source skeleton had them. Each
// detached tree now hangs from the nearest joint of the trees joined to the head's, and all
// four legs land on the mesh's legs.
TEST(RetargetProcedural, LegsAndTailExportedAsRootsOfTheirOwnAreMatched) {
  const Creature animal = quadrupedCreature();
  const Mesh mesh = buildMesh(capsuleCreature(animal.capsules, 0.025));
  Skeleton s = bundledQuadruped();
  ASSERT_FALSE(s.empty());
  const std::vector<Transform> rest = s.restGlobals();
  for (const char* root : {"tail.01", "front_thigh.L", "front_thigh.R", "thigh.L", "thigh.R"}) {
    const int j = s.indexOf(root);
    ASSERT_GE(j, 0) << root;
    s.joints[j].parent = -1;
    s.joints[j].restLocal = rest[j];
  }
  ASSERT_FALSE(s.validate());
  const auto session = runRetarget(mesh, animal.headTop, s, "head");
  ASSERT_TRUE(session->retargeted());
  dump(*session);
  for (const char* joint : {"foot.L", "foot.R", "front_foot.L", "front_foot.R", "tail.04"})
    EXPECT_GE(session->skeletonGraph()->arcOfJoint[s.indexOf(joint)], 0) << joint;
  expectFeetOnTheirLimbs(session->retargeted()->skeleton, animal, mesh.bounds().sizes().y());
}

// Issue 20: a production skeleton's helper bone (a belly bone hanging from the spine, short)
// makes its parent a branching the mesh has no counterpart for. Matched by direction alone it
// took a hind leg (the artists' horses); kept in the skeleton graph it split the trunk where the
// mesh does not, and the spine's extra branching took the hips' mesh node. It is now a side
// branch (retarget/side_branches.h): out of the matched graph, following the spine, and all four
// legs land on the mesh's legs.
TEST(RetargetProcedural, ABellyHelperBoneTakesNoLeg) {
  const Creature animal = quadrupedCreature();
  const Mesh mesh = buildMesh(capsuleCreature(animal.capsules, 0.025));
  Skeleton s = bundledQuadruped();
  ASSERT_FALSE(s.empty());
  const Vector3d spine = jointPosition(s, "spine.01");
  const int belly = addJoint(s, "belly", "spine.01", spine, spine - Vector3d(0, 0.15, 0));
  s.joints[belly].deform = true;
  const auto session = runRetarget(mesh, animal.headTop, s, "head");
  ASSERT_TRUE(session->retargeted());
  dump(*session);
  EXPECT_LT(session->skeletonGraph()->arcOfJoint[belly], 0) << "the belly bone is in the graph";
  EXPECT_EQ(session->retargeted()->fate[belly], JointFate::Followed);
  const Skeleton& placed = session->retargeted()->skeleton;
  const double height = mesh.bounds().sizes().y();
  expectFeetOnTheirLimbs(placed, animal, height);
  // The belly bone keeps its place below the spine joint it hangs from.
  EXPECT_LT((jointPosition(placed, "belly") - jointPosition(placed, "spine.01")).norm(),
            0.1 * height);
}

// Issue 20: legs the mesh hides. A humanoid in a skirt down to the floor has one mesh limb below
// the hips; the spine's chain goes on down it, and before, one leg ran down the skirt's middle
// and the other followed off behind the body. Both are now predicted from the skeleton's
// proportions about the placed hips: inside the skirt, each on its own side, marked predicted
// in the joints and reported with the reason.
TEST(RetargetProcedural, LegsHiddenInASkirtArePredictedOnTheirOwnSides) {
  Creature robed = humanoidCreature();
  for (int i = 0; i < 16; ++i) {
    const double a = 2 * M_PI * i / 16;
    robed.capsules.push_back({{0, 0.95, 0}, {0.28 * std::cos(a), 0.06, 0.28 * std::sin(a)}, 0.07});
  }
  const Mesh mesh = buildMesh(capsuleCreature(robed.capsules, 0.025));
  const SurfaceProbe probe(mesh);
  for (const char* file : {"/biped_simple.json", "/biped_production.json"}) {
    Expected<RigDocument> rig = readRigJson(std::string(RIGWRIGHT_SKELETONS_DIR) + file);
    ASSERT_TRUE(rig.ok()) << file;
    const Skeleton& s = rig->skeleton;
    const auto session = runRetarget(mesh, robed.headTop, s, "head");
    ASSERT_TRUE(session->retargeted()) << file;
    const RetargetedSkeleton& r = *session->retargeted();
    const std::vector<Transform> placed = r.skeleton.restGlobals();
    for (const char* side : {"L", "R"}) {
      const double sign = std::string(side) == "L" ? 1.0 : -1.0;  // the character's left is +X
      for (const char* bone : {"thigh", "shin", "foot"}) {
        const int j = s.indexOf(std::string(bone) + "." + side);
        ASSERT_GE(j, 0) << file << " " << bone << "." << side;
        EXPECT_EQ(r.fate[j], JointFate::Predicted) << file << " " << s.joints[j].name;
        const Vector3d p = placed[j].translation();
        EXPECT_GT(sign * p.x(), 0.02) << file << " " << s.joints[j].name << " at " << p.transpose();
        EXPECT_LT(std::abs(p.z()), 0.1)
            << file << " " << s.joints[j].name << " at " << p.transpose();
        // Inside the skirt: the surface is hit both up and down a vertical through the joint.
        EXPECT_TRUE(probe.rayDistance(p, Vector3d::UnitY()) &&
                    probe.rayDistance(p, -Vector3d::UnitY()))
            << file << " " << s.joints[j].name << " at " << p.transpose();
      }
    }
    // The hips stay placed on the trunk; the report says which joints were predicted and why.
    EXPECT_EQ(r.fate[s.indexOf("hips")], JointFate::Placed) << file;
    const nlohmann::json report = retargetReport(*session);
    int predicted = 0;
    for (const auto& joint : report["joints"]) predicted += joint["fate"] == "predicted";
    EXPECT_GE(predicted, 6) << file;
    bool hiddenReason = false;
    for (const auto& u : report["unplaced"])
      hiddenReason =
          hiddenReason || u["reason"].get<std::string>().find("hides") != std::string::npos;
    EXPECT_TRUE(hiddenReason) << report["unplaced"].dump();
    ASSERT_TRUE(report.contains("warnings")) << file;
    EXPECT_NE(report["warnings"].dump().find("predicted"), std::string::npos) << report["warnings"];
  }
}

namespace {

double distanceToSegment(const Vector3d& p, const Vector3d& a, const Vector3d& b) {
  const Vector3d d = b - a;
  const double t = std::clamp((p - a).dot(d) / d.squaredNorm(), 0.0, 1.0);
  return (a + t * d - p).norm();
}

}  // namespace

// Issue 20: a tail goes on from the hips, which stop short of where the mesh's tail splits off
// the body (their place comes from the hind legs). Bridged up like a leg, back along the tail's
// own axis, its path rose over the rump and out of the mesh on the corpus's bovids (their own
// skeletons, whose tail root rises above the pelvis: that joint went 7% of the height above
// their backs), which turned the hips' bone and, with it, the whole body in every clip. It follows
// the trunk's centroids to the split now. (This creature with the bundled quadruped, whose tail
// root lies level with the hips, stayed inside before too: a guard.)
TEST(RetargetProcedural, ATailFromTheHipsStaysInTheBody) {
  Creature animal = quadrupedCreature();
  // A cow's tail: back from the rump, then hanging straight down.
  animal.capsules.back() = {{0, 1.1, -0.6}, {0, 1.1, -0.8}, 0.05};
  animal.capsules.push_back({{0, 1.1, -0.8}, {0, 0.45, -0.82}, 0.05});
  const Mesh mesh = buildMesh(capsuleCreature(animal.capsules, 0.025));
  const auto session = runRetarget(mesh, animal.headTop, bundledQuadruped(), "head");
  ASSERT_TRUE(session->retargeted());
  dump(*session);
  const Skeleton& placed = session->retargeted()->skeleton;
  const Capsule& body = animal.capsules[0];
  const Capsule& root = animal.capsules[animal.capsules.size() - 2];
  const Capsule& tail = animal.capsules.back();
  for (int j = 0; j < placed.size(); ++j) {
    const std::string& name = placed.joints[j].name;
    if (name.rfind("tail", 0) != 0 || !placed.joints[j].deform) continue;
    const Vector3d p = placed.restGlobals()[j].translation();
    const double inside = std::min({distanceToSegment(p, body.a, body.b) - body.radius,
                                    distanceToSegment(p, root.a, root.b) - root.radius,
                                    distanceToSegment(p, tail.a, tail.b) - tail.radius});
    std::printf("[retarget] %s at (%.3f %.3f %.3f): %.3f from the surface\n", name.c_str(), p.x(),
                p.y(), p.z(), inside);
    EXPECT_LT(inside, 0.0) << name << " lies outside the body";
  }
}

namespace {

/// A quadruped whose hind legs and hanging tail leave the hips alike enough to be tagged three of
/// a kind (a radial ring, as the corpus's elephants are), with the tail `tailLength` long (the
/// legs are 0.9). Y up, facing +Z, left = +X.
Skeleton ringedQuadruped(double tailLength) {
  Skeleton s;
  addJoint(s, "hips", "", {0, 1.0, -0.5}, {0, 1.0, -0.1});
  addJoint(s, "spine", "hips", {0, 1.0, -0.1}, {0, 1.0, 0.45});
  addJoint(s, "neck", "spine", {0, 1.0, 0.45}, {0, 1.3, 0.9});
  addJoint(s, "head", "neck", {0, 1.3, 0.9}, {0, 1.25, 1.25});
  for (const double x : {0.14, -0.14}) {
    const std::string side = x > 0 ? ".L" : ".R";
    addJoint(s, "upperarm" + side, "spine", {x, 0.95, 0.45}, {x, 0.5, 0.47});
    addJoint(s, "forearm" + side, "upperarm" + side, {x, 0.5, 0.47}, {x, 0.05, 0.5});
    addJoint(s, "thigh" + side, "hips", {x, 0.95, -0.5}, {x, 0.5, -0.52});
    addJoint(s, "shin" + side, "thigh" + side, {x, 0.5, -0.52}, {x, 0.05, -0.55});
  }
  // Back from the rump, then hanging down behind the hind legs.
  const Vector3d root(0, 1.0, -0.62), bend(0, 0.8, -0.85);
  const Vector3d end =
      bend + (tailLength - (bend - root).norm()) * Vector3d(0, -1, -0.15).normalized();
  addJoint(s, "tail.01", "hips", root, bend);
  addJoint(s, "tail.02", "tail.01", bend, end);
  for (Joint& j : s.joints) j.deform = true;
  return s;
}

double ringedQuadrupedRadius(const std::string& name) {
  if (name == "hips" || name == "spine") return 0.22;
  if (name == "head") return 0.12;
  if (name == "neck") return 0.1;
  if (name.rfind("tail", 0) == 0) return 0.06;
  return 0.07;
}

}  // namespace

// Issue 20: the hind legs and a hanging tail alike enough to be three of a kind (the corpus's
// elephants). Each graph numbers such a ring by length, and lengths do not tell a leg from a
// tail: where the rig's tail is a little longer than its legs and the mesh's a little shorter,
// the numbers put a leg on the tail and the tail on a leg (the elephants' right hind leg ran
// down their tails, 12-15% of the height off). The ring is now paired by direction as a whole.
TEST(RetargetProcedural, HindLegsAndTailOfOneRingLandOnTheirOwnLimbs) {
  const Skeleton truth = ringedQuadruped(0.8);
  const Mesh mesh = meshAround(truth, ringedQuadrupedRadius, 0.025);
  const Skeleton rig = ringedQuadruped(1.0);
  const auto session = runRetarget(mesh, {0, 1.3, 1.37}, rig, "head");
  ASSERT_TRUE(session->retargeted());
  dump(*session, &truth);
  // The case this is about: the rig's hips branch into a ring of three.
  const SkeletonGraph& graph = *session->skeletonGraph();
  int ring = 0;
  for (const char* limb : {"thigh.L", "thigh.R", "tail.01"}) {
    const int arc = graph.arcOfJoint[rig.indexOf(limb)];
    ASSERT_GE(arc, 0) << limb;
    ring += session->skeletonSymmetry()->arcs[arc].tag == SymmetryTag::Radial;
  }
  EXPECT_EQ(ring, 3) << "the hind legs and the tail are no longer a ring: the test misses its case";
  const Skeleton& placed = session->retargeted()->skeleton;
  const double height = mesh.bounds().sizes().y();
  for (const char* end : {"shin.L", "shin.R", "tail.02", "forearm.L", "forearm.R"}) {
    const Vector3d want = jointPosition(truth, end), got = jointPosition(placed, end);
    EXPECT_LT((got - want).norm(), 0.1 * height)
        << end << " at " << got.transpose() << ", want " << want.transpose();
  }
}

// Issue 20: a glTF's hooves carry no tails, and their Y axes (the guessed tail's direction)
// point back up the legs, an export's convention. The legs' last bones then ran back up the
// legs: placement dropped the hooves as turn-backs and they followed the shins down under the
// floor (the corpus's goat: 0.4 of a leg below it). setTurnedBackLeafTails, which the CLI and
// the workstation run on a skeleton file, sends them straight on down the legs.
TEST(RetargetProcedural, HoovesWhoseAxesPointUpTheLegStayInTheLegs) {
  const Skeleton truth = ringedQuadruped(0.8);
  const Mesh mesh = meshAround(truth, ringedQuadrupedRadius, 0.025);
  Skeleton rig = truth;
  const double floor = mesh.bounds().min().y(), height = mesh.bounds().sizes().y();
  std::vector<std::string> hooves;
  for (const std::string limb : {"forearm.L", "forearm.R", "shin.L", "shin.R"}) {
    const Vector3d end =
        jointPosition(truth, limb) +
        0.9 * (truth.boneShape(truth.indexOf(limb)).tail - jointPosition(truth, limb));
    const int hoof = addJoint(rig, "hoof" + limb.substr(limb.size() - 2) + limb.substr(0, 1), limb,
                              end, end + Vector3d(0, 0.05, 0));
    rig.joints[hoof].deform = true;
    rig.joints[hoof].tail.reset();  // joints only, as a glTF
    rig.joints[rig.joints[hoof].parent].tail.reset();
    hooves.push_back(rig.joints[hoof].name);
  }
  // The case: each hoof's guessed tail turns back up its leg.
  for (const std::string& h : hooves) {
    const BoneShape hoof = rig.boneShape(rig.indexOf(h));
    ASSERT_GT(hoof.tail.y(), hoof.head.y()) << h << ": the guess does not turn back";
  }
  auto lowestHoof = [&](const Skeleton& s) {
    const auto session = runRetarget(mesh, {0, 1.3, 1.37}, s, "head");
    EXPECT_TRUE(session->retargeted());
    double lowest = std::numeric_limits<double>::infinity();
    if (!session->retargeted()) return lowest;
    for (const std::string& h : hooves)
      lowest = std::min(lowest, jointPosition(session->retargeted()->skeleton, h).y());
    return lowest;
  };
  EXPECT_LT(lowestHoof(rig), floor - 0.02 * height) << "the guessed tails no longer sink a hoof";
  Skeleton fixed = rig;
  EXPECT_EQ(setTurnedBackLeafTails(fixed).size(), hooves.size());
  const double lowest = lowestHoof(fixed);
  EXPECT_GT(lowest, floor) << "a hoof under the floor";
  EXPECT_LT(lowest, floor + 0.15 * height) << "the hooves stand off the floor";
}

namespace {

/// A skeleton of quadrupedCreature's own body: its joints where its capsules meet.
Skeleton quadrupedCreatureSkeleton() {
  Skeleton s;
  addJoint(s, "hips", "", {0, 1.0, -0.45}, {0, 1.0, 0.45});
  addJoint(s, "chest", "hips", {0, 1.0, 0.45}, {0, 1.05, 0.6});
  addJoint(s, "neck", "chest", {0, 1.05, 0.6}, {0, 1.36, 0.95});
  addJoint(s, "head", "neck", {0, 1.36, 0.95}, {0, 1.3, 1.3});
  addJoint(s, "tail", "hips", {0, 1.05, -0.7}, {0, 0.6, -1.1});
  for (const double x : {0.14, -0.14}) {
    const std::string side = x > 0 ? ".L" : ".R";
    for (const double z : {0.47, -0.47}) {
      const std::string limb = z > 0 ? "front_" : "";
      addJoint(s, limb + "thigh" + side, z > 0 ? "chest" : "hips", {x, 0.9, z}, {x, 0.48, z});
      addJoint(s, limb + "shin" + side, limb + "thigh" + side, {x, 0.48, z}, {x, 0.1, z});
      addJoint(s, limb + "foot" + side, limb + "shin" + side, {x, 0.1, z}, {x, 0.0, z + 0.08});
    }
  }
  return s;
}

}  // namespace

// PlacementHeuristics::freeOwnFourLeggedHeadAngle: the virtual head bone continues the neck while
// this animal's head turns 45 degrees down off it at the poll. A skeleton measured on its own
// four-legged body (the session knows it by the neck's depths its mesh gave) places its head
// joint by its bone lengths; held straight there, the joint went down the neck.
TEST(RetargetProcedural, AnOwnFourLeggedSkeletonPutsItsHeadJointAtThePoll) {
  const Creature animal = quadrupedCreature();
  const Mesh mesh = buildMesh(capsuleCreature(animal.capsules, 0.025));
  const Vector3d poll(0, 1.38, 0.95);
  auto headJoint = [&](bool ownBody, bool free) {
    RigParams params;
    if (ownBody) params.spineDepth.neckProfile = {{0.0, 0.5}, {1.0, 0.5}};
    params.placement.heuristics.freeOwnFourLeggedHeadAngle = free;
    const auto session =
        runRetarget(mesh, animal.headTop, quadrupedCreatureSkeleton(), "head", params);
    EXPECT_TRUE(session->retargeted());
    return session->retargeted() ? jointPosition(session->retargeted()->skeleton, "head")
                                 : Vector3d::Zero();
  };
  const Vector3d free = headJoint(true, true), straight = headJoint(true, false);
  std::printf("[head joint] %.3f from the poll free, %.3f held straight\n", (free - poll).norm(),
              (straight - poll).norm());
  EXPECT_LT((free - poll).norm(), 0.05);      // measured 0.025 (the animal is 1.6 long)
  EXPECT_GT((straight - poll).norm(), 0.15);  // 0.36: a third of the way down the neck
  // Not known to be its own body (no neck depths from a mesh of its own): held straight.
  EXPECT_GT((headJoint(false, true) - poll).norm(), 0.15);
}

// PlacementParams::ownHeadReach: with the angle at the head joint free, the virtual head bone's
// length alone places the joint. A head bone ending short of the head node (a skin part's far
// end along its centroid's direction, a cow's 1.12 against 1.30) put the joint forward along
// the neck; as long as the distance to the head node its own body gives, at the poll.
TEST(RetargetProcedural, AnOwnHeadReachPutsTheHeadJointAtThePoll) {
  const Creature animal = quadrupedCreature();
  const Mesh mesh = buildMesh(capsuleCreature(animal.capsules, 0.025));
  const Vector3d poll(0, 1.38, 0.95);
  Skeleton shortHead = quadrupedCreatureSkeleton();
  shortHead.joints[shortHead.indexOf("head")].tail = Vector3d(0, 1.35, 1.12);  // half the way
  auto headJoint = [&](std::optional<double> reach) {
    RigParams params;
    params.spineDepth.neckProfile = {{0.0, 0.5}, {1.0, 0.5}};
    params.placement.ownHeadReach = reach;
    const auto session = runRetarget(mesh, animal.headTop, shortHead, "head", params);
    EXPECT_TRUE(session->retargeted());
    return session->retargeted() ? jointPosition(session->retargeted()->skeleton, "head")
                                 : Vector3d::Zero();
  };
  const Vector3d reached = headJoint((animal.headTop - poll).norm()), bone = headJoint({});
  std::printf("[head joint] %.3f from the poll with the body's reach, %.3f with the bone's\n",
              (reached - poll).norm(), (bone - poll).norm());
  EXPECT_LT((reached - poll).norm(), 0.05);
  EXPECT_GT((bone - poll).norm(), 0.1);
}

// Where the hips are along the trunk, the hind legs say (arc_plan.h: locateBranchingJoints); a
// tail is no limb (the skeleton's symmetry tags it primary, on the axis). Counted as one, a
// tail hanging from the rump moved the hips (a cow's 7% of its height back). Here the tail's
// first joint hangs half a leg behind the hips, as a cow's does: counted, the hips went 0.08
// forward of the legs.
TEST(RetargetProcedural, ATailDoesNotMoveTheHips) {
  const Creature animal = quadrupedCreature();
  const Mesh mesh = buildMesh(capsuleCreature(animal.capsules, 0.025));
  const Skeleton s = withJointMoved(quadrupedCreatureSkeleton(), "tail", {0, 0, -0.15});
  const auto session = runRetarget(mesh, animal.headTop, s, "head");
  ASSERT_TRUE(session->retargeted());
  const Skeleton& placed = session->retargeted()->skeleton;
  // The hind legs stand at z -0.45 to -0.5; the skeleton's hips sit right above them.
  const double hips = jointPosition(placed, "hips").z();
  std::printf("[hips] z %.3f (the hind legs at -0.45)\n", hips);
  EXPECT_NEAR(hips, -0.45, 0.04);  // measured -0.423; with the tail counted -0.371
}

// A trunk arc wants a pair of the mesh's for every limb pair of the skeleton beyond it
// (MatchingHeuristics::refineForMissingPairs). Short forelegs are filtered away with the bumps
// at the coarsest levels: there the mesh's trunk showed its ears and its hind legs only, and
// the forelegs took the hind legs' arcs (the corpus's rhino: its walk 10% of its height off).
TEST(RetargetProcedural, ShortForelegsAreFoundOnAFinerLevel) {
  Creature animal = quadrupedCreature();
  // A long body on thick forelegs a third as long as its hind legs; ears up.
  animal.capsules = {
      {{0, 0.55, 0.8}, {0, 0.55, -0.8}, 0.22},
      {{0, 0.6, 0.85}, {0, 0.9, 1.2}, 0.1},
      {{0, 0.93, 1.2}, {0, 0.85, 1.5}, 0.12},
      {{0.06, 1.0, 1.25}, {0.16, 1.15, 1.23}, 0.035},
      {{-0.06, 1.0, 1.25}, {-0.16, 1.15, 1.23}, 0.035},
      {{0.13, 0.4, 0.65}, {0.15, 0.05, 0.7}, 0.11},
      {{-0.13, 0.4, 0.65}, {-0.15, 0.05, 0.7}, 0.11},
      {{0.13, 0.45, -0.65}, {0.15, -0.45, -0.7}, 0.07},
      {{-0.13, 0.45, -0.65}, {-0.15, -0.45, -0.7}, 0.07},
      {{0, 0.6, -0.95}, {0, 0.2, -1.6}, 0.05},
  };
  animal.headTop = {0, 0.85, 1.62};
  const Mesh mesh = buildMesh(capsuleCreature(animal.capsules, 0.025));
  auto frontFeet = [&](bool refine) {
    RigParams params;
    params.matching.refineForMissingPairs = refine;
    // The coarsest level filters arcs under a third of the graph's length: the forelegs go
    // there (their reach 0.11 of it), the hind legs stay.
    params.mesh.multires.filterFraction = 0.3;
    const auto session = runRetarget(mesh, animal.headTop, bundledQuadruped(), "head", params);
    EXPECT_TRUE(session->retargeted());
    if (!session->retargeted()) return -1e9;
    dump(*session);
    const Skeleton& placed = session->retargeted()->skeleton;
    // How far forward the front feet are, the one further back (the forelegs stand at
    // z = 0.65-0.7, the hind legs at -0.65-0.7).
    return std::min(jointPosition(placed, "front_foot.L").z(),
                    jointPosition(placed, "front_foot.R").z());
  };
  const double refined = frontFeet(true), coarse = frontFeet(false);
  std::printf("[short forelegs] front feet at z %.3f refined, %.3f not\n", refined, coarse);
  EXPECT_GT(refined, 0.5);  // on the forelegs
  EXPECT_LT(coarse, -0.5);  // on the hind legs
}

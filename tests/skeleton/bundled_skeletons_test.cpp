// The skeletons bundled in resources/skeletons/: they load through our rig reader, keep their
// invariants (counts, constraints, exact left/right mirroring), and the skeleton graph rooted at
// their head joint is tagged by the shared symmetry code as README.md there says.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>

#include "io/rig_json.h"
#include "motion/body_layout.h"
#include "skeleton/skeleton_graph.h"
#include "support/real_models.h"
#include "support/run_process.h"
#include "symmetry/detect_symmetry.h"

using namespace rw;

namespace {

std::string skeletonPath(const std::string& file) {
  return std::string(RIGWRIGHT_SKELETONS_DIR) + "/" + file;
}

RigDocument load(const std::string& file) {
  Expected<RigDocument> rig = readRigJson(skeletonPath(file));
  EXPECT_TRUE(rig) << (rig ? "" : rig.error().message);
  return rig ? std::move(rig).value() : RigDocument{};
}

int constraintsOfType(const Skeleton& s, ConstraintType type) {
  int n = 0;
  for (const Constraint& c : s.constraints) n += c.type == type;
  return n;
}

/// Every ".L" joint has a ".R" twin whose rest transform and tail are its mirror image through
/// x = 0 (position x negated; rotation M R M with M = diag(-1, 1, 1)); returns the pair count.
int expectMirrored(const Skeleton& s) {
  const std::vector<Transform> g = s.restGlobals();
  const Eigen::Matrix3d m = Eigen::Vector3d(-1, 1, 1).asDiagonal();
  int pairs = 0;
  for (int j = 0; j < s.size(); ++j) {
    const std::string& name = s.joints[j].name;
    if (name.size() < 2 || name.substr(name.size() - 2) != ".L") continue;
    const int r = s.indexOf(name.substr(0, name.size() - 2) + ".R");
    EXPECT_GE(r, 0) << name << " has no .R twin";
    if (r < 0) continue;
    ++pairs;
    EXPECT_LT((m * g[j].translation() - g[r].translation()).norm(), 1e-9) << name;
    EXPECT_LT((m * g[j].linear() * m - g[r].linear()).norm(), 1e-9) << name;
    EXPECT_TRUE(s.joints[j].tail && s.joints[r].tail) << name;
    if (!s.joints[j].tail || !s.joints[r].tail) continue;
    EXPECT_LT((m * *s.joints[j].tail - *s.joints[r].tail).norm(), 1e-9) << name;
    EXPECT_EQ(s.joints[j].deform, s.joints[r].deform) << name;
    const int pj = s.joints[j].parent, pr = s.joints[r].parent;
    EXPECT_TRUE(pj >= 0 && pr >= 0) << name;
    if (pj < 0 || pr < 0) continue;
    const std::string parentL = s.joints[pj].name, parentR = s.joints[pr].name;
    if (parentL.size() > 2 && parentL.substr(parentL.size() - 2) == ".L")
      EXPECT_EQ(parentR, parentL.substr(0, parentL.size() - 2) + ".R") << name;
    else
      EXPECT_EQ(parentR, parentL) << name;
  }
  return pairs;
}

/// Constraints name existing joints, IK ones with a control target and a chain of deform bones
/// (`ikChainLength` of them).
void expectValidConstraints(const Skeleton& s, int ikChainLength = 2) {
  for (const Constraint& c : s.constraints) {
    ASSERT_TRUE(c.owner >= 0 && c.owner < s.size());
    ASSERT_TRUE(c.target >= 0 && c.target < s.size()) << s.joints[c.owner].name;
    EXPECT_FALSE(s.joints[c.target].deform) << "target of " << s.joints[c.owner].name;
    if (c.type != ConstraintType::IK) continue;
    EXPECT_TRUE(s.joints[c.owner].deform);
    EXPECT_EQ(c.chainLength, ikChainLength);
    int j = c.owner;
    for (int k = 0; k < c.chainLength; ++k, j = s.joints[j].parent) {
      ASSERT_GE(j, 0);
      EXPECT_TRUE(s.joints[j].deform) << s.joints[j].name;
    }
    if (c.pole >= 0) {
      EXPECT_FALSE(s.joints[c.pole].deform);
    }
  }
}

struct Tagged {
  SkeletonGraph graph;
  GraphSymmetry symmetry;
};

Tagged tag(const RigDocument& rig) {
  EXPECT_TRUE(rig.skeletonHeadJoint.has_value());
  const int head = rig.skeleton.indexOf(rig.skeletonHeadJoint.value_or(""));
  Expected<SkeletonGraph> g = buildSkeletonGraph(rig.skeleton, head);
  EXPECT_TRUE(g) << (g ? "" : g.error().message);
  if (!g) return {};
  EXPECT_TRUE(g->graph.isTree());
  SymmetryParams params;
  params.flatBranchFraction = 0;   // skeleton graphs: f is a distance along bones, no flat saddles
  params.measureAlongArcs = true;  // and the arcs are the bones themselves
  return {*g, detectSymmetry(g->graph, params)};
}

const ArcSymmetry& arcOf(const Tagged& t, const Skeleton& s, const std::string& joint) {
  static const ArcSymmetry none;
  const int j = s.indexOf(joint);
  EXPECT_GE(j, 0) << joint;
  if (j < 0 || t.graph.arcOfJoint[j] < 0) {
    ADD_FAILURE() << joint << " is on no arc";
    return none;
  }
  return t.symmetry.arcs[t.graph.arcOfJoint[j]];
}

/// `left` and `right` are one axial pair, `left` on +X.
void expectAxialPair(const Tagged& t, const Skeleton& s, const std::string& left,
                     const std::string& right, int level) {
  SCOPED_TRACE(left);
  const ArcSymmetry& l = arcOf(t, s, left);
  const ArcSymmetry& r = arcOf(t, s, right);
  EXPECT_EQ(l.tag, SymmetryTag::Axial);
  EXPECT_EQ(r.tag, SymmetryTag::Axial);
  EXPECT_EQ(l.group, r.group);
  EXPECT_EQ(l.side, SymmetrySide::Left);
  EXPECT_EQ(r.side, SymmetrySide::Right);
  EXPECT_EQ(l.level, level);
  ASSERT_GE(l.group, 0);
  EXPECT_EQ(t.symmetry.groups[l.group].axis, 0);  // the pair is separated along X
}

}  // namespace

TEST(BundledSkeletons, BipedProduction) {
  const RigDocument rig = load("biped_production.json");
  const Skeleton& s = rig.skeleton;
  EXPECT_EQ(s.size(), 77);
  EXPECT_EQ(s.deformCount(), 52);
  EXPECT_EQ(s.controlCount(), 25);
  EXPECT_EQ(constraintsOfType(s, ConstraintType::IK), 4);
  EXPECT_EQ(constraintsOfType(s, ConstraintType::CopyRotation), 34);  // 30 finger bones, 4 ends
  expectValidConstraints(s);
  EXPECT_EQ(expectMirrored(s), 35);
  // IK: forearm / shin reach for the hand / foot controls, bending towards their poles.
  for (const char* side : {"L", "R"}) {
    const std::string sfx = std::string(".") + side;
    bool arm = false, leg = false;
    for (const Constraint& c : s.constraints) {
      if (c.type != ConstraintType::IK) continue;
      arm =
          arm || (c.owner == s.indexOf("forearm" + sfx) && c.target == s.indexOf("hand_ik" + sfx) &&
                  c.pole == s.indexOf("elbow_pole" + sfx));
      leg = leg || (c.owner == s.indexOf("shin" + sfx) && c.target == s.indexOf("foot_ik" + sfx) &&
                    c.pole == s.indexOf("knee_pole" + sfx));
    }
    EXPECT_TRUE(arm && leg) << side;
  }
  const std::vector<Transform> g = s.restGlobals();
  auto at = [&](const std::string& name) { return g[s.indexOf(name)].translation(); };
  // 1.8 m tall, T-pose facing +Z: the IK controls sit on the wrist / ankle, knee poles in front
  // of the knees, elbow poles behind the elbows, the heel pivot behind the ankle on the ground.
  EXPECT_NEAR(s.joints[s.indexOf("head")].tail->y(), 1.8, 1e-9);
  EXPECT_LT((at("hand_ik.L") - at("hand.L")).norm(), 1e-9);  // the files keep 10 decimals
  EXPECT_LT((at("foot_ik.L") - at("foot.L")).norm(), 1e-9);
  EXPECT_GT(at("knee_pole.L").z(), at("shin.L").z() + 0.3);
  EXPECT_LT(at("elbow_pole.L").z(), at("forearm.L").z() - 0.3);
  EXPECT_NEAR(at("heel_pivot.L").y(), 0.0, 1e-9);
  EXPECT_LT(at("heel_pivot.L").z(), at("foot.L").z());
  EXPECT_GT(at("hand.L").x(), 0.7);  // left is +X

  const Tagged t = tag(rig);
  EXPECT_EQ(rig.skeletonHeadJoint, "head");
  // Control bones are not in the graph; every deform joint but the head is on an arc.
  for (int j = 0; j < s.size(); ++j)
    if (s.joints[j].deform && j != s.indexOf("head")) {
      EXPECT_GE(t.graph.arcOfJoint[j], 0) << s.joints[j].name;
    } else {
      EXPECT_EQ(t.graph.arcOfJoint[j], -1) << s.joints[j].name;
    }
  // Head -> neck -> chest and chest -> spine -> hips: the primary axis.
  EXPECT_EQ(arcOf(t, s, "neck").tag, SymmetryTag::Primary);
  EXPECT_EQ(arcOf(t, s, "spine.02").tag, SymmetryTag::Primary);
  EXPECT_EQ(t.symmetry.primaryAxis.size(), 2u);
  // Arms from the chest, legs from the hips: axial pairs, left on +X, one level below the axis.
  expectAxialPair(t, s, "upperarm.L", "upperarm.R", 2);
  expectAxialPair(t, s, "thigh.L", "thigh.R", 2);
  // Per hand: the four fingers are one radial group (numbered by increasing length, pinky
  // first), the clearly shorter thumb is a lone arc off the axis: None.
  for (const char* side : {"L", "R"}) {
    SCOPED_TRACE(side);
    const std::string sfx = std::string(".01.") + side;
    std::set<int> groups;
    int index = 1;
    for (const char* finger : {"pinky", "ring", "index", "middle"}) {
      const ArcSymmetry& a = arcOf(t, s, finger + sfx);
      EXPECT_EQ(a.tag, SymmetryTag::Radial) << finger;
      EXPECT_EQ(a.radialIndex, index++) << finger;
      EXPECT_EQ(a.level, 3) << finger;
      groups.insert(a.group);
    }
    EXPECT_EQ(groups.size(), 1u);
    EXPECT_EQ(arcOf(t, s, "thumb" + sfx).tag, SymmetryTag::None);
  }
}

// The 136-joint studio biped (the issue's benchmark skeleton): production's rig plus spine and
// neck segments, twist halves on the long limb bones, two-bone toes, a face, breathing helpers
// and a full set of controls.
TEST(BundledSkeletons, BipedFull) {
  const RigDocument rig = load("biped_full.json");
  const Skeleton& s = rig.skeleton;
  EXPECT_EQ(s.size(), 136);
  EXPECT_EQ(s.deformCount(), 87);
  EXPECT_EQ(s.controlCount(), 49);
  EXPECT_EQ(constraintsOfType(s, ConstraintType::IK), 4);
  // 30 finger bones, hands and feet, chest, head, jaw, clavicles, 12 FK copies.
  EXPECT_EQ(constraintsOfType(s, ConstraintType::CopyRotation), 51);
  EXPECT_EQ(constraintsOfType(s, ConstraintType::DampedTrack), 2);  // the eyes
  expectValidConstraints(s, 4);  // IK over both halves of the upper and the lower bone
  EXPECT_EQ(expectMirrored(s), 56);
  for (const char* side : {".L", ".R"}) {
    const std::string sfx = side;
    // Each long bone is followed by its twist half, the chain ending where the IK target sits.
    for (const char* bone : {"upperarm", "forearm", "thigh", "shin"}) {
      const int twist = s.indexOf(bone + std::string("_twist") + sfx);
      ASSERT_GE(twist, 0) << bone;
      EXPECT_EQ(s.joints[twist].parent, s.indexOf(bone + sfx)) << bone;
      EXPECT_TRUE(s.joints[twist].deform) << bone;
    }
    EXPECT_EQ(s.joints[s.indexOf("forearm" + sfx)].parent, s.indexOf("upperarm_twist" + sfx));
    EXPECT_EQ(s.joints[s.indexOf("hand" + sfx)].parent, s.indexOf("forearm_twist" + sfx));
    EXPECT_EQ(s.joints[s.indexOf("toe.02" + sfx)].parent, s.indexOf("toe.01" + sfx));
    for (const char* face :
         {"eye", "eyelid_upper", "eyelid_lower", "brow_inner", "brow_outer", "cheek", "lip_corner"})
      EXPECT_EQ(s.joints[s.indexOf(face + sfx)].parent, s.indexOf("head")) << face;
    for (const char* fk :
         {"upperarm_fk", "forearm_fk", "hand_fk", "thigh_fk", "shin_fk", "foot_fk"})
      EXPECT_FALSE(s.joints[s.indexOf(fk + sfx)].deform) << fk;
  }
  const std::vector<Transform> g = s.restGlobals();
  auto at = [&](const std::string& name) { return g[s.indexOf(name)].translation(); };
  EXPECT_NEAR(s.joints[s.indexOf("head")].tail->y(), 1.8, 1e-9);
  EXPECT_LT((at("hand_ik.L") - at("hand.L")).norm(), 1e-9);
  EXPECT_LT((at("foot_ik.L") - at("foot.L")).norm(), 1e-9);
  // Twist halves start halfway down their bone.
  EXPECT_LT((at("upperarm_twist.L") - 0.5 * (at("upperarm.L") + at("forearm.L"))).norm(), 1e-9);
  EXPECT_LT((at("shin_twist.R") - 0.5 * (at("shin.R") + at("foot.R"))).norm(), 1e-9);
  EXPECT_GT(at("knee_pole.L").z(), at("shin.L").z() + 0.3);
  EXPECT_GT(at("eye_target.L").z(), at("eye.L").z() + 0.4);  // in front of the face

  const Tagged t = tag(rig);
  for (int j = 0; j < s.size(); ++j)
    if (s.joints[j].deform && j != s.indexOf("head")) {
      EXPECT_GE(t.graph.arcOfJoint[j], 0) << s.joints[j].name;
    } else {
      EXPECT_EQ(t.graph.arcOfJoint[j], -1) << s.joints[j].name;
    }
  // The twist halves and the extra spine / neck segments stay inside the production biped's
  // arcs: head -> chest and chest -> hips are the primary axis, arms and legs axial pairs.
  EXPECT_EQ(arcOf(t, s, "neck.01").tag, SymmetryTag::Primary);
  EXPECT_EQ(arcOf(t, s, "spine.02").tag, SymmetryTag::Primary);
  EXPECT_EQ(t.graph.arcOfJoint[s.indexOf("upperarm_twist.L")],
            t.graph.arcOfJoint[s.indexOf("hand.L")]);
  EXPECT_EQ(t.graph.arcOfJoint[s.indexOf("thigh.L")], t.graph.arcOfJoint[s.indexOf("toe.02.L")]);
  expectAxialPair(t, s, "upperarm.L", "upperarm.R", 2);
  expectAxialPair(t, s, "thigh.L", "thigh.R", 2);
  expectAxialPair(t, s, "breast.L", "breast.R", 2);
  // The face arcs all leave the head node beside the neck, one level below the axis. The
  // skeleton graph sees only lengths and shapes there: eyes, lids, brows and the nose (about as
  // long) make one radial group, cheeks, lip corners and the upper lip another, the jaw is alone.
  for (const char* face : {"eye.L", "eye.R", "eyelid_upper.L", "brow_outer.R", "nose", "cheek.L",
                           "lip_corner.R", "lip_upper", "jaw"}) {
    EXPECT_NE(arcOf(t, s, face).tag, SymmetryTag::Primary) << face;
    EXPECT_EQ(arcOf(t, s, face).level, 2) << face;
  }
  EXPECT_EQ(arcOf(t, s, "eye.L").tag, SymmetryTag::Radial);
  EXPECT_EQ(arcOf(t, s, "eye.L").group, arcOf(t, s, "eye.R").group);
  EXPECT_EQ(arcOf(t, s, "lip_corner.L").group, arcOf(t, s, "lip_corner.R").group);
  // The belly, a lone arc at the hips between the legs, continues the primary axis (as the
  // quadruped's tail does).
  EXPECT_EQ(arcOf(t, s, "belly").tag, SymmetryTag::Primary);
  for (const char* side : {"L", "R"}) {
    SCOPED_TRACE(side);
    const std::string sfx = std::string(".01.") + side;
    for (const char* finger : {"pinky", "ring", "index", "middle"})
      EXPECT_EQ(arcOf(t, s, finger + sfx).tag, SymmetryTag::Radial) << finger;
    EXPECT_EQ(arcOf(t, s, "thumb" + sfx).tag, SymmetryTag::None);
  }
}

// `rigwright-cli retarget` puts the 136-joint biped into BCN: arms and legs matched to the mesh
// limbs on their own side, the face and breathing helpers (no mesh counterpart) unplaced and
// reported, following the head / chest / hips.
TEST(BundledSkeletons, BipedFullRetargetsIntoBcn) {
  const auto dir = std::filesystem::temp_directory_path() / "rigwright_bundled_skeletons";
  std::filesystem::create_directories(dir);
  const std::string out = (dir / "bcn_full.json").string();
  const std::string report = (dir / "bcn_full_report.json").string();
  const rw::test::ProcessResult r = rw::test::runCli(
      {"retarget", rw::test::modelPath("X/BCN_Epileptic.X"), skeletonPath("biped_full.json"),
       "--mesh-head", "0,0.79,0", "--skeleton-head", "head", "-o", out, "--json", report});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  std::ifstream in(report);
  const nlohmann::json j = nlohmann::json::parse(in);
  ASSERT_EQ(j["joints"].size(), 136u);
  // Every limb arc (arm: clavicle .. hand, leg: thigh .. toe) is matched, to a mesh arc on its
  // own side.
  std::map<std::string, std::string> limbSide;  // first limb joint -> mesh side
  for (const auto& m : j["matches"]) {
    const std::string second = m["joints"][1];
    if (second.rfind("clavicle.", 0) == 0 || second.rfind("thigh.", 0) == 0) {
      EXPECT_EQ(m["skeleton_side"], m["mesh_side"]) << m.dump();
      limbSide[second] = m["mesh_side"];
    }
  }
  EXPECT_EQ(limbSide["clavicle.L"], "left");
  EXPECT_EQ(limbSide["clavicle.R"], "right");
  EXPECT_EQ(limbSide["thigh.L"], "left");
  EXPECT_EQ(limbSide["thigh.R"], "right");
  // Positions: left limbs on +X of the body's centre, hands and feet where the mesh has them,
  // IK targets on the wrists and ankles.
  Expected<RigDocument> result = readRigJson(out);
  ASSERT_TRUE(result) << (result ? "" : result.error().message);
  const Skeleton& s = result->skeleton;
  const std::vector<Transform> g = s.restGlobals();
  auto at = [&](const std::string& name) { return g[s.indexOf(name)].translation(); };
  const double size = 1.944;  // BCN's bounding-box diagonal (docs/data.md)
  for (const char* joint :
       {"upperarm_twist", "forearm_twist", "hand", "thigh_twist", "shin", "foot", "toe.02"}) {
    const std::string name = joint;
    EXPECT_GT(at(name + ".L").x(), 0.02) << name;  // BCN's mirror plane is x = 0
    EXPECT_LT(at(name + ".R").x(), -0.02) << name;
    EXPECT_LT((at(name + ".L") - Eigen::Vector3d(-1, 1, 1).cwiseProduct(at(name + ".R"))).norm(),
              0.05 * size)
        << name;
  }
  EXPECT_LT(at("foot.L").y(), -0.8);                 // BCN's feet are at y = -1.02, its hips near 0
  EXPECT_LT(at("hand.L").y(), at("forearm.L").y());  // arms hang down in BCN's rest pose
  EXPECT_LT((at("hand_ik.L") - at("hand.L")).norm(), 1e-6);
  EXPECT_LT((at("foot_ik.R") - at("foot.R")).norm(), 1e-6);
  // Face and breathing helpers are reported, not lost.
  std::set<std::string> unplaced;
  for (const auto& u : j["unplaced"]) unplaced.insert(u["joints"].back().get<std::string>());
  for (const char* joint : {"eye.L", "eye.R", "jaw", "breast.L", "belly"})
    EXPECT_TRUE(unplaced.count(joint)) << joint;
  EXPECT_GT(at("eye.L").y(), at("head").y());  // they followed the head
}

TEST(BundledSkeletons, BipedSimple) {
  const RigDocument rig = load("biped_simple.json");
  const Skeleton& s = rig.skeleton;
  EXPECT_EQ(s.size(), 17);
  EXPECT_EQ(s.deformCount(), 17);
  EXPECT_TRUE(s.constraints.empty());
  EXPECT_EQ(expectMirrored(s), 6);
  const Tagged t = tag(rig);
  EXPECT_EQ(arcOf(t, s, "spine").tag, SymmetryTag::Primary);
  expectAxialPair(t, s, "forearm.L", "forearm.R", 2);
  expectAxialPair(t, s, "foot.L", "foot.R", 2);
}

TEST(BundledSkeletons, Quadruped) {
  const RigDocument rig = load("quadruped.json");
  const Skeleton& s = rig.skeleton;
  EXPECT_EQ(s.size(), 37);
  EXPECT_EQ(s.deformCount(), 28);
  EXPECT_EQ(s.controlCount(), 9);  // root, 4 foot IK targets, 4 knee poles
  EXPECT_EQ(constraintsOfType(s, ConstraintType::IK), 4);
  expectValidConstraints(s);
  EXPECT_EQ(expectMirrored(s), 12);
  const std::vector<Transform> g = s.restGlobals();
  EXPECT_GT(g[s.indexOf("head")].translation().z(), g[s.indexOf("tail.04")].translation().z());

  const Tagged t = tag(rig);
  // From the head: the jaw is a lone arc beside the body (None), the neck and spine run down the
  // primary axis, which continues through the hips into the tail (the lone arc there).
  EXPECT_EQ(arcOf(t, s, "jaw").tag, SymmetryTag::None);
  for (const char* joint : {"neck.01", "spine.01", "tail.02"})
    EXPECT_EQ(arcOf(t, s, joint).tag, SymmetryTag::Primary) << joint;
  EXPECT_EQ(t.symmetry.primaryAxis.size(), 3u);
  expectAxialPair(t, s, "front_shin.L", "front_shin.R", 2);
  expectAxialPair(t, s, "shin.L", "shin.R", 2);
  EXPECT_NE(arcOf(t, s, "front_shin.L").group, arcOf(t, s, "shin.L").group);
}

TEST(BundledSkeletons, Insect) {
  const RigDocument rig = load("insect.json");
  const Skeleton& s = rig.skeleton;
  EXPECT_EQ(s.size(), 48);
  EXPECT_EQ(s.deformCount(), 41);
  EXPECT_EQ(s.controlCount(), 7);  // root, 6 leg IK targets
  EXPECT_EQ(constraintsOfType(s, ConstraintType::IK), 6);
  expectValidConstraints(s);
  EXPECT_EQ(expectMirrored(s), 20);  // per side: 3 legs x 4 bones, 3 antenna bones, 2 wings, 3 IK

  const Tagged t = tag(rig);
  // The legs leave the three thorax segments: three axial pairs, each at its own node along the
  // primary axis (head -> prothorax -> mesothorax -> metathorax -> abdomen), all at level 2.
  std::set<int> legGroups;
  for (const char* leg : {"front", "mid", "hind"}) {
    const std::string femur = std::string(leg) + "_femur";
    expectAxialPair(t, s, femur + ".L", femur + ".R", 2);
    legGroups.insert(arcOf(t, s, femur + ".L").group);
  }
  EXPECT_EQ(legGroups.size(), 3u);
  // Antennae: a pair at the head; wings: a pair on each of the two hind segments, separate from
  // the legs there (much shorter).
  expectAxialPair(t, s, "antenna.02.L", "antenna.02.R", 2);
  expectAxialPair(t, s, "forewing.L", "forewing.R", 2);
  expectAxialPair(t, s, "hindwing.L", "hindwing.R", 2);
  EXPECT_NE(arcOf(t, s, "forewing.L").group, arcOf(t, s, "mid_femur.L").group);
  for (const char* joint : {"prothorax", "mesothorax", "abdomen.02"})
    EXPECT_EQ(arcOf(t, s, joint).tag, SymmetryTag::Primary) << joint;
  EXPECT_EQ(t.symmetry.primaryAxis.size(), 4u);
}

// Names follow Blender's ".L"/".R" convention so the motion code finds the limbs: the body
// layout of both bipeds has arms and legs with the expected bones, the master "root" control
// skipped in favour of the hips.
TEST(BundledSkeletons, BodyLayoutOfBipeds) {
  for (const char* file : {"biped_production.json", "biped_simple.json"}) {
    SCOPED_TRACE(file);
    const Skeleton s = load(file).skeleton;
    const BodyLayout layout = analyzeBodyLayout(s);
    EXPECT_EQ(layout.root, s.indexOf("hips"));
    EXPECT_EQ(layout.head, s.indexOf("head"));
    for (int side = 0; side < 2; ++side) {
      const std::string sfx = side == 0 ? ".L" : ".R";
      EXPECT_EQ(layout.arms[side].upper, s.indexOf("upperarm" + sfx));
      EXPECT_EQ(layout.arms[side].lower, s.indexOf("forearm" + sfx));
      EXPECT_EQ(layout.arms[side].end, s.indexOf("hand" + sfx));
      EXPECT_EQ(layout.legs[side].upper, s.indexOf("thigh" + sfx));
      EXPECT_EQ(layout.legs[side].lower, s.indexOf("shin" + sfx));
      EXPECT_EQ(layout.legs[side].end, s.indexOf("foot" + sfx));
    }
    EXPECT_GT(layout.legLength, 0.8);
  }
  const Skeleton production = load("biped_production.json").skeleton;
  EXPECT_EQ(analyzeBodyLayout(production).arms[0].collar, production.indexOf("clavicle.L"));
  EXPECT_EQ(analyzeBodyLayout(production).chest, production.indexOf("spine.03"));
}

// `rigwright-cli info` reads every bundled file.
TEST(BundledSkeletons, CliInfoReadsThem) {
  const std::map<std::string, std::pair<int, int>> counts = {{"biped_production.json", {77, 52}},
                                                             {"biped_full.json", {136, 87}},
                                                             {"biped_simple.json", {17, 17}},
                                                             {"quadruped.json", {37, 28}},
                                                             {"insect.json", {48, 41}}};
  for (const auto& [file, count] : counts) {
    const rw::test::ProcessResult r = rw::test::runCli({"info", skeletonPath(file), "--json"});
    ASSERT_EQ(r.exitCode, 0) << file << ": " << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["skeleton"]["bones"], count.first) << file;
    EXPECT_EQ(j["skeleton"]["deform"], count.second) << file;
  }
}

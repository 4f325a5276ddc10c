// Bone heat (Baran & Popović 2007 §4) on procedural characters: partition of unity, limb tips
// owned by their limb, mirrored weights, loose parts attached to the nearest bone, limits.
#include <gtest/gtest.h>

#include <iostream>
#include <map>

#include "skin/bone_heat.h"
#include "skin/skin_eval.h"
#include "skin/weight_limits.h"
#include "skin_test_meshes.h"
#include "support/implicit_meshes.h"
#include "support/procedural_meshes.h"
#include "support/real_models.h"

namespace rw {
namespace {

using test::symmetricBar;
using test::weightOf;

/// The welded vertex nearest to p, as a source vertex.
int sourceVertexNear(const Mesh& mesh, const Eigen::Vector3d& p) {
  int best = 0;
  for (int v = 0; v < int(mesh.source.positions.size()); ++v)
    if ((mesh.source.positions[v] - p).norm() < (mesh.source.positions[best] - p).norm()) best = v;
  return best;
}

TEST(BoneHeat, WeightsSumToOneAndLimbTipsBelongToTheirLimb) {
  const Character c = test::riggedHumanoid();
  Expected<BoneHeatResult> heat = boneHeatWeights(c.mesh, c.skeleton);
  ASSERT_TRUE(heat) << heat.error().message;
  const SkinWeights& w = heat->weights;
  ASSERT_EQ(w.vertexCount(), int(c.mesh.source.positions.size()));
  for (int v = 0; v < w.vertexCount(); ++v) {
    ASSERT_FALSE(w.perVertex[v].empty()) << "vertex " << v;
    EXPECT_NEAR(w.weightSum(v), 1.0, 1e-9) << "vertex " << v;
    EXPECT_LE(int(w.perVertex[v].size()), 4);
    for (const Influence& i : w.perVertex[v]) EXPECT_GT(i.weight, 0.0);
  }
  EXPECT_EQ(heat->report.components, 1);
  EXPECT_EQ(heat->report.solvedComponents, 1);
  EXPECT_TRUE(heat->report.looseParts.empty());
  EXPECT_TRUE(heat->report.unweightedBones.empty());
  const std::map<std::string, Eigen::Vector3d> tips = {{"forearm.L", {0.8, 1.02, 0}},
                                                       {"forearm.R", {-0.8, 1.02, 0}},
                                                       {"shin.L", {0.14, 0.0, 0}},
                                                       {"shin.R", {-0.14, 0.0, 0}},
                                                       {"head", {0, 1.81, 0}}};
  for (const auto& [bone, tip] : tips) {
    const int v = sourceVertexNear(c.mesh, tip);
    EXPECT_GT(weightOf(w.perVertex[v], c.skeleton.indexOf(bone)), 0.95) << bone;
  }
  // The middle of the upper arm is mostly the upper arm's.
  const int mid = sourceVertexNear(c.mesh, {0.3, 1.31 + 0.055, 0});
  EXPECT_GT(weightOf(w.perVertex[mid], c.skeleton.indexOf("upperarm.L")), 0.5);
}

// A torso with an arm hanging beside it, a gap between them: the flank's nearest bone is the
// arm's, across the gap (not visible), so the flank must take its heat from the spine it sees
// (Pinocchio's nearest *visible* bone). Heated by nothing, the flank averaged its neighbours and
// the arm's heat from the armpit ran down it (BCN's torso took its hanging arms' motion).
TEST(BoneHeat, FlankBesideAHangingArmBelongsToTheSpine) {
  Character c;
  c.mesh = buildMesh(test::capsuleCreature({{{0, 0, 0}, {0, 1, 0}, 0.25},
                                            {{0.1, 0.95, 0}, {0.34, 0.9, 0}, 0.07},
                                            {{0.34, 0.9, 0}, {0.34, 0.2, 0}, 0.05}},
                                           0.015, 0.01));
  Skeleton& s = c.skeleton;
  s.joints.push_back(test::makeJoint("spine", -1, s, {0, 0, 0}, {0, 1, 0}));
  s.joints.push_back(test::makeJoint("shoulder", 0, s, {0.05, 0.95, 0}, {0.34, 0.9, 0}));
  s.joints.push_back(test::makeJoint("arm", 1, s, {0.34, 0.9, 0}, {0.34, 0.2, 0}));
  Expected<BoneHeatResult> heat = boneHeatWeights(c.mesh, s);
  ASSERT_TRUE(heat) << heat.error().message;
  EXPECT_EQ(heat->report.components, 1);
  // The flank facing the arm, halfway and three quarters down: the spine's weight there was
  // 0.74 and 0.84 when only the nearest bone (the arm, not visible) was tried; now 0.84, 0.92.
  for (const auto& [y, spine] : {std::pair{0.5, 0.8}, std::pair{0.35, 0.9}}) {
    const int v = sourceVertexNear(c.mesh, {0.25, y, 0});
    ASSERT_LT((c.mesh.source.positions[v] - Eigen::Vector3d(0.25, y, 0)).norm(), 0.02);
    EXPECT_GT(weightOf(heat->weights.perVertex[v], 0), spine) << "flank at y " << y;
  }
  // The arm itself stays the arm's.
  const int onArm = sourceVertexNear(c.mesh, {0.39, 0.5, 0});
  EXPECT_GT(weightOf(heat->weights.perVertex[onArm], 2), 0.9);
}

void expectMirrored(const Character& c, const SkinWeights& w, double tolerance) {
  const std::map<int, int> mirrorJoint = {{0, 0}, {1, 2}, {2, 1}};
  const auto& p = c.mesh.source.positions;
  int pairs = 0;
  for (int v = 0; v < int(p.size()); ++v) {
    const Eigen::Vector3d q(-p[v].x(), p[v].y(), p[v].z());
    const int u = sourceVertexNear(c.mesh, q);
    ASSERT_LT((p[u] - q).norm(), 1e-9) << "the bar is not symmetric at vertex " << v;
    for (int j = 0; j < 3; ++j)
      EXPECT_NEAR(weightOf(w.perVertex[v], j), weightOf(w.perVertex[u], mirrorJoint.at(j)),
                  tolerance)
          << "vertex " << v << " joint " << j;
    ++pairs;
  }
  EXPECT_EQ(pairs, int(p.size()));
}

TEST(BoneHeat, SymmetricMeshGetsMirroredWeightsFromTheSolverAlone) {
  const Character c = symmetricBar();
  BoneHeatParams params;
  params.mirror.enabled = false;
  Expected<BoneHeatResult> heat = boneHeatWeights(c.mesh, c.skeleton, params);
  ASSERT_TRUE(heat) << heat.error().message;
  EXPECT_FALSE(heat->report.mirror.applied);
  expectMirrored(c, heat->weights, 1e-3);
}

TEST(BoneHeat, SymmetricMeshGetsExactlyMirroredWeightsWhenMirroring) {
  const Character c = symmetricBar();
  Expected<BoneHeatResult> heat = boneHeatWeights(c.mesh, c.skeleton);
  ASSERT_TRUE(heat) << heat.error().message;
  EXPECT_TRUE(heat->report.mirror.applied) << heat->report.mirror.reason;
  EXPECT_EQ(heat->report.mirror.pairedVertices, int(c.mesh.positions.size()));
  EXPECT_EQ(heat->report.mirror.pairedBones, 2);
  expectMirrored(c, heat->weights, 1e-12);
}

TEST(BoneHeat, AsymmetricSkeletonIsNotMirrored) {
  Character c = symmetricBar();
  c.skeleton.joints[1].tail = Eigen::Vector3d(0.7, 0.02, 0);
  Expected<BoneHeatResult> heat = boneHeatWeights(c.mesh, c.skeleton);
  ASSERT_TRUE(heat) << heat.error().message;
  EXPECT_FALSE(heat->report.mirror.applied);
  EXPECT_FALSE(heat->report.mirror.reason.empty());
}

// Loose pieces no bone is in, and from which none is visible (an "eye" in front of the head, a
// button in front of the torso, an armour plate), are heated from the bone along them
// (skin/boneless_parts.h): a plate over several bones bends with them, where attaching each
// piece rigidly to one bone made an armoured elephant's plates lag 2.2 % of its height behind
// the artist's. A small piece still moves with the one bone it lies by.
TEST(BoneHeat, LoosePiecesWithNoBoneInsideTakeTheBoneAlongThem) {
  Character c = test::riggedHumanoid();
  SourceMesh source = c.mesh.source;
  const int body = int(source.positions.size());
  test::append(source, test::splitCube({0.05, 1.62, 0.16}, 0.03));
  const int eyeEnd = int(source.positions.size());
  test::append(source, test::splitCube({0.0, 1.2, 0.25}, 0.02));
  c.mesh = buildMesh(source);
  Expected<BoneHeatResult> heat = boneHeatWeights(c.mesh, c.skeleton);
  ASSERT_TRUE(heat) << heat.error().message;
  EXPECT_EQ(heat->report.components, 3);
  EXPECT_TRUE(heat->report.looseParts.empty());
  EXPECT_GE(heat->report.bonelessVertices, 16);
  const int head = c.skeleton.indexOf("head"), torso = c.skeleton.indexOf("torso");
  for (int v = body; v < int(source.positions.size()); ++v)
    EXPECT_GT(weightOf(heat->weights.perVertex[v], v < eyeEnd ? head : torso), 0.9) << v;
  for (int v = 0; v < heat->weights.vertexCount(); ++v)
    EXPECT_NEAR(heat->weights.weightSum(v), 1.0, 1e-9);
  EXPECT_FALSE(heat->report.notes.empty());

  // A piece that cannot be sounded either (an open sheet seen edge-on, nothing behind it) is
  // attached rigidly to its nearest bone, and reported.
  SourceMesh sheet;
  sheet.positions = {{0, 1.6, 0.45}, {0, 1.65, 0.45}, {0, 1.65, 0.5}, {0, 1.6, 0.5}};
  sheet.triangles = {{0, 1, 2}, {0, 2, 3}};
  sheet.triangleMaterial = {0, 0};
  sheet.materialNames = {"default"};
  sheet.parts.push_back({"sheet", 0, 4, 0, 2, 0});
  SourceMesh withSheet = c.mesh.source;
  test::append(withSheet, sheet);
  c.mesh = buildMesh(withSheet);
  Expected<BoneHeatResult> rigid = boneHeatWeights(c.mesh, c.skeleton);
  ASSERT_TRUE(rigid) << rigid.error().message;
  ASSERT_EQ(rigid->report.looseParts.size(), 1u);
  EXPECT_EQ(rigid->report.looseParts[0].vertices, 4);
  EXPECT_EQ(rigid->report.looseParts[0].joints, std::vector<int>{head});
  EXPECT_FALSE(rigid->report.looseParts[0].reason.empty());
}

// An eyeball (a loose sphere in its socket) turns about the eye joint at its centre: it is that
// bone's alone, not shared with the lid and brow bones beside it, which heat gives it as they
// are as near (on the artist's BCN the eyes went from 18 of 81 vertices led by the eye bone to
// all 81).
TEST(BoneHeat, AnEyeballIsTheEyeBonesAlone) {
  Character c = test::riggedHumanoid();
  const Eigen::Vector3d eye(0.05, 1.64, 0.09);
  const double r = 0.03;
  SourceMesh source = c.mesh.source;
  test::append(source, test::uvSphere(eye, r));
  c.mesh = buildMesh(source);
  Skeleton& s = c.skeleton;
  const int head = s.indexOf("head");
  s.joints.push_back(test::makeJoint("eye", head, s, eye, eye + Eigen::Vector3d(0, 0, 0.05)));
  s.joints.push_back(test::makeJoint("lid", head, s, eye + Eigen::Vector3d(0, 0.4 * r, 0),
                                     eye + Eigen::Vector3d(0, 0.4 * r, 0.05)));
  s.joints.push_back(test::makeJoint("brow", head, s, eye + Eigen::Vector3d(0, 1.2 * r, 0),
                                     eye + Eigen::Vector3d(0, 1.2 * r, 0.05)));
  const int eyeBone = s.indexOf("eye");
  auto eyeballVertices = [&] {
    std::vector<int> out;
    for (int v = 0; v < int(c.mesh.source.positions.size()); ++v)
      if (std::abs((c.mesh.source.positions[v] - eye).norm() - r) < 1e-9) out.push_back(v);
    return out;
  };
  const std::vector<int> eyeball = eyeballVertices();
  ASSERT_GT(eyeball.size(), 100u);
  BoneHeatParams shared;
  shared.pivotParts.maxPivotOffset = 0.0;  // no pivot: §4 and the limits alone
  Expected<BoneHeatResult> plain = boneHeatWeights(c.mesh, s, shared);
  Expected<BoneHeatResult> heat = boneHeatWeights(c.mesh, s);
  ASSERT_TRUE(plain && heat);
  int ledBefore = 0;
  for (int v : eyeball) {
    ledBefore += dominantJoint(plain->weights.perVertex[v]) == eyeBone;
    ASSERT_EQ(heat->weights.perVertex[v].size(), 1u) << v;
    EXPECT_EQ(heat->weights.perVertex[v][0].joint, eyeBone);
  }
  std::cout << "[ measured ] eyeball vertices led by the eye bone: " << ledBefore << " -> "
            << eyeball.size() << " of " << eyeball.size() << "\n";
  EXPECT_LT(ledBefore, int(eyeball.size()));
  EXPECT_EQ(heat->report.pivotParts, 1);
  EXPECT_EQ(heat->report.pivotVertices, int(eyeball.size()));
  EXPECT_TRUE(
      std::any_of(heat->report.notes.begin(), heat->report.notes.end(),
                  [](const std::string& n) { return n.find("eyes") != std::string::npos; }));
  // The head around it is solved as before (its own part).
  for (int v = 0; v < int(c.mesh.source.positions.size()); ++v) {
    if (std::find(eyeball.begin(), eyeball.end(), v) != eyeball.end()) continue;
    ASSERT_EQ(heat->weights.perVertex[v].size(), plain->weights.perVertex[v].size()) << v;
    for (std::size_t i = 0; i < heat->weights.perVertex[v].size(); ++i)
      EXPECT_EQ(heat->weights.perVertex[v][i].joint, plain->weights.perVertex[v][i].joint);
  }
}

/// Share of the source vertices whose strongest joint is `joint`.
double dominantShare(const SkinWeights& w, int joint) {
  int count = 0;
  for (const auto& influences : w.perVertex)
    if (!influences.empty() && influences.front().joint == joint) ++count;
  return double(count) / double(w.vertexCount());
}

// A short end bone branching off the side of a body bone, just under the surface (an ear, a
// face bone): §4 gives it the whole flank it is nearest to; limited to its neighbourhood it
// leaves the flank to the body, as artists do.
TEST(BoneHeat, ShortSideBranchLeafKeepsToItsNeighbourhood) {
  Character c;
  c.mesh = buildMesh(test::capsuleCreature({{{0, 0, 0}, {0, 1, 0}, 0.25}}, 0.02, 0.01));
  Skeleton& s = c.skeleton;
  s.joints.push_back(test::makeJoint("body", -1, s, {0, 0, 0}, {0, 1, 0}));
  s.joints.push_back(test::makeJoint("ear", 0, s, {0.15, 0.6, 0}, {0.24, 0.64, 0}));
  s.joints.push_back(test::makeJoint("head", 0, s, {0, 1, 0}, {0, 1.2, 0}));
  BoneHeatParams plain;
  plain.terminalChainReach = 0.0;
  Expected<BoneHeatResult> published = boneHeatWeights(c.mesh, s, plain);
  Expected<BoneHeatResult> limited = boneHeatWeights(c.mesh, s);
  ASSERT_TRUE(published) << published.error().message;
  ASSERT_TRUE(limited) << limited.error().message;
  const double before = dominantShare(published->weights, 1),
               after = dominantShare(limited->weights, 1);
  std::cout << "[ measured ] vertices led by the side leaf: " << 100 * before << " % -> "
            << 100 * after << " %\n";
  EXPECT_GT(before, 0.03);
  EXPECT_LT(after, 0.25 * before);
  // The surface right over the leaf is still its own.
  const int over = sourceVertexNear(c.mesh, {0.25, 0.64, 0});
  EXPECT_GT(weightOf(limited->weights.perVertex[over], 1), 0.5);
  // The leaf continuing the body from its tail (a head on a neck) is not limited: the top is
  // its own.
  const int top = sourceVertexNear(c.mesh, {0, 1.25, 0});
  EXPECT_GT(weightOf(limited->weights.perVertex[top], 2), 0.9);
  // The only end chain of its parent is not limited (a neck and head on a chest whose other
  // children branch further): without the head leaf, the side leaf leads as with plain §4.
  Skeleton single = s;
  single.joints[2] = test::makeJoint("arm", 0, s, {0, 1, 0}, {0.1, 1.1, 0});
  single.joints.push_back(test::makeJoint("finger1", 2, single, {0.1, 1.1, 0}, {0.15, 1.1, 0}));
  single.joints.push_back(test::makeJoint("finger2", 2, single, {0.1, 1.1, 0}, {0.1, 1.15, 0}));
  Expected<BoneHeatResult> alone = boneHeatWeights(c.mesh, single);
  Expected<BoneHeatResult> alonePlain = boneHeatWeights(c.mesh, single, plain);
  ASSERT_TRUE(alone && alonePlain);
  EXPECT_EQ(dominantShare(alone->weights, 1), dominantShare(alonePlain->weights, 1));
}

// A leaf bone a file gives no tail (glTF, FBX), its joint's Y axis across its part as tools
// other than Blender leave it (a head's, a toe's): it is turned to go on from its parent and
// reaches the end of its part, so the part's end is its own, not split with the parent.
TEST(BoneHeat, ALeafWithoutATailReachesTheEndOfItsPart) {
  Character c;
  c.mesh = buildMesh(test::capsuleCreature({{{0, 0, 0}, {3, 0, 0}, 0.2}}, 0.03, 0.01));
  Skeleton& s = c.skeleton;
  s.joints.push_back(test::makeJoint("upper", -1, s, {0, 0, 0}, {1, 0, 0}));
  s.joints.push_back(test::makeJoint("lower", 0, s, {1, 0, 0}, {2, 0, 0}));
  Joint leaf = test::makeJoint("end", 1, s, {2, 0, 0}, {2, 0, 0});
  leaf.tail.reset();  // guessed: along its Y axis, across the limb (out of the surface)
  s.joints.push_back(leaf);
  ASSERT_TRUE(s.boneShape(2).tail.isApprox(Eigen::Vector3d(2, 0.5, 0)));
  BoneHeatParams guessed;
  guessed.maxLeafStretch = 1.0;
  Expected<BoneHeatResult> before = boneHeatWeights(c.mesh, s, guessed);
  Expected<BoneHeatResult> after = boneHeatWeights(c.mesh, s);
  ASSERT_TRUE(before && after);
  int end = 0, ownedBefore = 0, ownedAfter = 0;
  for (int v = 0; v < after->weights.vertexCount(); ++v) {
    if (c.mesh.source.positions[v].x() < 2.5) continue;
    ++end;
    ownedBefore += weightOf(before->weights.perVertex[v], 2) > 0.9;
    ownedAfter += weightOf(after->weights.perVertex[v], 2) > 0.9;
  }
  std::cout << "[ measured ] limb end (" << end
            << " vertices) owned by its leaf bone: " << ownedBefore << " with the guessed tail, "
            << ownedAfter << " reaching the end\n";
  ASSERT_GT(end, 50);
  EXPECT_EQ(ownedAfter, end);
  EXPECT_LT(ownedBefore, end / 2);
}

// A pelvis whose two thighs hang from it: the skin between them (the crotch, the lower belly)
// is the pelvis bone's, not split between the thighs, as artists paint it.
TEST(BoneHeat, TheSkinBetweenPairedChildrenBelongsToTheirParent) {
  Character c;
  c.mesh = buildMesh(test::capsuleCreature({{{0, 1.0, 0}, {0, 1.5, 0}, 0.2},
                                            {{0.12, 1.0, 0}, {0.12, 0.3, 0}, 0.09},
                                            {{-0.12, 1.0, 0}, {-0.12, 0.3, 0}, 0.09}},
                                           0.015, 0.03));
  Skeleton& s = c.skeleton;
  s.joints.push_back(test::makeJoint("hips", -1, s, {0, 1.0, 0}, {0, 1.15, 0}));
  s.joints.push_back(test::makeJoint("spine", 0, s, {0, 1.15, 0}, {0, 1.5, 0}));
  s.joints.push_back(test::makeJoint("thigh.L", 0, s, {0.12, 0.95, 0}, {0.12, 0.55, 0}));
  s.joints.push_back(test::makeJoint("thigh.R", 0, s, {-0.12, 0.95, 0}, {-0.12, 0.55, 0}));
  BoneHeatParams noRims;
  noRims.pairedChildTolerance = 0.0;
  Expected<BoneHeatResult> with = boneHeatWeights(c.mesh, s);
  Expected<BoneHeatResult> without = boneHeatWeights(c.mesh, s, noRims);
  ASSERT_TRUE(with && without);
  // The crotch: the skin between the thighs just below their heads, all round.
  int between = 0, hipsWith = 0, hipsWithout = 0;
  for (int v = 0; v < with->weights.vertexCount(); ++v) {
    const Eigen::Vector3d& p = c.mesh.source.positions[v];
    if (std::abs(p.x()) > 0.05 || p.y() < 0.78 || p.y() > 0.9) continue;
    ++between;
    hipsWith += dominantJoint(with->weights.perVertex[v]) == 0;
    hipsWithout += dominantJoint(without->weights.perVertex[v]) == 0;
  }
  std::cout << "[ measured ] skin between the thighs (" << between
            << " vertices) led by the hips: " << hipsWithout << " without the rim, " << hipsWith
            << " with it\n";
  ASSERT_GT(between, 20);
  // Measured 463 of 902 without the rim, 511 with it (heat constant 1.5; 411 and 495 at 1.0,
  // where blends are wider and the rim's share larger).
  EXPECT_GT(hipsWith, 0.5 * between);
  EXPECT_GT(hipsWith, 1.08 * hipsWithout);
}

// A hand resting on a thigh (one blended surface where they touch): the hand carries no thigh
// weight and the thigh no hand weight (3 links apart through the hips).
TEST(BoneHeat, TouchingPartsDoNotShareWeights) {
  Character c;
  c.mesh = buildMesh(test::capsuleCreature({{{0, 1.0, 0}, {0, 1.3, 0}, 0.12},
                                            {{0.1, 1.0, 0}, {0.1, 0.4, 0}, 0.08},
                                            {{0.1, 1.3, 0}, {0.3, 1.0, 0}, 0.04},
                                            {{0.3, 1.0, 0}, {0.2, 0.72, 0}, 0.04}},
                                           0.015, 0.01));
  Skeleton& s = c.skeleton;
  s.joints.push_back(test::makeJoint("hips", -1, s, {0, 1.0, 0}, {0, 1.3, 0}));
  s.joints.push_back(test::makeJoint("thigh", 0, s, {0.1, 1.0, 0}, {0.1, 0.4, 0}));
  s.joints.push_back(test::makeJoint("arm", 0, s, {0.1, 1.3, 0}, {0.3, 1.0, 0}));
  s.joints.push_back(test::makeJoint("hand", 2, s, {0.3, 1.0, 0}, {0.2, 0.72, 0}));
  Expected<BoneHeatResult> heat = boneHeatWeights(c.mesh, s);
  ASSERT_TRUE(heat) << heat.error().message;
  int handVertices = 0, thighVertices = 0;
  for (int v = 0; v < heat->weights.vertexCount(); ++v) {
    const std::vector<Influence>& w = heat->weights.perVertex[v];
    const double hand = weightOf(w, 3), thigh = weightOf(w, 1);
    if (hand > 0.5) {
      ++handVertices;
      EXPECT_LT(thigh, 0.05) << "hand vertex " << v;
    }
    if (thigh > 0.5) {
      ++thighVertices;
      EXPECT_LT(hand, 0.05) << "thigh vertex " << v;
    }
  }
  EXPECT_GT(handVertices, 50);
  EXPECT_GT(thighVertices, 200);
}

// A mitten rig: one finger chain down the middle finger of three. The side fingers hold no
// bone; every bone that should move them lies across the gap to the middle finger, and §4
// heats them from the hand they see through the palm. Artists give each finger's segment the
// chain's bone at its level: the side fingers' tips move with the last finger bone.
TEST(BoneHeat, SideFingersOfAMittenRigMoveWithTheFingerChain) {
  Character c;
  std::vector<test::Capsule> parts = {{{0, 0, 0}, {0, -0.3, 0}, 0.13}};
  for (double x : {-0.1, 0.0, 0.1}) parts.push_back({{x, -0.3, 0}, {x, -0.7, 0}, 0.035});
  c.mesh = buildMesh(test::capsuleCreature(parts, 0.015, 0.01));
  Skeleton& s = c.skeleton;
  s.joints.push_back(test::makeJoint("hand", -1, s, {0, 0.1, 0}, {0, -0.3, 0}));
  s.joints.push_back(test::makeJoint("finger1", 0, s, {0, -0.3, 0}, {0, -0.5, 0}));
  s.joints.push_back(test::makeJoint("finger2", 1, s, {0, -0.5, 0}, {0, -0.7, 0}));
  BoneHeatParams plain;
  plain.boneless.holdingRadii = 0.0;
  Expected<BoneHeatResult> before = boneHeatWeights(c.mesh, s, plain);
  Expected<BoneHeatResult> after = boneHeatWeights(c.mesh, s);
  ASSERT_TRUE(before && after);
  // Side-finger skin by level: the tips (past the last joint) and the middle segments.
  int tips = 0, mids = 0, tipsBefore = 0, tipsAfter = 0, midsBefore = 0, midsAfter = 0;
  for (int v = 0; v < after->weights.vertexCount(); ++v) {
    const Eigen::Vector3d& p = c.mesh.source.positions[v];
    if (std::abs(p.x()) < 0.07) continue;
    if (p.y() < -0.55) {
      ++tips;
      tipsBefore += weightOf(before->weights.perVertex[v], 2) > 0.5;
      tipsAfter += weightOf(after->weights.perVertex[v], 2) > 0.5;
    } else if (p.y() < -0.37 && p.y() > -0.45) {
      ++mids;
      midsBefore += weightOf(before->weights.perVertex[v], 1) > 0.5;
      midsAfter += weightOf(after->weights.perVertex[v], 1) > 0.5;
    }
  }
  std::cout << "[ measured ] side fingertips led by the last finger bone: " << tipsBefore << " -> "
            << tipsAfter << " of " << tips << "; middle segments led by the first: " << midsBefore
            << " -> " << midsAfter << " of " << mids << "; " << after->report.bonelessVertices
            << " boneless vertices\n";
  ASSERT_GT(tips, 50);
  ASSERT_GT(mids, 50);
  EXPECT_LT(tipsBefore, tips / 4);
  EXPECT_GT(tipsAfter, 0.9 * tips);
  EXPECT_GT(midsAfter, 0.8 * mids);
  EXPECT_GT(after->report.bonelessVertices, 0);
  // The palm holds the hand bone: it stays the hand's.
  const int palm = sourceVertexNear(c.mesh, {0.13, -0.1, 0});
  EXPECT_GT(weightOf(after->weights.perVertex[palm], 0), 0.9);
}

TEST(BoneHeat, BadInputIsAnErrorNotACrash) {
  Character c = test::riggedHumanoid(0.06);
  Skeleton none;
  EXPECT_FALSE(boneHeatWeights(c.mesh, none));
  Skeleton controlsOnly = c.skeleton;
  for (Joint& j : controlsOnly.joints) j.deform = false;
  EXPECT_FALSE(boneHeatWeights(c.mesh, controlsOnly));
  EXPECT_FALSE(boneHeatWeights(Mesh{}, c.skeleton));
  Skeleton nan = c.skeleton;
  nan.joints[3].tail = Eigen::Vector3d(std::nan(""), 0, 0);
  EXPECT_FALSE(boneHeatWeights(c.mesh, nan));
}

TEST(WeightLimits, SmoothRampAndInfluenceLimit) {
  std::vector<Influence> w = {{0, 0.5},  {1, 0.2},   {2, 0.15}, {3, 0.1},
                              {4, 0.04}, {5, 0.005}, {6, 0.005}};
  EXPECT_EQ(pruneInfluences(w, 0.01, 0.03), 2);
  double sum = 0;
  for (const Influence& i : w) sum += i.weight;
  EXPECT_NEAR(sum, 1.0, 1e-12);
  EXPECT_TRUE(limitInfluences(w, 4));
  ASSERT_EQ(w.size(), 4u);
  EXPECT_EQ(w[0].joint, 0);
  EXPECT_EQ(w[3].joint, 3);
  sum = 0;
  for (const Influence& i : w) sum += i.weight;
  EXPECT_NEAR(sum, 1.0, 1e-12);
  // The ramp is continuous: a weight just above the threshold is scaled to almost nothing.
  std::vector<Influence> a = {{0, 0.9899}, {1, 0.0101}}, b = {{0, 0.9901}, {1, 0.0099}};
  pruneInfluences(a, 0.01, 0.03);
  pruneInfluences(b, 0.01, 0.03);
  ASSERT_EQ(b.size(), 1u);
  ASSERT_EQ(a.size(), 2u);
  EXPECT_LT(a[1].weight, 1e-5);
  // Eight equal influences: none is tiny, the limit keeps four at 1/4 each.
  std::vector<Influence> even;
  for (int k = 0; k < 8; ++k) even.push_back({k, 0.125});
  EXPECT_EQ(pruneInfluences(even, 0.01, 0.03), 0);
  EXPECT_TRUE(limitInfluences(even, 4));
  for (const Influence& i : even) EXPECT_DOUBLE_EQ(i.weight, 0.25);
}

}  // namespace
}  // namespace rw

namespace rw {
namespace {

bool sameWeights(const SkinWeights& a, const SkinWeights& b) {
  if (a.vertexCount() != b.vertexCount()) return false;
  for (int v = 0; v < a.vertexCount(); ++v) {
    if (a.perVertex[v].size() != b.perVertex[v].size()) return false;
    for (std::size_t k = 0; k < a.perVertex[v].size(); ++k)
      if (a.perVertex[v][k].joint != b.perVertex[v][k].joint ||
          a.perVertex[v][k].weight != b.perVertex[v][k].weight)
        return false;
  }
  return true;
}

TEST(BoneHeat, ASurfacePreparedAheadGivesTheSameWeightsAndAnotherMeshsIsIgnored) {
  // BCN: a body, loose parts, round eyes bound to their joints (prepared too, unused).
  Character bcn;
  ASSERT_TRUE(test::loadModel("X/BCN_Epileptic.X", bcn));
  const Expected<BoneHeatResult> plain = boneHeatWeights(bcn.mesh, bcn.skeleton);
  ASSERT_TRUE(plain) << plain.error().message;
  ASSERT_GT(plain->report.pivotParts, 0);
  const Expected<BoneHeatResult> ahead =
      boneHeatWeights(bcn.mesh, bcn.skeleton, {}, nullptr, prepareSkinSurface(bcn.mesh));
  ASSERT_TRUE(ahead) << ahead.error().message;
  EXPECT_TRUE(sameWeights(plain->weights, ahead->weights));
  EXPECT_EQ(ahead->report.pivotParts, plain->report.pivotParts);

  const Character other = test::riggedHumanoid();
  const Expected<BoneHeatResult> mismatched =
      boneHeatWeights(bcn.mesh, bcn.skeleton, {}, nullptr, prepareSkinSurface(other.mesh));
  ASSERT_TRUE(mismatched) << mismatched.error().message;
  EXPECT_TRUE(sameWeights(plain->weights, mismatched->weights));
}

}  // namespace
}  // namespace rw

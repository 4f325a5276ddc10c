// Matching two rigs of one four-legged body: limbs that stand on the floor in both rests, matched
// joint to joint by height (StandingLimbParams) and left in their rest posture
// (RetargetParams::standingLimbsKeepPosture); tails, matched along their length.
// Two rigs of one cow, as two studios cut its legs: one runs its first leg bone from the hip to
// the stifle (a femur), the other names the stifle-to-hock bone the thigh and puts a "leg top"
// bone before it. Positions in fractions of the cow's height, from the development corpus's cattle
// (the artist's rig and the bundled quadruped placed in the same mesh).
#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>
#include <string>
#include <vector>

#include "io/rig_json.h"
#include "motion/joint_correspondence.h"
#include "motion/retarget_motion.h"
#include "motion/standing_limb_match.h"
#include "support/real_models.h"

using namespace rw;
using Eigen::Vector3d;

namespace {

struct JointAt {
  std::string name, parent;
  Vector3d at;
};

/// A skeleton from joints' rest positions in character space (rest rotations identity).
Skeleton skeletonAt(const std::vector<JointAt>& spec) {
  Skeleton s;
  for (const JointAt& j : spec) {
    Joint joint;
    joint.name = j.name;
    joint.parent = j.parent.empty() ? -1 : s.indexOf(j.parent);
    const Vector3d parentAt = joint.parent < 0 ? Vector3d::Zero() : spec[joint.parent].at;
    joint.restLocal = Transform::Identity();
    joint.restLocal.translation() = j.at - parentAt;
    s.joints.push_back(joint);
  }
  return s;
}

/// Left joints as given, right joints mirrored (name suffix _L -> _R).
std::vector<JointAt> mirrored(std::vector<JointAt> spec) {
  const std::size_t n = spec.size();
  for (std::size_t i = 0; i < n; ++i) {
    const JointAt& j = spec[i];
    auto right = [](std::string name) {
      if (name.size() > 2 && name.substr(name.size() - 2) == "_L")
        name.replace(name.size() - 2, 2, "_R");
      return name;
    };
    if (right(j.name) == j.name) continue;
    spec.push_back({right(j.name), right(j.parent), {-j.at.x(), j.at.y(), j.at.z()}});
  }
  return spec;
}

/// The artist's cut: hip bone (femur) "RearLegTop", then "RearThigh" (tibia) from the stifle,
/// "RearCalf" (cannon) from the hock, "RearFoot" from the fetlock; in front "FrontLegTop"
/// (humerus) from the point of the shoulder.
std::vector<JointAt> artistCowSpec() {
  return mirrored({{"pelvis", "", {0, .784, -.257}},
                   {"spine", "pelvis", {0, .901, -.058}},
                   {"chest", "spine", {0, .859, .275}},
                   {"neck", "chest", {0, .746, .506}},
                   {"head", "neck", {0, .817, .723}},
                   {"SpineBottom", "pelvis", {0, .92, -.27}},
                   {"Tail", "SpineBottom", {0, .84, -.40}},
                   {"TailMid", "Tail", {0, .70, -.44}},
                   {"TailTip", "TailMid", {0, .45, -.46}},
                   {"FrontLegTop_L", "chest", {.08, .622, .442}},
                   {"FrontThigh_L", "FrontLegTop_L", {.137, .58, .367}},
                   {"FrontCalf_L", "FrontThigh_L", {.133, .267, .367}},
                   {"FrontFoot_L", "FrontCalf_L", {.134, .073, .348}},
                   {"RearLegTop_L", "pelvis", {.0, .784, -.257}},
                   {"RearThigh_L", "RearLegTop_L", {.133, .649, -.24}},
                   {"RearCalf_L", "RearThigh_L", {.133, .321, -.413}},
                   {"RearFoot_L", "RearCalf_L", {.133, .072, -.387}}});
}
Skeleton artistCow() {
  return skeletonAt(artistCowSpec());
}

/// The template's cut: thigh from the hip, shin from the stifle, foot from the hock, toe from
/// the fetlock; in front the same names behind "front".
std::vector<JointAt> templateCowSpec() {
  return mirrored({{"hips", "", {0, .83, -.329}},
                   {"spine", "hips", {0, .801, -.137}},
                   {"chest", "spine", {0, .793, .341}},
                   {"neck", "chest", {0, .783, .507}},
                   {"head", "neck", {0, .767, .747}},
                   {"tail.01", "hips", {0, .80, -.427}},
                   {"tail.02", "tail.01", {0, .70, -.55}},
                   {"tail.03", "tail.02", {0, .57, -.567}},
                   {"tail.04", "tail.03", {0, .427, -.56}},
                   {"front_thigh_L", "chest", {.099, .74, .345}},
                   {"front_shin_L", "front_thigh_L", {.118, .463, .358}},
                   {"front_foot_L", "front_shin_L", {.129, .201, .362}},
                   {"front_toe_L", "front_foot_L", {.14, .054, .379}},
                   {"thigh_L", "hips", {.113, .807, -.331}},
                   {"shin_L", "thigh_L", {.124, .53, -.363}},
                   {"foot_L", "shin_L", {.13, .256, -.405}},
                   {"toe_L", "foot_L", {.133, .077, -.387}}});
}
Skeleton templateCow() {
  return skeletonAt(templateCowSpec());
}

/// `spec` with its one neck joint cut in two, at `first` and `second`.
std::vector<JointAt> withTwoNeckJoints(std::vector<JointAt> spec, const Vector3d& first,
                                       const Vector3d& second) {
  for (JointAt& j : spec) {
    if (j.name == "neck") j = {"neck1", j.parent, first};
    if (j.parent == "neck") j.parent = "neck2";
  }
  const auto neck1 =
      std::find_if(spec.begin(), spec.end(), [](const JointAt& j) { return j.name == "neck1"; });
  spec.insert(neck1 + 1, {"neck2", "neck1", second});
  return spec;
}

std::string sourceOf(const JointCorrespondence& map, const Skeleton& source, const Skeleton& target,
                     const std::string& joint) {
  const int s = map.sourceOf.at(target.indexOf(joint));
  return s < 0 ? "(none)" : source.joints[s].name;
}

}  // namespace

TEST(FourLeggedMatch, TwoCutsOfACowsLegsMatchJointToJointByHeight) {
  const Skeleton artist = artistCow(), ours = templateCow();
  Expected<JointCorrespondence> map = matchJoints(artist, ours);
  ASSERT_TRUE(map) << map.error().message;
  for (int k = 0; k < 4; ++k) EXPECT_TRUE(map->standsInBoth[k]) << "limb " << k;
  for (const char* side : {"_L", "_R"}) {
    auto is = [&](const std::string& target, const std::string& source) {
      EXPECT_EQ(sourceOf(*map, artist, ours, target + side), source + side) << target;
    };
    // Hip to hip, stifle to stifle, hock to hock, fetlock to fetlock.
    is("thigh", "RearLegTop");
    is("shin", "RearThigh");
    is("foot", "RearCalf");
    is("toe", "RearFoot");
    is("front_thigh", "FrontLegTop");
    is("front_shin", "FrontThigh");
    is("front_foot", "FrontCalf");
    is("front_toe", "FrontFoot");
  }
  // Role to role (the two longest bones are upper and lower), the template's stifle played the
  // artist's hock: its knee bent at the hock.
  JointMatchParams byRoles;
  byRoles.standingLimbs.enabled = false;
  Expected<JointCorrespondence> roles = matchJoints(artist, ours, {}, byRoles);
  ASSERT_TRUE(roles);
  EXPECT_EQ(sourceOf(*roles, artist, ours, "shin_L"), "RearCalf_L");
  EXPECT_EQ(sourceOf(*roles, artist, ours, "front_shin_L"), "FrontCalf_L");
}

TEST(FourLeggedMatch, MocapLegsKeepTheirRolesAndHangingArmsDoNotStand) {
  // CMU's leg has a hip bone from the pelvis (LHipJoint) before the thigh: height and role
  // agree that the thigh is LeftUpLeg. Arms hang: matched by role.
  Character cmu;
  ASSERT_TRUE(rw::test::loadModel("BVH/01_01.bvh", cmu));
  Expected<RigDocument> rig =
      readRigJson(std::string(RIGWRIGHT_SKELETONS_DIR) + "/biped_production.json");
  ASSERT_TRUE(rig) << rig.error().message;
  const Skeleton& biped = rig->skeleton;
  Expected<JointCorrespondence> map = matchJoints(cmu.skeleton, biped);
  ASSERT_TRUE(map) << map.error().message;
  EXPECT_TRUE(map->standsInBoth[0]);
  EXPECT_TRUE(map->standsInBoth[1]);
  EXPECT_FALSE(map->standsInBoth[2]);
  EXPECT_FALSE(map->standsInBoth[3]);
  EXPECT_EQ(sourceOf(*map, cmu.skeleton, biped, "thigh.L"), "LeftUpLeg");
  EXPECT_EQ(sourceOf(*map, cmu.skeleton, biped, "shin.L"), "LeftLeg");
  EXPECT_EQ(sourceOf(*map, cmu.skeleton, biped, "foot.L"), "LeftFoot");
  EXPECT_EQ(sourceOf(*map, cmu.skeleton, biped, "toe.R"), "RightToeBase");
  EXPECT_EQ(sourceOf(*map, cmu.skeleton, biped, "upperarm.L"), "LeftArm");
  EXPECT_EQ(sourceOf(*map, cmu.skeleton, biped, "forearm.R"), "RightForeArm");
}

TEST(FourLeggedMatch, AClipHoldingTheRestPoseLeavesStandingLegsInTheirRest) {
  // The artist's rest held for a second, onto the template whose hind hips sit further forward
  // (a placement, not a posture: both legs stand). Every limb turn kept (thresholds at 0), the
  // standing legs alone keep their rest.
  const Skeleton artist = artistCow();
  Skeleton ours = templateCow();
  for (const char* side : {"thigh_L", "thigh_R"})
    ours.joints[ours.indexOf(side)].restLocal.translation().z() += 0.2;
  for (const char* side : {"shin_L", "shin_R"})
    ours.joints[ours.indexOf(side)].restLocal.translation().z() -= 0.2;
  AnimationClip hold;
  hold.name = "hold";
  hold.duration = 1.0;
  JointChannel root;
  root.joint = artist.indexOf("pelvis");
  root.translation = {{0.0, artist.joints[root.joint].restLocal.translation()},
                      {1.0, artist.joints[root.joint].restLocal.translation()}};
  hold.channels.push_back(root);
  Expected<JointCorrespondence> map = matchJoints(artist, ours);
  ASSERT_TRUE(map);
  RetargetParams params;
  params.sourceRestStands = true;
  params.limbPostureMinDegrees = params.limbPostureFullDegrees = 0.0;
  auto thighTurn = [&](const RetargetParams& p) {
    Expected<RetargetResult> r = retargetMotion(artist, hold, ours, *map, p);
    EXPECT_TRUE(r) << (r ? "" : r.error().message);
    if (!r) return -1.0;
    const std::vector<Transform> locals = r->clip.sampleLocals(ours, 0.5);
    const int thigh = ours.indexOf("thigh_L");
    const Eigen::Quaterniond now(locals[thigh].rotation());
    const Eigen::Quaterniond rest(ours.joints[thigh].restLocal.rotation());
    return now.angularDistance(rest) * 180.0 / M_PI;
  };
  EXPECT_LT(thighTurn(params), 1.0);
  RetargetParams turned = params;
  turned.standingLimbsKeepPosture = false;
  EXPECT_GT(thighTurn(turned), 10.0);
}

TEST(FourLeggedMatch, TailsMatchAlongTheirLength) {
  // Neither tail is named alike ("Tail", "tail.01"): the centre chain from the root that
  // reaches away from the chest. Tip to tip, the rest by where they are along the tail.
  const Skeleton artist = artistCow(), ours = templateCow();
  Expected<JointCorrespondence> map = matchJoints(artist, ours);
  ASSERT_TRUE(map) << map.error().message;
  ASSERT_EQ(map->source.tail.size(), 4u);
  ASSERT_EQ(map->target.tail.size(), 4u);
  EXPECT_EQ(sourceOf(*map, artist, ours, "tail.04"), "TailTip");
  EXPECT_EQ(sourceOf(*map, artist, ours, "tail.01"), "SpineBottom");
  for (const char* t : {"tail.02", "tail.03"})
    EXPECT_NE(sourceOf(*map, artist, ours, t), "(none)") << t;
  // A biped has none: its legs, spine and neck take every chain from the pelvis.
  Expected<RigDocument> biped =
      readRigJson(std::string(RIGWRIGHT_SKELETONS_DIR) + "/biped_production.json");
  ASSERT_TRUE(biped);
  EXPECT_TRUE(analyzeBodyLayout(biped->skeleton).tail.empty());
}

TEST(FourLeggedMatch, AForelegSwingCarriesTheOtherRigsForefootWithIt) {
  // The artist's foreleg swings 30 degrees forward from the shoulder. The template's forefoot
  // joint (its carpus), placed 7% of the height from the artist's in the same body, goes where
  // the artist's limb carries that point (RetargetParams::standingEndsFollowSource); rotations
  // alone carry it by the template's own bones, placed elsewhere.
  const Skeleton artist = artistCow(), ours = templateCow();
  const int shoulder = artist.indexOf("FrontLegTop_L");
  AnimationClip swing;
  swing.name = "swing";
  swing.duration = 1.0;
  JointChannel turn;
  turn.joint = shoulder;
  const Eigen::Quaterniond rest(artist.joints[shoulder].restLocal.rotation());
  const Eigen::Quaterniond forward(Eigen::AngleAxisd(30.0 * M_PI / 180.0, Vector3d::UnitX()));
  turn.rotation = {{0.0, rest}, {1.0, forward * rest}};
  swing.channels.push_back(turn);
  Expected<JointCorrespondence> map = matchJoints(artist, ours);
  ASSERT_TRUE(map);
  const int foot = ours.indexOf("front_foot_L"), carpus = artist.indexOf("FrontCalf_L");
  ASSERT_EQ(map->sourceOf[foot], carpus);
  RetargetParams params;
  params.sourceRestStands = true;
  params.pinFeet = true;
  auto missAtTheEnd = [&](const RetargetParams& p) {
    Expected<RetargetResult> r = retargetMotion(artist, swing, ours, *map, p);
    EXPECT_TRUE(r) << (r ? "" : r.error().message);
    if (!r) return -1.0;
    const int last = r->frames - 1;
    // The template's carpus at rest, carried by the artist's turned limb: the bone's travel
    // scaled (the two rigs' leg lengths), the turn of the point about it in the body's units.
    const Vector3d restPoint = ours.restGlobals()[foot].translation();
    const Vector3d boneRest = artist.restGlobals()[carpus].translation();
    const Vector3d pivot = artist.restGlobals()[shoulder].translation();
    const Eigen::Matrix3d R = forward.toRotationMatrix();
    const Vector3d boneNow = pivot + R * (boneRest - pivot);
    Vector3d expected = restPoint + r->scale * (boneNow - boneRest) +
                        (R * (restPoint - boneRest) - (restPoint - boneRest));
    const Vector3d got = r->target(last, foot);
    Eigen::Vector2d miss(got.x() - expected.x(), got.z() - expected.z());
    return miss.norm();
  };
  RetargetParams rotationsOnly = params;
  rotationsOnly.standingEndsFollowSource = false;
  const double followed = missAtTheEnd(params), rotated = missAtTheEnd(rotationsOnly);
  std::cout << "forefoot off the artist's limb in the ground plane (fraction of the height): "
            << followed << " followed, " << rotated << " by rotations alone\n";
  EXPECT_LT(followed, 0.005);  // the ground plane, IK-exact
  EXPECT_GT(rotated, 0.02);
}

TEST(FourLeggedMatch, APlantedFootSlidingWithTheArtistsSlidesOnTheOtherRig) {
  // The artist's hind foot stays on the ground and slides back slowly under the body, as in a
  // walk played in place: slow enough to read as planted. Pinned where it stood, the other rig's
  // foot held still ahead of the artist's; following the artist's limb, it slides with it.
  const Skeleton artist = artistCow(), ours = templateCow();
  const int shoulder = artist.indexOf("RearLegTop_L");
  AnimationClip slide;
  slide.name = "slide";
  slide.duration = 1.0;
  JointChannel back;
  back.joint = shoulder;
  const Vector3d at = artist.joints[shoulder].restLocal.translation();
  for (int i = 0; i <= 10; ++i)
    back.translation.push_back({0.1 * i, at - Vector3d(0, 0, 0.01 * i)});
  slide.channels.push_back(back);
  Expected<JointCorrespondence> map = matchJoints(artist, ours);
  ASSERT_TRUE(map);
  const int foot = ours.indexOf("foot_L");
  RetargetParams params;
  params.sourceRestStands = true;
  auto travel = [&](const RetargetParams& p) {
    Expected<RetargetResult> r = retargetMotion(artist, slide, ours, *map, p);
    EXPECT_TRUE(r) << (r ? "" : r.error().message);
    if (!r) return 0.0;
    EXPECT_FALSE(r->contacts.empty()) << "the sliding foot reads as planted";
    return r->target(0, foot).z() - r->target(r->frames - 1, foot).z();
  };
  RetargetParams pinned = params;
  pinned.standingEndsFollowSource = false;
  const double followed = travel(params), held = travel(pinned);
  std::cout << "foot slid back " << followed << " following, " << held
            << " pinned (the artist's: 0.1)\n";
  EXPECT_NEAR(followed, 0.1, 0.02);
  EXPECT_LT(std::abs(held), 0.05);
}

TEST(FourLeggedMatch, NeckJointsPairInTheirOrder) {
  // Two cuts of one neck into two joints: the artist's first joint far up the neck, ours a
  // third of the way. Paired nearest first by their places along the necks, the artist's first
  // (0.77 of the way) took our second (0.64) and its second our first: our neck bent where the
  // artist's did not. In order, first drives first.
  const Skeleton artist =
      skeletonAt(withTwoNeckJoints(artistCowSpec(), {0, .80, .62}, {0, .81, .68}));
  const Skeleton ours =
      skeletonAt(withTwoNeckJoints(templateCowSpec(), {0, .78, .45}, {0, .775, .60}));
  Expected<JointCorrespondence> map = matchJoints(artist, ours);
  ASSERT_TRUE(map) << map.error().message;
  ASSERT_EQ(map->target.neck.size(), 3u);
  EXPECT_EQ(sourceOf(*map, artist, ours, "neck1"), "neck1");
  EXPECT_EQ(sourceOf(*map, artist, ours, "neck2"), "neck2");
  EXPECT_EQ(sourceOf(*map, artist, ours, "head"), "head");
  // The cow with one neck joint against ours with two: it drives the nearer, the other follows.
  Expected<JointCorrespondence> shorter = matchJoints(artistCow(), ours);
  ASSERT_TRUE(shorter) << shorter.error().message;
  EXPECT_EQ(sourceOf(*shorter, artistCow(), ours, "neck1"), "(none)");
  EXPECT_EQ(sourceOf(*shorter, artistCow(), ours, "neck2"), "neck");
}

// Two rigs may number one leg's roles from different starts (body_layout.h: the two longest
// consecutive bones are upper and lower): a corpus horse's hind leg runs hip, stifle, hock,
// fetlock, hoof as roles 0-4, the bundled quadruped's hip, stifle, hock, toe as roles 1-4.
// Counted as disagreeing all down the leg, the roles outweighed the heights and put our hock
// on the horse's fetlock (its walk 2.6 -> 4.3% of its height off); numbered from the tops, they
// agree. Heights as placed in the corpus's horse_barb, fractions of its height.
TEST(FourLeggedMatch, RolesNumberedFromDifferentTopsAgreeAsTheTopsDo) {
  const StandingProfile horse{
      {26, 27, 28, 29, 30}, {0.604, 0.449, 0.272, 0.096, 0.039}, {0, 1, 2, 3, 4}};
  const StandingProfile ours{{17, 18, 19, 20}, {0.621, 0.413, 0.186, 0.062}, {1, 2, 3, 4}};
  const std::vector<std::pair<int, int>> pairs = alignStandingLimbs(horse, ours, {});
  const std::vector<std::pair<int, int>> expected = {{26, 17}, {27, 18}, {28, 19}, {29, 20}};
  EXPECT_EQ(pairs, expected) << "hip, stifle, hock, fetlock on hip, stifle, hock, toe";
  // Tops numbered alike (a rhino's three joints from the hip, roles 1-3, against our four):
  // the roles as they are, our top on its top.
  const StandingProfile rhino{{18, 19, 20}, {0.662, 0.342, 0.069}, {1, 2, 3}};
  const StandingProfile high{{17, 18, 19, 20}, {0.797, 0.518, 0.226, 0.068}, {1, 2, 3, 4}};
  const std::vector<std::pair<int, int>> tops = alignStandingLimbs(rhino, high, {});
  ASSERT_FALSE(tops.empty());
  EXPECT_EQ(tops.front(), std::make_pair(18, 17));
}

// The head node found without help (field/auto_head.h, issue 20): the top of an upright
// character's head, the front of a four-legged one's — not a horn, a hump or a raised tail.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>

#include "field/auto_head.h"
#include "field/harmonic_field.h"
#include "field/head_vertex.h"
#include "field/mirror_plane.h"
#include "skeleton/skeleton.h"
#include "support/implicit_meshes.h"
#include "support/real_models.h"

using namespace rw;
using namespace rw::test;

namespace {

using Turn = std::function<Eigen::Vector3d(const Eigen::Vector3d&)>;

Creature turned(Creature c, const Turn& turn) {
  for (Capsule& k : c.capsules) k.a = turn(k.a), k.b = turn(k.b);
  c.headTop = turn(c.headTop);
  return c;
}

/// Distance from the auto head to `expected`, as a fraction of the creature's height.
double autoHeadOffset(const Creature& c, const Eigen::Vector3d& expected, std::string* reason) {
  const Mesh mesh = buildMesh(capsuleCreature(c.capsules, 0.025));
  const Expected<AutoHead> head = findHeadVertex(mesh);
  EXPECT_TRUE(bool(head));
  if (!head) return 1e9;
  *reason = head->reason;
  return (mesh.positions[head->vertex] - expected).norm() / mesh.bounds().diagonal().y();
}

/// The bone of `s` nearest to `p` (distance to the segment head → tail).
std::string nearestBone(const Skeleton& s, const Eigen::Vector3d& p) {
  const std::vector<BoneShape> bones = s.boneShapes();
  std::string best;
  double bestDistance = 1e300;
  for (int j = 0; j < s.size(); ++j) {
    const Eigen::Vector3d a = bones[j].head, b = bones[j].tail;
    const double t =
        std::clamp((p - a).dot(b - a) / std::max(1e-12, (b - a).squaredNorm()), 0.0, 1.0);
    if (const double d = (a + t * (b - a) - p).norm(); d < bestDistance)
      bestDistance = d, best = s.joints[j].name;
  }
  return best;
}

}  // namespace

TEST(AutoHead, AFourLeggedCreaturesHeadIsItsMuzzleWhicheverWayItFaces) {
  const Creature animal = quadrupedCreature();  // neck up, the tail hanging: no ears
  const std::vector<std::pair<const char*, Turn>> facings = {
      {"+Z", [](const Eigen::Vector3d& p) { return p; }},
      {"-Z", [](const Eigen::Vector3d& p) { return Eigen::Vector3d(p.x(), p.y(), -p.z()); }},
      {"+X", [](const Eigen::Vector3d& p) { return Eigen::Vector3d(p.z(), p.y(), -p.x()); }},
      {"-X", [](const Eigen::Vector3d& p) { return Eigen::Vector3d(-p.z(), p.y(), p.x()); }}};
  for (const auto& [name, turn] : facings) {
    const Creature c = turned(animal, turn);
    std::string reason;
    EXPECT_LT(autoHeadOffset(c, c.headTop, &reason), 0.08) << "facing " << name << ": " << reason;
    EXPECT_NE(reason.find("rises higher"), std::string::npos) << reason;
  }
}

TEST(AutoHead, EarsTellTheHeadFromATailRaisedAboveIt) {
  Creature animal = quadrupedCreature();
  animal.capsules.back() = {{0, 1.1, -0.7}, {0, 1.8, -0.95}, 0.05};  // the tail up, over the head
  animal.capsules.push_back({{0.05, 1.45, 1.0}, {0.16, 1.66, 0.95}, 0.03});
  animal.capsules.push_back({{-0.05, 1.45, 1.0}, {-0.16, 1.66, 0.95}, 0.03});
  std::string reason;
  EXPECT_LT(autoHeadOffset(animal, animal.headTop, &reason), 0.08) << reason;
  EXPECT_NE(reason.find("paired ears"), std::string::npos) << reason;
}

TEST(AutoHead, AnUprightCharacterKeepsTheTopOfItsHead) {
  const Creature human = humanoidCreature();
  std::string reason;
  EXPECT_LT(autoHeadOffset(human, human.headTop, &reason), 0.03) << reason;
  EXPECT_NE(reason.find("upright"), std::string::npos) << reason;
}

TEST(AutoHead, TheBullsHeadIsItsHeadNotItsHump) {
  // Testwuson is the bull with its artist's skeleton: the auto head must lie on the head's bones
  // (Neck, which carries the skull, or Mouth), where the highest point is the hump over the back.
  Character bull;
  ASSERT_TRUE(loadModel("X/Testwuson.X", bull));
  const Expected<AutoHead> head = findHeadVertex(bull.mesh);
  ASSERT_TRUE(bool(head));
  const std::string bone = nearestBone(bull.skeleton, bull.mesh.positions[head->vertex]);
  EXPECT_TRUE(bone == "Neck" || bone == "Mouth") << bone << ": " << head->reason;
  EXPECT_NE(head->reason.find("paired ears or horns"), std::string::npos) << head->reason;
  // `auto` as a head specification is the same vertex.
  EXPECT_EQ(resolveHeadVertex(bull.mesh, "auto").value(), head->vertex);
  // The mesh turned round (WusonOBJ faces -Z) gives the same place on the head.
  Character obj;
  ASSERT_TRUE(loadModel("OBJ/WusonOBJ.obj", obj));
  const Expected<AutoHead> objHead = findHeadVertex(obj.mesh);
  ASSERT_TRUE(bool(objHead));
  const Eigen::Vector3d p = obj.mesh.positions[objHead->vertex];
  EXPECT_LT((Eigen::Vector3d(p.x(), p.y(), -p.z()) - bull.mesh.positions[head->vertex]).norm(),
            0.02 * bull.mesh.bounds().diagonal().norm());
}

TEST(AutoHead, HumansKeepTheHighestPoint) {
  for (const char* file : {"BLEND/HUMAN.blend", "Collada/human.zae", "X/BCN_Epileptic.X"}) {
    Character c;
    ASSERT_TRUE(loadModel(file, c)) << file;
    const Expected<AutoHead> head = findHeadVertex(c.mesh);
    ASSERT_TRUE(bool(head)) << file;
    EXPECT_NEAR(c.mesh.positions[head->vertex].y(), c.mesh.bounds().max().y(),
                1e-3 * c.mesh.bounds().diagonal().norm())
        << file << ": " << head->reason;
    EXPECT_NE(head->reason.find("upright"), std::string::npos) << file << ": " << head->reason;
  }
}

TEST(AutoHead, AHeadPickedOnAHornGoesToTheFrontOfTheHead) {
  // Issue 20: a pick off the midline is on a horn, a tusk or an ear; where it projects onto the
  // midline depends on how that extremity points (a corpus elephant's tusk tip projected under
  // its jaw), so it goes to the front of its end of the body, as `auto` finds it.
  Character bull;
  ASSERT_TRUE(loadModel("OBJ/WusonOBJ.obj", bull));
  const Mesh& mesh = bull.mesh;
  const double size = mesh.bounds().diagonal().norm();
  const Expected<AutoHead> front = findHeadVertex(mesh);
  ASSERT_TRUE(bool(front));
  for (const double side : {1.0, -1.0}) {  // the tips of both horns: the highest well off x = 0
    int horn = -1;
    for (int v = 0; v < int(mesh.positions.size()); ++v)
      if (side * mesh.positions[v].x() > 0.1 * size &&
          (horn < 0 || mesh.positions[v].y() > mesh.positions[horn].y()))
        horn = v;
    ASSERT_GE(horn, 0);
    const AutoHead moved = headAtPickedEnd(mesh, horn);
    EXPECT_EQ(moved.vertex, front->vertex) << "side " << side;
    EXPECT_NE(moved.reason.find("horn"), std::string::npos) << moved.reason;
    // The field starts there (then onto the mirror plane, as every head), and says why.
    Expected<HarmonicField> field = harmonicField(mesh, horn);
    ASSERT_TRUE(bool(field));
    EXPECT_EQ(field->head, headOnMirrorPlane(mesh, front->vertex));
    EXPECT_EQ(field->headNote, moved.reason);
  }
  // A pick on the midline (the brow, the snout) stays where it is.
  int brow = -1;
  for (int v = 0; v < int(mesh.positions.size()); ++v)
    if (std::abs(mesh.positions[v].x()) < 1e-3 * size && mesh.positions[v].z() < 0 &&
        (brow < 0 || mesh.positions[v].y() > mesh.positions[brow].y()))
      brow = v;
  ASSERT_GE(brow, 0);
  EXPECT_EQ(headAtPickedEnd(mesh, brow).vertex, brow);
  EXPECT_TRUE(headAtPickedEnd(mesh, brow).reason.empty());
  // An upright character keeps any pick: its head is not at an end of a four-legged body.
  Character human;
  ASSERT_TRUE(loadModel("Collada/human.zae", human));
  int hand = 0;
  for (int v = 0; v < int(human.mesh.positions.size()); ++v)
    if (human.mesh.positions[v].x() > human.mesh.positions[hand].x()) hand = v;
  EXPECT_EQ(headAtPickedEnd(human.mesh, hand).vertex, hand);
}

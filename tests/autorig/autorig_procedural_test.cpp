// The automatic skeleton (Aujay 2007 §3–4) on procedural creatures whose anatomy is known:
// a humanoid is a biped with the biped template's joints, a four-legged animal a quadruped
// with the quadruped template's, an octopus or a star neither (a generic skeleton, not an
// error).
#include <gtest/gtest.h>

#include <iostream>
#include <sstream>

#include "autorig/autorig.h"
#include "field/head_vertex.h"
#include "support/implicit_meshes.h"

using namespace rw;
using namespace rw::test;

namespace {

struct Rigged {
  Mesh mesh;
  AutorigResult rig;
};

Rigged rig(const Creature& creature, double cell = 0.03) {
  Rigged r;
  r.mesh = buildMesh(capsuleCreature(creature.capsules, cell));
  std::ostringstream spec;
  spec << creature.headTop.x() << "," << creature.headTop.y() << "," << creature.headTop.z();
  const int head = resolveHeadVertex(r.mesh, spec.str()).value();
  Expected<AutorigResult> result = autorig(r.mesh, head);
  EXPECT_TRUE(result) << (result ? "" : result.error().message);
  r.rig = std::move(result).value();
  return r;
}

Eigen::Vector3d at(const Skeleton& s, const std::string& name) {
  const int j = s.indexOf(name);
  EXPECT_GE(j, 0) << name << " missing";
  return j >= 0 ? Eigen::Vector3d(s.restGlobals()[j].translation()) : Eigen::Vector3d::Zero();
}

Eigen::Vector3d tailOf(const Skeleton& s, const std::string& name) {
  const int j = s.indexOf(name);
  EXPECT_GE(j, 0) << name << " missing";
  return j >= 0 ? s.boneShape(j).tail : Eigen::Vector3d::Zero();
}

void print(const std::string& what, const AutorigResult& r) {
  std::cout << what << ": " << bodyClassName(r.bodyClass()) << ", " << r.skeleton.size()
            << " joints; " << r.classification.reason << "\n";
  for (const std::string& n : r.notes) std::cout << "  note: " << n << "\n";
}

}  // namespace

TEST(AutorigProcedural, HumanoidIsABipedWithTheBipedTemplate) {
  const Creature c = humanoidCreature();
  const Rigged r = rig(c);
  print("humanoid", r.rig);
  ASSERT_EQ(r.rig.bodyClass(), BodyClass::Biped) << r.rig.classification.reason;
  EXPECT_LT(r.rig.classification.spineDotNP, 0.5);
  const Skeleton& s = r.rig.skeleton;
  EXPECT_FALSE(s.validate());
  EXPECT_EQ(s.size(), kBipedJointCount);
  for (const char* name :
       {"hips",       "spine_01",   "spine_02",   "spine_03",   "chest",     "neck",
        "head",       "jaw",        "clavicle.L", "upperarm.L", "forearm.L", "hand.L",
        "clavicle.R", "upperarm.R", "forearm.R",  "hand.R",     "thigh.L",   "shin.L",
        "foot.L",     "thigh.R",    "shin.R",     "foot.R"})
    EXPECT_GE(s.indexOf(name), 0) << name;
  EXPECT_EQ(s.roots(), std::vector<int>{s.indexOf("hips")});
  // Left is the character's left: the humanoid faces +Z, so its left is +X.
  const double size = r.mesh.size();
  EXPECT_LT((tailOf(s, "hand.L") - c.limbTips[0]).norm(), 0.05 * size);
  EXPECT_LT((tailOf(s, "hand.R") - c.limbTips[1]).norm(), 0.05 * size);
  EXPECT_LT((tailOf(s, "foot.L") - c.limbTips[2]).norm(), 0.05 * size);
  EXPECT_LT((tailOf(s, "foot.R") - c.limbTips[3]).norm(), 0.05 * size);
  EXPECT_LT((tailOf(s, "head") - c.headTop).norm(), 0.05 * size);
  // The spine goes up from the hips to the neck; the elbow lies between shoulder and hand.
  EXPECT_LT(at(s, "hips").y(), at(s, "spine_01").y());
  EXPECT_LT(at(s, "spine_03").y(), at(s, "chest").y());
  EXPECT_LT(at(s, "chest").y(), at(s, "neck").y());
  EXPECT_LT(at(s, "neck").y(), at(s, "head").y());
  EXPECT_GT(at(s, "forearm.L").x(), at(s, "upperarm.L").x());
  EXPECT_GT(at(s, "hand.L").x(), at(s, "forearm.L").x());
  EXPECT_GT(at(s, "shin.L").y(), at(s, "foot.L").y());
  EXPECT_EQ(r.rig.tags.at("upperarm.L").tag, "axial");
  EXPECT_EQ(r.rig.tags.at("upperarm.L").side, "left");
  EXPECT_EQ(r.rig.tags.at("spine_02").tag, "primary");
}

TEST(AutorigProcedural, FourLeggedAnimalIsAQuadrupedWithTheQuadrupedTemplate) {
  const Creature c = quadrupedCreature();
  const Rigged r = rig(c);
  print("quadruped", r.rig);
  ASSERT_EQ(r.rig.bodyClass(), BodyClass::Quadruped) << r.rig.classification.reason;
  EXPECT_GT(r.rig.classification.spineDotNP, 0.7071);
  const Skeleton& s = r.rig.skeleton;
  EXPECT_FALSE(s.validate());
  EXPECT_EQ(s.size(), kQuadrupedJointCount + 4);  // with its tail
  for (const char* name :
       {"hips",     "spine_01",  "spine_03",  "chest",      "neck_01",   "neck_04",
        "head",     "jaw",       "scapula.L", "upperarm.L", "forearm.L", "hand.L",
        "finger.L", "scapula.R", "finger.R",  "thigh.L",    "shin.L",    "foot.L",
        "toe.L",    "thigh.R",   "toe.R",     "tail_01",    "tail_04"})
    EXPECT_GE(s.indexOf(name), 0) << name;
  const double size = r.mesh.size();
  EXPECT_LT((tailOf(s, "finger.L") - c.limbTips[0]).norm(), 0.05 * size);
  EXPECT_LT((tailOf(s, "finger.R") - c.limbTips[1]).norm(), 0.05 * size);
  EXPECT_LT((tailOf(s, "toe.L") - c.limbTips[2]).norm(), 0.05 * size);
  EXPECT_LT((tailOf(s, "toe.R") - c.limbTips[3]).norm(), 0.05 * size);
  EXPECT_LT((tailOf(s, "tail_04") - c.limbTips[4]).norm(), 0.05 * size);
  // The frame: up is +Y, front +Z; the spine is lifted toward the back (body axis at y = 1).
  EXPECT_GT(r.rig.frame.up.y(), 0.9);
  EXPECT_GT(r.rig.frame.front.z(), 0.9);
  EXPECT_GT(at(s, "hips").y(), 1.05);
  EXPECT_GT(at(s, "spine_02").y(), 1.05);
  EXPECT_GT(at(s, "chest").z(), at(s, "hips").z());
  EXPECT_GT(at(s, "head").y(), at(s, "chest").y());
  EXPECT_LT(at(s, "jaw").y(), at(s, "head").y());
}

TEST(AutorigProcedural, OctopusAndStarsGetAGenericSkeletonNotAnError) {
  const Creature octopus = octopusCreature();
  const Rigged r = rig(octopus);
  print("octopus", r.rig);
  EXPECT_EQ(r.rig.bodyClass(), BodyClass::Generic);
  const Skeleton& s = r.rig.skeleton;
  EXPECT_FALSE(s.validate());
  // Eight tentacles of three bones each, every tip reached by a bone's tail.
  int radial = 0;
  for (const auto& [name, tag] : r.rig.tags) radial += tag.tag == "radial";
  EXPECT_EQ(radial, 8 * 3);
  for (const Eigen::Vector3d& tip : octopus.limbTips) {
    double nearest = 1e300;
    for (const BoneShape& b : s.boneShapes()) nearest = std::min(nearest, (b.tail - tip).norm());
    EXPECT_LT(nearest, 0.05 * r.mesh.size());
  }
  EXPECT_GE(s.indexOf("head"), 0);
  for (int k : {3, 5}) {
    SCOPED_TRACE(k);
    const Rigged star = rig(starCreature(k));
    print("star " + std::to_string(k), star.rig);
    EXPECT_EQ(star.rig.bodyClass(), BodyClass::Generic);
    EXPECT_FALSE(star.rig.skeleton.validate());
    EXPECT_GE(star.rig.skeleton.size(), 1 + 3 * k);
  }
}

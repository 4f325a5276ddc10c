// The retarget's fallback to skeleton embedding (embed/embedding_fallback.h, `rig --method
// auto`): joints matching could not place come from the embedding when the two methods agree on
// the joints both placed; a disagreeing embedding never replaces a retarget that placed most
// joints; with too little matched, the embedding places the whole skeleton.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "autorig/surface_probe.h"
#include "embed/embedding_fallback.h"
#include "io/rig_json.h"
#include "support/implicit_meshes.h"
#include "support/real_models.h"
#include "support/retarget_runs.h"

namespace rw {
namespace {

using Eigen::Vector3d;

Skeleton bundled(const std::string& name) {
  Expected<RigDocument> rig = readRigJson(std::string(RIGWRIGHT_SKELETONS_DIR) + "/" + name);
  EXPECT_TRUE(rig) << (rig ? "" : rig.error().message);
  return rig ? rig->skeleton : Skeleton{};
}

Vector3d head(const Skeleton& s, const std::string& name) {
  return s.restGlobals()[s.indexOf(name)].translation();
}

/// BCN with the production biped: retargeted (every deform joint placed) and embedded.
struct BcnRuns {
  Character bcn;
  Skeleton biped = bundled("biped_production.json");
  std::unique_ptr<RigSession> session;
  SkeletonEmbedding embedding;
};

const BcnRuns& bcnRuns() {
  static const BcnRuns runs = [] {
    BcnRuns r;
    EXPECT_TRUE(test::loadModel("X/BCN_Epileptic.X", r.bcn));
    r.session =
        test::runRetarget(r.bcn.mesh, test::topAbove(r.bcn.mesh, r.biped, "head"), r.biped, "head");
    r.embedding = embedSkeleton(r.bcn.mesh, r.biped);
    return r;
  }();
  return runs;
}

TEST(EmbeddingFallback, ARetargetThatPlacedEveryJointIsKeptAsItIs) {
  const BcnRuns& r = bcnRuns();
  ASSERT_TRUE(r.session && r.session->retargeted() && r.embedding.found);
  const RetargetedSkeleton& retargeted = *r.session->retargeted();
  const FallbackPlacement p =
      combineWithEmbedding(r.biped, &retargeted, r.embedding, r.bcn.mesh.size());
  EXPECT_EQ(p.decision, "retarget") << p.reason;
  EXPECT_EQ(p.jointsFromEmbedding, 0);
  const std::vector<Transform> a = p.rig.skeleton.restGlobals(),
                               b = retargeted.skeleton.restGlobals();
  for (std::size_t j = 0; j < a.size(); ++j)
    EXPECT_TRUE(a[j].isApprox(b[j])) << r.biped.joints[j].name;
  EXPECT_EQ(p.method[r.biped.indexOf("hand.L")], PlacementMethod::Retarget);
}

// The left arm, clavicle to hand, as if matching had not found it (an arm fused to the body): its
// joints come from the embedding, on the character's left, inside the body, in the arm's order
// from the shoulder down (BCN's arms hang), and nothing else moves.
TEST(EmbeddingFallback, AnArmMatchingMissedComesFromTheEmbedding) {
  const BcnRuns& r = bcnRuns();
  ASSERT_TRUE(r.session && r.session->retargeted() && r.embedding.found);
  RetargetedSkeleton missed = *r.session->retargeted();
  const std::vector<std::string> arm = {"clavicle.L", "upperarm.L", "forearm.L", "hand.L"};
  for (const std::string& name : arm) missed.fate[r.biped.indexOf(name)] = JointFate::Followed;
  const FallbackPlacement p = combineWithEmbedding(r.biped, &missed, r.embedding, r.bcn.mesh.size(),
                                                   *r.session->controlLinks());
  ASSERT_EQ(p.decision, "retarget+embedding") << p.reason;
  EXPECT_LT(p.disagreement, EmbeddingFallbackParams{}.agreement);
  const SurfaceProbe probe(r.bcn.mesh);
  double above = std::numeric_limits<double>::infinity();
  for (const std::string& name : arm) {
    const int j = r.biped.indexOf(name);
    EXPECT_EQ(p.method[j], PlacementMethod::Embedding) << name;
    const Vector3d at = head(p.rig.skeleton, name);
    // The character's left is +X. The clavicle's head is at the sternum, 1.4 % of the height off
    // the midline in the skeleton's rest: the refined embedding may put it on the midline.
    const double midline = name == "clavicle.L" ? -0.01 * r.bcn.mesh.size() : 0.0;
    EXPECT_GT(at.x(), midline) << name;
    EXPECT_TRUE(probe.rayDistance(at, Vector3d::UnitX()) &&
                probe.rayDistance(at, -Vector3d::UnitX()))
        << name << " at " << at.transpose();
    if (name == "clavicle.L") continue;  // its head, on the chest, may lie below the shoulder
    EXPECT_LT(at.y(), above) << name;
    above = at.y();
  }
  for (const char* name : {"hips", "spine.02", "head", "hand.R", "foot.L", "foot.R"}) {
    ASSERT_GE(r.biped.indexOf(name), 0) << name;
    EXPECT_EQ(p.method[r.biped.indexOf(name)], PlacementMethod::Retarget) << name;
    EXPECT_LT((head(p.rig.skeleton, name) - head(r.session->retargeted()->skeleton, name)).norm(),
              1e-9)
        << name;
  }
  EXPECT_EQ(p.jointsFromEmbedding, 4);

  // The hand alone unplaced, in an arm matching placed: it stays carried by the forearm.
  RetargetedSkeleton handOnly = *r.session->retargeted();
  handOnly.fate[r.biped.indexOf("hand.L")] = JointFate::Followed;
  const FallbackPlacement kept = combineWithEmbedding(
      r.biped, &handOnly, r.embedding, r.bcn.mesh.size(), *r.session->controlLinks());
  EXPECT_EQ(kept.decision, "retarget") << kept.reason;
  EXPECT_EQ(kept.method[r.biped.indexOf("hand.L")], PlacementMethod::Carried);
  EXPECT_EQ(kept.jointsFromEmbedding, 0);
}

/// The embedding with the character's sides swapped: every .L joint where the .R one is.
SkeletonEmbedding mirrored(const Skeleton& s, SkeletonEmbedding e) {
  const SkeletonEmbedding original = e;
  for (int j = 0; j < s.size(); ++j) {
    std::string name = s.joints[j].name;
    const std::size_t dot = name.rfind('.');
    if (dot == std::string::npos || dot + 2 != name.size()) continue;
    name[dot + 1] = name[dot + 1] == 'L' ? 'R' : 'L';
    const int twin = s.indexOf(name);
    if (twin >= 0) e.position[j] = original.position[twin];
  }
  return e;
}

TEST(EmbeddingFallback, ADisagreeingEmbeddingNeverReplacesAMostlyPlacedRetarget) {
  const BcnRuns& r = bcnRuns();
  ASSERT_TRUE(r.session && r.session->retargeted() && r.embedding.found);
  const SkeletonEmbedding swapped = mirrored(r.biped, r.embedding);
  RetargetedSkeleton missed = *r.session->retargeted();
  for (const char* name : {"clavicle.L", "upperarm.L", "forearm.L", "hand.L"})
    missed.fate[r.biped.indexOf(name)] = JointFate::Followed;
  const FallbackPlacement kept = combineWithEmbedding(r.biped, &missed, swapped, r.bcn.mesh.size());
  EXPECT_EQ(kept.decision, "retarget (the embedding disagrees)") << kept.reason;
  EXPECT_GT(kept.disagreement, EmbeddingFallbackParams{}.agreement);
  EXPECT_EQ(kept.jointsFromEmbedding, 0);

  // Matching placed only the trunk, and the embedding lies a fifth of the size away from it:
  // the embedding places the skeleton.
  RetargetedSkeleton trunkOnly = *r.session->retargeted();
  for (int j = 0; j < r.biped.size(); ++j) {
    const std::string& name = r.biped.joints[j].name;
    if (trunkOnly.fate[j] != JointFate::Control && name != "hips" && name != "spine.01")
      trunkOnly.fate[j] = JointFate::Followed;
  }
  SkeletonEmbedding shifted = r.embedding;
  for (auto& at : shifted.position)
    if (at) *at += Vector3d(0.2 * r.bcn.mesh.size(), 0, 0);
  const FallbackPlacement replaced =
      combineWithEmbedding(r.biped, &trunkOnly, shifted, r.bcn.mesh.size());
  EXPECT_EQ(replaced.decision, "embedding") << replaced.reason;
  EXPECT_EQ(replaced.method[r.biped.indexOf("hand.L")], PlacementMethod::Embedding);
  // Nothing matched at all: the embedding.
  const FallbackPlacement none =
      combineWithEmbedding(r.biped, nullptr, r.embedding, r.bcn.mesh.size());
  EXPECT_EQ(none.decision, "embedding");
  EXPECT_EQ(none.rig.skeleton.size(), r.biped.size());
}

// A humanoid in a skirt down to the floor: matching sees one limb below the hips and predicts the
// legs from the skeleton's proportions. The embedding sees no legs in the skirt either (it starts
// both thighs at one sphere on the skirt's axis), so `auto` keeps the prediction and says why:
// each leg in its own half of the skirt.
TEST(EmbeddingFallback, LegsInASkirtStayPredictedEachInItsHalf) {
  test::Creature robed = test::humanoidCreature();
  for (int i = 0; i < 16; ++i) {
    const double a = 2 * M_PI * i / 16;
    robed.capsules.push_back({{0, 0.95, 0}, {0.28 * std::cos(a), 0.06, 0.28 * std::sin(a)}, 0.07});
  }
  const Mesh mesh = buildMesh(test::capsuleCreature(robed.capsules, 0.025));
  const SurfaceProbe probe(mesh);
  const Skeleton biped = bundled("biped_production.json");
  const auto session = test::runRetarget(mesh, robed.headTop, biped, "head");
  ASSERT_TRUE(session && session->retargeted());
  const SkeletonEmbedding embedding = embedSkeleton(mesh, biped);
  ASSERT_TRUE(embedding.found) << embedding.reason;
  const FallbackPlacement p = combineWithEmbedding(biped, session->retargeted().get(), embedding,
                                                   mesh.size(), *session->controlLinks());
  EXPECT_EQ(p.decision, "retarget") << p.reason;
  EXPECT_NE(p.reason.find("predicted on limbs the mesh hides"), std::string::npos) << p.reason;
  for (const char* side : {"L", "R"}) {
    const double sign = std::string(side) == "L" ? 1.0 : -1.0;  // the character's left is +X
    for (const char* bone : {"thigh", "shin", "foot"}) {
      const std::string name = std::string(bone) + "." + side;
      const int j = biped.indexOf(name);
      EXPECT_EQ(p.method[j], PlacementMethod::Predicted) << name;
      const Vector3d at = head(p.rig.skeleton, name);
      EXPECT_GT(sign * at.x(), 0.02) << name << " at " << at.transpose();
      EXPECT_TRUE(probe.rayDistance(at, Vector3d::UnitY()) &&
                  probe.rayDistance(at, -Vector3d::UnitY()))
          << name << " at " << at.transpose();
    }
  }
  EXPECT_EQ(p.method[biped.indexOf("hips")], PlacementMethod::Retarget);
}

// A humanoid whose left hand rests on its hip: the arm and the body close a loop, which the mesh's
// graph cuts where the arm's level sets join the trunk's, near the elbow. `auto` must still put
// the left arm along that arm (the elbow at its bend, the hand at the hip, every joint inside the
// arm) and say how: the joints past the cut are predicted. The free right arm stays on its side.
TEST(EmbeddingFallback, AnArmWhoseHandRestsOnTheHipIsPlacedAlongItsOwnSide) {
  const test::Creature c = test::handleCreature();
  const Mesh mesh = buildMesh(test::capsuleCreature(c.capsules, 0.025));
  ASSERT_EQ(mesh.diagnostics.componentInfo[0].genus, 1);
  const SurfaceProbe probe(mesh);
  const Skeleton biped = bundled("biped_production.json");
  const auto session = test::runRetarget(mesh, c.headTop, biped, "head");
  ASSERT_TRUE(session && session->retargeted());
  ASSERT_EQ(session->reeb()->loopsCut.size(), 1u);
  const SkeletonEmbedding embedding = embedSkeleton(mesh, biped);
  ASSERT_TRUE(embedding.found) << embedding.reason;
  const FallbackPlacement p = combineWithEmbedding(biped, session->retargeted().get(), embedding,
                                                   mesh.size(), *session->controlLinks());
  EXPECT_FALSE(p.reason.empty());
  // The bent arm's capsules: shoulder (0.15, 1.4) -> elbow (0.32, 1.15) -> hip (0.17, 0.92).
  const Vector3d elbow(0.32, 1.15, 0), hip(0.17, 0.92, 0);
  EXPECT_LT((head(p.rig.skeleton, "forearm.L") - elbow).norm(), 0.08)
      << head(p.rig.skeleton, "forearm.L").transpose();
  EXPECT_LT((head(p.rig.skeleton, "hand.L") - hip).norm(), 0.1)
      << head(p.rig.skeleton, "hand.L").transpose();
  EXPECT_EQ(p.method[biped.indexOf("hand.L")], PlacementMethod::Predicted);
  EXPECT_EQ(p.method[biped.indexOf("hand.R")], PlacementMethod::Retarget);
  for (const char* side : {"L", "R"}) {
    const double sign = std::string(side) == "L" ? 1.0 : -1.0;  // the character's left is +X
    for (const char* bone : {"upperarm", "forearm", "hand"}) {
      const std::string name = std::string(bone) + "." + side;
      const Vector3d at = head(p.rig.skeleton, name);
      EXPECT_GT(sign * at.x(), 0.1) << name << " at " << at.transpose();
      EXPECT_TRUE(probe.rayDistance(at, Vector3d::UnitZ()) &&
                  probe.rayDistance(at, -Vector3d::UnitZ()))
          << name << " at " << at.transpose() << " is outside the body";
    }
  }
}

}  // namespace
}  // namespace rw

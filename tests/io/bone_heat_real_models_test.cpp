// Bone heat on the two artist rigs (docs/data.md) with their own skeletons: it must succeed on
// every part of these messy meshes (BCN: 5 parts, open; Testwuson: 51 parts, non-manifold) and give
// weights close to the artist's, measured with the eval metrics of core/skin/skin_eval.h.
#include <gtest/gtest.h>

#include "skin/bone_heat.h"
#include "skin/skin_eval.h"
#include "support/real_models.h"

namespace rw {
namespace {

void checkRealModel(const std::string& file, int expectedParts) {
  Character c;
  ASSERT_TRUE(test::loadModel(file, c));
  ASSERT_FALSE(c.skin.empty());
  Expected<BoneHeatResult> heat = boneHeatWeights(c.mesh, c.skeleton);
  ASSERT_TRUE(heat) << heat.error().message;
  const BoneHeatReport& r = heat->report;
  EXPECT_EQ(r.components, expectedParts);
  EXPECT_EQ(r.solvedComponents + int(r.looseParts.size()), r.components);
  EXPECT_GE(r.solvedComponents, 1);
  const SkinWeights& w = heat->weights;
  ASSERT_EQ(w.vertexCount(), int(c.mesh.source.positions.size()));
  for (int v = 0; v < w.vertexCount(); ++v) {
    ASSERT_FALSE(w.perVertex[v].empty()) << file << " vertex " << v;
    ASSERT_NEAR(w.weightSum(v), 1.0, 1e-9) << file << " vertex " << v;
    ASSERT_LE(int(w.perVertex[v].size()), 4);
  }
  // Every deform bone the artist used got weights from us too.
  std::vector<char> artistUses(c.skeleton.size(), 0), weUse(c.skeleton.size(), 0);
  for (const auto& influences : c.skin.perVertex)
    for (const Influence& i : influences)
      if (i.weight > 0.05) artistUses[i.joint] = 1;
  for (const auto& influences : w.perVertex)
    for (const Influence& i : influences) weUse[i.joint] = 1;
  // (A bone nearest to no vertex gets no heat: §4 heats a vertex from its nearest bones only.)
  int used = 0, artistBones = 0, missing = 0;
  for (int j = 0; j < c.skeleton.size(); ++j) {
    used += weUse[j];
    artistBones += artistUses[j];
    if (artistUses[j] && !weUse[j]) {
      ++missing;
      std::cout << "[ note     ] " << file << ": the artist's bone '" << c.skeleton.joints[j].name
                << "' is nearest to no vertex and got no weight\n";
    }
  }
  EXPECT_LE(missing, artistBones / 20) << file;
  const SkinEvalMetrics m = evaluateSkin(c, w);
  std::cout << "[ measured ] " << file << ": " << r.components << " parts, " << r.solvedComponents
            << " solved, " << r.looseParts.size() << " loose; " << used << " of " << r.deformBones
            << " deform bones weighted; "
            << "bone heat " << r.totalSeconds << " s\n"
            << "[ measured ] vs artist: precision " << m.precision << ", recall " << m.recall
            << ", mean L1 " << m.meanL1 << "; over '" << m.clip << "' (" << m.poses
            << " poses) mean distance " << 100 * m.meanDistanceRelative << " %, max "
            << 100 * m.maxDistanceRelative << " % of the size\n";
  for (const std::string& note : r.notes) std::cout << "[ note     ] " << note << "\n";
  // Not a copy of the artist's weights, but the same bones move the same places.
  // Bounds below the measured values (precision 0.35-0.40, recall 0.75-0.83, L1 1.06-1.09,
  // mean distance 0.2-0.5% of the size): regressions fail, the method's own spread (up to four
  // influences where the artist used one to three) does not. Heating a vertex from its nearest
  // bone only when that bone is visible (else from nothing) measured recall 0.68-0.76 and L1
  // 1.13 on both: a torso beside a hanging arm took the arm's weights.
  EXPECT_GT(m.precision, 0.3);
  EXPECT_GT(m.recall, 0.72);
  EXPECT_LT(m.meanL1, 1.11);
  ASSERT_FALSE(m.clip.empty());
  EXPECT_LT(m.meanDistanceRelative, 0.01);
}

TEST(BoneHeatRealModels, BcnEpileptic) {
  checkRealModel("X/BCN_Epileptic.X", 5);
}

TEST(BoneHeatRealModels, Testwuson) {
  checkRealModel("X/Testwuson.X", 51);
}

}  // namespace
}  // namespace rw

#include <gtest/gtest.h>

#include <cmath>

#include "skin/skin_weights.h"

using namespace rw;

TEST(SkinWeights, NormalizeMergesDropsSortsAndScales) {
  SkinWeights w;
  w.perVertex = {
      {{0, 0.2}, {1, 0.4}, {0, 0.1}},           // duplicate joint 0, sum 0.7
      {{2, 1.0}},                               // already fine
      {{1, -0.5}, {3, 0.0}, {2, NAN}, {4, 2}},  // junk around one real weight
      {},                                       // unweighted
  };
  EXPECT_EQ(w.normalize(), 2);
  ASSERT_EQ(w.perVertex[0].size(), 2u);
  EXPECT_EQ(w.perVertex[0][0].joint, 1);  // strongest first
  EXPECT_NEAR(w.perVertex[0][0].weight, 0.4 / 0.7, 1e-12);
  EXPECT_NEAR(w.perVertex[0][1].weight, 0.3 / 0.7, 1e-12);
  ASSERT_EQ(w.perVertex[2].size(), 1u);
  EXPECT_EQ(w.perVertex[2][0].joint, 4);
  for (int v = 0; v < 3; ++v) EXPECT_NEAR(w.weightSum(v), 1.0, 1e-12);
  EXPECT_EQ(w.unweightedVertices(), 1);
  EXPECT_EQ(w.maxInfluences(), 2);
}

TEST(SkinWeights, AnyNumberOfInfluencesIsKept) {
  SkinWeights w;
  w.perVertex.resize(1);
  for (int j = 0; j < 9; ++j) w.perVertex[0].push_back({j, 1.0 + j});
  w.normalize();
  EXPECT_EQ(w.maxInfluences(), 9);
  EXPECT_NEAR(w.weightSum(0), 1.0, 1e-12);
}

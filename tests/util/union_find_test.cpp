// util/union_find.h: sets join, the representative rule of each way of joining, growing.
#include <gtest/gtest.h>

#include "util/union_find.h"

using rw::UnionFind;

TEST(UnionFind, UniteKeepsTheSmallerRootAndReportsNewJoins) {
  UnionFind sets(6);
  EXPECT_TRUE(sets.unite(4, 2));
  EXPECT_TRUE(sets.unite(5, 4));
  EXPECT_FALSE(sets.unite(2, 5)) << "already one set";
  EXPECT_EQ(sets.find(5), 2);
  EXPECT_EQ(sets.find(4), 2);
  EXPECT_TRUE(sets.connected(2, 5));
  EXPECT_FALSE(sets.connected(0, 5));
  EXPECT_EQ(sets.find(3), 3);
}

TEST(UnionFind, AttachHangsTheFirstSetUnderTheSecondsRoot) {
  UnionFind sets(5);
  EXPECT_TRUE(sets.attach(0, 3));
  EXPECT_EQ(sets.find(0), 3);
  EXPECT_TRUE(sets.attach(3, 1));  // the whole set {0, 3} moves under 1
  EXPECT_EQ(sets.find(0), 1);
  EXPECT_FALSE(sets.attach(0, 1));
  // A cycle check: the third edge of a triangle finds its ends already joined.
  UnionFind graph(3);
  EXPECT_TRUE(graph.attach(0, 1));
  EXPECT_TRUE(graph.attach(1, 2));
  EXPECT_FALSE(graph.attach(2, 0));
}

TEST(UnionFind, GrowsOneSingletonAtATimeAndStaysCorrectOnLongChains) {
  UnionFind sets;
  for (int k = 0; k < 10000; ++k) EXPECT_EQ(sets.add(), k);
  for (int k = 1; k < 10000; ++k) sets.attach(k - 1, k);  // a chain 0 -> 1 -> ... -> 9999
  EXPECT_EQ(sets.find(0), 9999);
  for (int k = 0; k < 10000; k += 777) EXPECT_TRUE(sets.connected(k, 0));
  sets.clear();
  EXPECT_EQ(sets.size(), 0);
}

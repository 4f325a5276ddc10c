// The head's skin depth over the skeleton (a head's radius), measured on a sampled cylinder.
#include "retarget/head_skin_depth.h"

#include <gtest/gtest.h>

#include <cmath>

using Eigen::Vector3d;

TEST(HeadSkinDepth, IsTheHeadsRadius) {
  // A head of radius 0.1 over y in [0.6, 0.8] on a neck of radius 0.04 below; the path runs
  // down the axis from the top.
  std::vector<Vector3d> positions;
  std::vector<int> members;
  for (int ring = 0; ring <= 40; ++ring) {
    const double y = 0.8 - 0.01 * ring;
    const double r = y >= 0.6 ? 0.1 : 0.04;
    for (int k = 0; k < 24; ++k) {
      const double a = 2 * M_PI * k / 24;
      members.push_back(int(positions.size()));
      positions.emplace_back(r * std::cos(a), y, r * std::sin(a));
    }
  }
  std::vector<Vector3d> path;
  for (int k = 0; k <= 20; ++k) path.emplace_back(0, 0.8 - 0.02 * k, 0);
  EXPECT_NEAR(rw::headSkinDepth(positions, members, path), 0.1, 0.01);
  // Over the neck part of the path only, the neck's radius.
  std::vector<int> neck;
  for (int v : members)
    if (positions[v].y() < 0.59) neck.push_back(v);
  std::vector<Vector3d> neckPath(path.begin() + 11, path.end());
  EXPECT_NEAR(rw::headSkinDepth(positions, neck, neckPath, 1.0), 0.04, 0.01);
  // Nothing to measure.
  EXPECT_EQ(rw::headSkinDepth(positions, {}, path), 0.0);
  EXPECT_EQ(rw::headSkinDepth(positions, members, {path[0]}), 0.0);
}

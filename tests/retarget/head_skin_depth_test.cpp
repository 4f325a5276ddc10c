// The head's skin depth over the skeleton (a head's radius), measured on a sampled cylinder.
#include "retarget/head_skin_depth.h"

#include <gtest/gtest.h>

#include <cmath>
#include <optional>

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

namespace {

/// Points of a sampled cylinder of `radius` about the Y axis over [y0, y1].
std::vector<Vector3d> cylinder(double radius, double y0, double y1) {
  std::vector<Vector3d> points;
  for (int ring = 0; ring <= 10; ++ring)
    for (int k = 0; k < 12; ++k) {
      const double a = 2 * M_PI * k / 12;
      points.emplace_back(radius * std::cos(a), y0 + (y1 - y0) * ring / 10, radius * std::sin(a));
    }
  return points;
}

}  // namespace

TEST(LooseHeadTop, IsTheTopOfTheLoosePartsSittingOnTheHeadArcsStart) {
  // The body: a neck up to y = 0.6, the head arc's path down its axis from its top. A head
  // shell of radius 0.1 sits on it, loose, up to y = 0.85; a loose prop hangs beside the head.
  std::vector<Vector3d> positions = cylinder(0.04, 0.0, 0.6);
  std::vector<int> partOf(positions.size(), 0);
  for (const Vector3d& p : cylinder(0.1, 0.62, 0.85)) positions.push_back(p), partOf.push_back(1);
  for (const Vector3d& p : cylinder(0.02, 0.5, 1.2))
    positions.push_back(p + Vector3d(0.5, 0, 0)), partOf.push_back(2);
  std::vector<Vector3d> path;
  for (int k = 0; k <= 12; ++k) path.emplace_back(0, 0.6 - 0.05 * k, 0);
  const double headRadius = 0.1;
  const std::optional<Vector3d> top =
      rw::looseHeadTop(positions, partOf, 0, path, 1.5 * headRadius, 0.5 * headRadius);
  ASSERT_TRUE(top);
  EXPECT_NEAR((*top - Vector3d(0, 0.85, 0)).norm(), 0.0, 1e-9);
  // A shell reaching less than the minimum beyond the start is the scalp's noise: nothing.
  EXPECT_FALSE(rw::looseHeadTop(positions, partOf, 0, path, 1.5 * headRadius, 0.3));
  // The head's own part never counts (a head modelled with its body: the arc starts on top).
  EXPECT_FALSE(rw::looseHeadTop(positions, std::vector<int>(positions.size(), 0), 0, path,
                                1.5 * headRadius, 0.5 * headRadius));
  // Nothing to measure along.
  EXPECT_FALSE(rw::looseHeadTop(positions, partOf, 0, {path[0]}, 0.15, 0.05));
}

// bestRotation (util/best_rotation.h): Kabsch's fit about the origin, used where a set of bone
// directions must turn onto another as one (the retargeter's axial chain, the placement's facing).
#include "util/best_rotation.h"

#include <gtest/gtest.h>

#include <Eigen/Geometry>
#include <cmath>
#include <limits>

using namespace rw;
using Eigen::Vector3d;

TEST(BestRotation, RecoversAKnownTurnFromTwoDirections) {
  const Eigen::Matrix3d turn =
      Eigen::AngleAxisd(1.1, Vector3d(0.3, -0.5, 0.8).normalized()).toRotationMatrix();
  const std::vector<Vector3d> from{{0, 1, 0}, {1, 0, 0.2}};
  const std::vector<Vector3d> to{turn * from[0], turn * from[1]};
  const auto fit = bestRotation(from, to);
  ASSERT_TRUE(fit.has_value());
  EXPECT_LT((*fit - turn).norm(), 1e-12);
  EXPECT_NEAR(fit->determinant(), 1.0, 1e-12);
}

TEST(BestRotation, LongerDirectionsWeighMore) {
  // A long spine up and a short, noisy thigh: the fit keeps the spine's direction nearly exact.
  const std::vector<Vector3d> from{{0, 10, 0}, {1, 0, 0}};
  const std::vector<Vector3d> to{{0, 10, 0}, {std::cos(0.3), std::sin(0.3), 0}};
  const auto fit = bestRotation(from, to);
  ASSERT_TRUE(fit.has_value());
  const Vector3d up = *fit * Vector3d(0, 1, 0);
  EXPECT_LT(std::acos(std::min(1.0, up.y())), 0.01);
}

TEST(BestRotation, OneDirectionOrNoneLeavesTheTurnOpen) {
  EXPECT_FALSE(bestRotation({}, {}).has_value());
  EXPECT_FALSE(bestRotation({{0, 1, 0}}, {{1, 0, 0}}).has_value());
  EXPECT_FALSE(bestRotation({{0, 1, 0}, {0, 2, 0}}, {{1, 0, 0}, {2, 0, 0}}).has_value());
  const double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_FALSE(bestRotation({{0, 1, 0}, {nan, 0, 0}}, {{1, 0, 0}, {0, 1, 0}}).has_value());
}

TEST(BestRotation, NeverAReflection) {
  // Mirrored directions: the best proper rotation, not the mirror.
  const std::vector<Vector3d> from{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
  const std::vector<Vector3d> to{{-1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
  const auto fit = bestRotation(from, to);
  ASSERT_TRUE(fit.has_value());
  EXPECT_NEAR(fit->determinant(), 1.0, 1e-12);
}

#include "motion/two_bone_ik.h"

#include <algorithm>
#include <cmath>

namespace rw {

double solveTwoBoneIk(const Eigen::Vector3d& a, const Eigen::Vector3d& b, const Eigen::Vector3d& c,
                      const Eigen::Vector3d& goal, Eigen::Quaterniond& upperGlobal,
                      Eigen::Quaterniond& lowerGlobal, const TwoBoneIkParams& params) {
  const double l1 = (b - a).norm();
  const double l2 = (c - b).norm();
  const Eigen::Vector3d toGoal = goal - a;
  const double want = toGoal.norm();
  if (l1 <= 0 || l2 <= 0 || want <= 0) return (c - goal).norm();
  const double d =
      std::clamp(want, std::abs(l1 - l2) + 1e-12 * (l1 + l2), params.maxReachFraction * (l1 + l2));
  const Eigen::Vector3d dir = toGoal / want;
  // Bend direction: the current knee's offset from the hip-goal line; if the limb is straight,
  // the offset from the hip-foot line, else any perpendicular.
  Eigen::Vector3d pole = (b - a) - dir * (b - a).dot(dir);
  if (pole.norm() < 1e-9 * l1) {
    const Eigen::Vector3d ac = (c - a).normalized();
    pole = (b - a) - ac * (b - a).dot(ac);
  }
  if (pole.norm() < 1e-9 * l1) pole = dir.unitOrthogonal();
  pole.normalize();
  const double x = (l1 * l1 - l2 * l2 + d * d) / (2 * d);
  const double h = std::sqrt(std::max(l1 * l1 - x * x, 0.0));
  const Eigen::Vector3d newB = a + dir * x + pole * h;
  const Eigen::Vector3d newC = a + dir * d;
  const Eigen::Quaterniond turnUpper = Eigen::Quaterniond::FromTwoVectors(b - a, newB - a);
  const Eigen::Vector3d lowerAfter = turnUpper * (c - b);
  const Eigen::Quaterniond turnLower = Eigen::Quaterniond::FromTwoVectors(lowerAfter, newC - newB);
  upperGlobal = (turnUpper * upperGlobal).normalized();
  lowerGlobal = (turnLower * turnUpper * lowerGlobal).normalized();
  return (newC - goal).norm();
}

}  // namespace rw

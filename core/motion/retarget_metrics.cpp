#include "motion/retarget_metrics.h"

#include <algorithm>
#include <cmath>

namespace rw {

RetargetMetrics measureRetarget(const RetargetResult& r, const JointCorrespondence& map,
                                double secondsTaken) {
  RetargetMetrics m;
  m.frames = r.frames;
  m.clipFramesPerSecond = r.framesPerSecond;
  m.scale = r.scale;
  m.unmappedSource = map.unmappedSource;
  m.unmappedTarget = map.unmappedTarget;
  if (secondsTaken > 0) m.retargetFramesPerSecond = r.frames / secondsTaken;

  double skateSum = 0;
  for (const FootContact& c : r.contacts) {
    const int ankle = r.targetAnkles[c.foot];
    if (ankle < 0) continue;
    for (int f = c.first + 1; f <= c.last; ++f) {
      Eigen::Vector3d d = r.target(f, ankle) - r.target(f - 1, ankle);
      d.y() = 0;
      skateSum += d.norm() * r.framesPerSecond;
      ++m.plantedFrames;
    }
  }
  if (m.plantedFrames > 0) m.footSkate = skateSum / m.plantedFrames;
  if (r.targetLegLength > 0) m.footSkatePercentLegPerSecond = 100 * m.footSkate / r.targetLegLength;

  for (int f = 0; f < r.frames; ++f)
    for (int e : r.targetEffectors)
      m.maxPenetration = std::max(m.maxPenetration, r.targetGround - r.target(f, e).y());

  double angleSum = 0;
  long count = 0;
  for (int f = 0; f < r.frames; ++f)
    for (const auto& [j, k] : r.bonePairs) {
      const Eigen::Vector3d t = r.target(f, k) - r.target(f, j);
      const Eigen::Vector3d s = r.source(f, r.sourceOf[k]) - r.source(f, r.sourceOf[j]);
      if (t.norm() < 1e-12 || s.norm() < 1e-12) continue;
      const double a =
          std::acos(std::clamp(t.normalized().dot(s.normalized()), -1.0, 1.0)) * 180 / M_PI;
      angleSum += a;
      m.maxPoseErrorDegrees = std::max(m.maxPoseErrorDegrees, a);
      ++count;
    }
  if (count > 0) m.poseFidelityDegrees = angleSum / count;
  return m;
}

}  // namespace rw

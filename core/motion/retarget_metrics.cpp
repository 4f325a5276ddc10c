#include "motion/retarget_metrics.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace rw {

namespace {

double pearson(const std::vector<double>& x, const std::vector<double>& y) {
  const double n = double(x.size());
  double mx = 0, my = 0;
  for (std::size_t i = 0; i < x.size(); ++i) mx += x[i] / n, my += y[i] / n;
  double sxy = 0, sxx = 0, syy = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    sxy += (x[i] - mx) * (y[i] - my);
    sxx += (x[i] - mx) * (x[i] - mx);
    syy += (y[i] - my) * (y[i] - my);
  }
  if (sxx <= 0 && syy <= 0) return 1.0;
  if (sxx <= 0 || syy <= 0) return 0.0;
  return sxy / std::sqrt(sxx * syy);
}

void measureRootHeight(const RetargetResult& r, RetargetMetrics& m) {
  if (r.sourceRoot < 0 || r.targetRoot < 0 || r.frames == 0) return;
  std::vector<double> source, target;
  for (int f = 0; f < r.frames; ++f) {
    source.push_back(r.scale * r.source(f, r.sourceRoot).y());
    target.push_back(r.target(f, r.targetRoot).y());
  }
  m.rootHeightCorrelation = pearson(source, target);
  const std::size_t effectors = r.effectorStandHeight.size();
  if (effectors == 0 || r.sourceStandHeight.size() != effectors) return;
  for (int f = 0; f < r.frames; ++f) {
    double t = std::numeric_limits<double>::infinity(), s = t;
    for (std::size_t e = 0; e < effectors; ++e) {
      t = std::min(t, r.target(f, r.targetEffectors[e]).y() - r.effectorStandHeight[e]);
      s = std::min(s,
                   r.source(f, r.sourceEffectors[e]).y() - r.sourceGround - r.sourceStandHeight[e]);
    }
    m.maxTargetClearance = std::max(m.maxTargetClearance, t);
    m.maxSourceClearanceScaled = std::max(m.maxSourceClearanceScaled, r.scale * s);
  }
}

}  // namespace

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
    if (c.foot < 0 || c.foot > 1) continue;  // hands on the floor are not feet
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
    for (std::size_t e = 0; e < r.effectorStandHeight.size(); ++e)
      m.maxPenetration = std::max(m.maxPenetration,
                                  r.effectorStandHeight[e] - r.target(f, r.targetEffectors[e]).y());

  measureRootHeight(r, m);

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

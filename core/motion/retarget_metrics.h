#pragma once
// Quality of a retargeted motion (the numbers `rigwright-cli animate` reports):
//  * foot skate: mean horizontal speed of the target's ankles over the frames the source foot is
//    planted (footskate, Baran & Popović 2007 §1; Lu et al. 2009 §3.3), in target units/s and in
//    % of the target leg length per second;
//  * ground penetration: deepest an end effector (ankle, toe) goes under its standing height
//    (Lu §3.4 requires none); joints only: ground_contact.h measures the skinned mesh;
//  * pose fidelity: mean angle between corresponding source and target bone directions (each
//    target bone to its nearest mapped descendant vs the source's bone between their partners);
//  * the root's height: its correlation with the source root's height (scaled), and the
//    highest clearance of the feet over the floor (a jump) on both, the source's scaled;
//  * the correspondence's unmapped joints and the retargeting throughput.
#include <string>
#include <vector>

#include "motion/retarget_motion.h"

namespace rw {

struct RetargetMetrics {
  int frames = 0;
  double clipFramesPerSecond = 0.0;
  double footSkate = 0.0;  ///< target units per second
  double footSkatePercentLegPerSecond = 0.0;
  int plantedFrames = 0;        ///< foot-frames over which skate is measured
  double maxPenetration = 0.0;  ///< target units, >= 0
  double poseFidelityDegrees = 0.0;
  double maxPoseErrorDegrees = 0.0;
  double scale = 1.0;
  /// Pearson correlation of the target root's height with the source root's over the frames
  /// (1 when both hold still).
  double rootHeightCorrelation = 1.0;
  /// Highest clearance of the lowest effector over its standing height (a jump's apex).
  double maxTargetClearance = 0.0;
  double maxSourceClearanceScaled = 0.0;  ///< the source's, times scale
  std::vector<std::string> unmappedSource, unmappedTarget;
  double retargetFramesPerSecond = 0.0;  ///< throughput, when measured (0 otherwise)
};

RetargetMetrics measureRetarget(const RetargetResult& result, const JointCorrespondence& map,
                                double secondsTaken = 0.0);

}  // namespace rw

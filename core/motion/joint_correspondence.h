#pragma once
// Joint correspondence source -> target for motion retargeting (Lu et al. 2009 §3.1: the
// intermediate skeleton has the target's structure; each of its joints takes the motion of the
// source joint that plays the same part).
//
// Three sources, later ones overriding earlier ones:
//   1. body roles from both skeletons' layouts (body_layout.h: names for side and limb kind,
//      chain structure for the bone inside a limb; spine and neck joints matched by their
//      position along the chain, so a 3-joint spine drives a 5-joint spine);
//   2. equal normalized names (joint_names.h) for joints no role covers (fingers, face);
//   3. the user's map (RigDocument::jointMap, source name -> target name).
// Joints left without a partner on either side are reported.
#include <map>
#include <string>
#include <vector>

#include "motion/body_layout.h"
#include "skeleton/skeleton.h"
#include "util/expected.h"

namespace rw {

struct JointCorrespondence {
  std::vector<int> sourceOf;  ///< per target joint: the source joint driving it, or -1
  BodyLayout source, target;
  std::vector<std::string> unmappedSource;  ///< source joints driving nothing
  std::vector<std::string> unmappedTarget;  ///< target joints that keep their rest rotation
  int mappedCount() const;
};

/// Fails (a user-facing message) when the user map names a joint that does not exist, or when
/// no joint at all corresponds.
Expected<JointCorrespondence> matchJoints(const Skeleton& source, const Skeleton& target,
                                          const std::map<std::string, std::string>& userMap = {},
                                          const BodyLayoutParams& params = {});

}  // namespace rw

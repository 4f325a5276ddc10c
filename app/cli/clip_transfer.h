#pragma once
// What `animate` and `rig` share: choosing the clips of a motion file (--clip NAME|all), putting
// each on the rig (on the rig character's own floor when it has a mesh, Lu 2009 + planted feet)
// and reporting how it came out, on the joints and, with a skinned mesh, on its vertices.
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "character.h"
#include "motion/ground_contact.h"
#include "motion/retarget_metrics.h"
#include "motion/retarget_motion.h"
#include "util/expected.h"

namespace rw::cli {

/// The indices of `motion`'s clips that `selector` names: "all" (every clip) or one clip's name.
/// The error names the file and lists the clips it has.
Expected<std::vector<int>> selectClips(const Character& motion, const std::string& selector,
                                       const std::string& motionPath);

struct ClipTransfer {
  RetargetResult result;
  RetargetMetrics metrics;
  std::optional<GroundContact> ground;  ///< measured on the skinned mesh, when the rig has one
};

/// One clip of `motion` retargeted onto `rig` (retargetOntoCharacter), measured.
Expected<ClipTransfer> transferClip(const Character& motion, int clip, const Character& rig,
                                    const JointCorrespondence& map, const RetargetParams& params);

/// The `--json` report of one transferred clip (name, frames, rate, skate, floor contact on
/// the mesh, root height against the source's, fidelity, notes).
nlohmann::json clipReport(const ClipTransfer& transfer);

/// Which motion joint drives each rig joint, {"rig joint": "motion joint"} (rig joints keeping
/// their rest rotation are left out; the reports list them as unmapped): a TD checks the match
/// here before writing a --map.
nlohmann::json jointMapReport(const JointCorrespondence& map, const Skeleton& motion,
                              const Skeleton& rig);

/// A skinned clip's floor contact as the reports give it (floor, height, planted foot-frames,
/// and the planted soles' offset, float, penetration and skate in % of height).
nlohmann::json groundReport(const GroundContact& ground);

/// `name`, or `name.2`, `name.3`, ... if one of `clips` is called that already.
std::string uniqueClipName(const std::vector<AnimationClip>& clips, const std::string& name);

}  // namespace rw::cli

#include "cli/clip_transfer.h"

#include "motion/retarget_character.h"
#include "util/stopwatch.h"

namespace rw::cli {

Expected<std::vector<int>> selectClips(const Character& motion, const std::string& selector,
                                       const std::string& motionPath) {
  std::vector<int> chosen;
  std::string names;
  for (int c = 0; c < int(motion.clips.size()); ++c) {
    if (selector == "all" || motion.clips[c].name == selector) chosen.push_back(c);
    names += (names.empty() ? "'" : ", '") + motion.clips[c].name + "'";
  }
  if (chosen.empty())
    return Error{motionPath + ": no clip '" + selector + "' (the file has " + names + ")"};
  return chosen;
}

Expected<ClipTransfer> transferClip(const Character& motion, int clip, const Character& rig,
                                    const JointCorrespondence& map, const RetargetParams& params) {
  const auto start = SteadyClock::now();
  Expected<RetargetResult> result =
      retargetOntoCharacter(motion, motion.clips.at(clip), rig, map, params);
  const double seconds = secondsSince(start);
  if (!result) return result.error();
  ClipTransfer t;
  t.result = std::move(*result);
  t.metrics = measureRetarget(t.result, map, seconds);
  if (!rig.mesh.source.positions.empty() && !rig.skin.perVertex.empty())
    t.ground = measureGroundContact(rig, t.result.clip, t.result.targetEnds, t.result.contacts);
  return t;
}

nlohmann::json jointMapReport(const JointCorrespondence& map, const Skeleton& motion,
                              const Skeleton& rig) {
  nlohmann::json j = nlohmann::json::object();
  for (int t = 0; t < int(map.sourceOf.size()); ++t)
    if (map.sourceOf[t] >= 0) j[rig.joints[t].name] = motion.joints[map.sourceOf[t]].name;
  return j;
}

nlohmann::json groundReport(const GroundContact& g) {
  return {{"floor", g.floor},
          {"height", g.height},
          {"plantedFootFrames", g.plantedFootFrames},
          {"percentOfHeight",
           {{"plantedSoleMean", g.percent(g.meanPlantedOffset)},
            {"plantedSoleWorst", g.percent(g.maxPlantedOffset)},
            {"plantedFloat", g.percent(g.maxPlantedFloat)},
            {"penetration", g.percent(g.maxPenetration)},
            {"skatePerSecond", g.percent(g.plantedSkate)}}}};
}

nlohmann::json clipReport(const ClipTransfer& t) {
  const RetargetMetrics& m = t.metrics;
  nlohmann::json j = {
      {"clip", t.result.clip.name},
      {"frames", m.frames},
      {"clipFramesPerSecond", m.clipFramesPerSecond},
      {"scale", m.scale},
      {"footSkate",
       {{"unitsPerSecond", m.footSkate},
        {"percentLegPerSecond", m.footSkatePercentLegPerSecond},
        {"plantedFootFrames", m.plantedFrames}}},
      // What a viewer sees: the mesh's deepest vertex when there is a skinned mesh, else the
      // end effectors' depth under their standing heights.
      {"groundPenetration", t.ground ? t.ground->maxPenetration : m.maxPenetration},
      {"effectorPenetration", m.maxPenetration},
      {"rootHeight",
       {{"correlationWithSource", m.rootHeightCorrelation},
        {"highestClearance", m.maxTargetClearance},
        {"sourceHighestClearanceScaled", m.maxSourceClearanceScaled}}},
      {"poseFidelityDegrees", {{"mean", m.poseFidelityDegrees}, {"max", m.maxPoseErrorDegrees}}},
      {"followedControls", t.result.followedControls.size()},
      {"retargetFramesPerSecond", m.retargetFramesPerSecond},
      {"notes", t.result.notes}};
  j["ground"] = t.ground ? groundReport(*t.ground) : nlohmann::json();
  return j;
}

std::string uniqueClipName(const std::vector<AnimationClip>& clips, const std::string& name) {
  auto taken = [&](const std::string& candidate) {
    for (const AnimationClip& c : clips)
      if (c.name == candidate) return true;
    return false;
  };
  const std::string base = name.empty() ? std::string("retargeted") : name;
  std::string candidate = base;
  for (int k = 2; taken(candidate); ++k) candidate = base + "." + std::to_string(k);
  return candidate;
}

}  // namespace rw::cli

#include "cli/animate_command.h"

#include <chrono>
#include <fstream>
#include <iostream>
#include <memory>

#include "cli/character_output.h"
#include "cli/exit_codes.h"
#include "cli/json_report.h"
#include "cli/load_or_exit.h"
#include "io/clip_json.h"
#include "io/export/export_character.h"
#include "io/rig_json.h"
#include "motion/joint_correspondence.h"
#include "motion/retarget_metrics.h"
#include "motion/retarget_motion.h"
#include "util/atomic_file.h"

namespace rw::cli {
namespace {

bool endsWith(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

/// A map file: {"source": "target", ...} or a rig JSON / object with a "jointMap".
Expected<std::map<std::string, std::string>> readMap(const std::string& path) {
  std::ifstream in(path);
  if (!in) return Error{path + ": cannot open the joint map"};
  nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
  if (j.is_discarded() || !j.is_object()) return Error{path + ": not a JSON object"};
  if (j.contains("jointMap")) j = j["jointMap"];
  std::map<std::string, std::string> map;
  for (auto it = j.begin(); it != j.end(); ++it) {
    if (!it.value().is_string())
      return Error{path + ": joint map entry '" + it.key() + "' is not a joint name"};
    map[it.key()] = it.value().get<std::string>();
  }
  return map;
}

/// `name`, or `name.2`, `name.3`, ... if the character already has a clip called that.
std::string uniqueClipName(const Character& character, const std::string& name) {
  auto taken = [&](const std::string& candidate) {
    for (const AnimationClip& c : character.clips)
      if (c.name == candidate) return true;
    return false;
  };
  std::string candidate = name.empty() ? std::string("retargeted") : name;
  for (int k = 2; taken(candidate); ++k) candidate = name + "." + std::to_string(k);
  return candidate;
}

}  // namespace

void addAnimateCommand(CLI::App& app, int& exitCode) {
  struct Options {
    std::string rig, motion, out, map, json;
    RetargetParams params;
  };
  auto o = std::make_shared<Options>();
  CLI::App* cmd =
      app.add_subcommand("animate", "Retarget a motion onto a rig (Lu 2009, planted feet pinned)");
  cmd->add_option("RIG", o->rig, "character with a skeleton, or a rig .json")->required();
  cmd->add_option("MOTION", o->motion, "motion file (BVH or any animated file Assimp reads)")
      ->required();
  cmd->add_option("-o,--output", o->out,
                  "OUT.json: the retargeted clip; OUT.fbx|.glb|.gltf: the rig's character with "
                  "the clip added to its animations")
      ->required();
  cmd->add_option("--map", o->map, "joint map JSON: {\"motion joint\": \"rig joint\"}");
  cmd->add_option("--json", o->json, "write the quality report to this file ('-' for stdout)");
  cmd->add_option("--fps", o->params.framesPerSecond, "output frame rate (default: the motion's)");
  cmd->callback([o, &exitCode] {
    exitCode = kExitBadInput;
    if (!checkOutputFormat(o->out)) return;
    // A character output needs the rig's mesh, weights and clips too, not only its skeleton.
    const bool wholeCharacter = isCharacterOutput(o->out);
    Character character;
    std::map<std::string, std::string> userMap;
    if (endsWith(o->rig, ".json")) {
      Expected<RigDocument> doc = readRigJson(o->rig);
      if (!doc) {
        std::cerr << doc.error().message << std::endl;
        return;
      }
      userMap = doc->jointMap;
      if (wholeCharacter)
        character = loadRigCharacterOrExit(o->rig, *doc);
      else
        character.skeleton = doc->skeleton;
    } else {
      character = loadOrExit(o->rig);
    }
    const Skeleton& rig = character.skeleton;
    if (rig.empty()) {
      std::cerr << o->rig << ": the rig has no skeleton" << std::endl;
      return;
    }
    const Character motion = loadOrExit(o->motion);
    if (motion.skeleton.empty() || motion.clips.empty()) {
      std::cerr << o->motion << ": the file has no skeleton animation" << std::endl;
      return;
    }
    if (!o->map.empty()) {
      auto extra = readMap(o->map);
      if (!extra) {
        std::cerr << extra.error().message << std::endl;
        return;
      }
      for (const auto& [k, v] : *extra) userMap[k] = v;
    }
    auto map = matchJoints(motion.skeleton, rig, userMap);
    if (!map) {
      std::cerr << o->rig << ": " << map.error().message << std::endl;
      exitCode = map.error().message.rfind("joint map", 0) == 0 ? kExitBadInput : kExitCannotDo;
      return;
    }
    const auto start = std::chrono::steady_clock::now();
    auto result = retargetMotion(motion.skeleton, motion.clips.front(), rig, *map, o->params);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (!result) {
      std::cerr << o->motion << ": " << result.error().message << std::endl;
      exitCode = kExitCannotDo;
      return;
    }
    const RetargetMetrics m = measureRetarget(*result, *map, seconds);
    // .json: the clip alone; .fbx / .glb / .gltf: the rig's character with the clip added to
    // its own clips (renamed if one of them has its name).
    Status written;
    std::string clipName = result->clip.name;
    if (wholeCharacter) {
      AnimationClip clip = result->clip;
      clip.name = clipName = uniqueClipName(character, clip.name);
      character.clips.push_back(std::move(clip));
      written = exportCharacter(character, o->out);
    } else {
      written = writeFileAtomically(o->out, clipToJson(result->clip, rig).dump() + "\n");
    }
    if (Status bad = written) {
      std::cerr << bad->message << std::endl;
      return;
    }
    const nlohmann::json report = {
        {"rig", o->rig},
        {"motion", o->motion},
        {"clip", clipName},
        {"frames", m.frames},
        {"clipFramesPerSecond", m.clipFramesPerSecond},
        {"scale", m.scale},
        {"footSkate",
         {{"unitsPerSecond", m.footSkate},
          {"percentLegPerSecond", m.footSkatePercentLegPerSecond},
          {"plantedFootFrames", m.plantedFrames}}},
        {"groundPenetration", m.maxPenetration},
        {"poseFidelityDegrees", {{"mean", m.poseFidelityDegrees}, {"max", m.maxPoseErrorDegrees}}},
        {"unmappedMotionJoints", m.unmappedSource},
        {"unmappedRigJoints", m.unmappedTarget},
        {"retargetFramesPerSecond", m.retargetFramesPerSecond},
        {"notes", result->notes}};
    if (!writeJsonReport(o->json, report)) {
      exitCode = kExitBadInput;
      return;
    }
    std::cout << o->out << ": " << m.frames << " frames @ " << m.clipFramesPerSecond
              << " fps; skate " << m.footSkatePercentLegPerSecond << " % leg/s, penetration "
              << m.maxPenetration << ", fidelity " << m.poseFidelityDegrees << " deg, "
              << m.unmappedSource.size() << " motion / " << m.unmappedTarget.size()
              << " rig joints unmapped, " << m.retargetFramesPerSecond << " frames/s\n";
    exitCode = kExitOk;
  });
}

}  // namespace rw::cli

#include "cli/animate_command.h"

#include <chrono>
#include <fstream>
#include <iostream>
#include <memory>

#include "cli/character_output.h"
#include "cli/clip_transfer.h"
#include "cli/exit_codes.h"
#include "cli/json_report.h"
#include "cli/load_or_exit.h"
#include "cli/number_checks.h"
#include "io/clip_json.h"
#include "io/export/export_character.h"
#include "io/json_fields.h"
#include "io/rig_json.h"
#include "motion/joint_correspondence.h"
#include "motion/retarget_character.h"
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
  Expected<nlohmann::json> read = readJsonFile(path);
  if (!read) return read.error();
  nlohmann::json j = std::move(read).value();
  if (!j.is_object()) return Error{path + ": not a JSON object"};
  if (j.contains("jointMap")) j = j["jointMap"];
  JsonFields f(path);
  if (!f.object(j, "jointMap")) return *f.problem();
  std::map<std::string, std::string> map;
  for (auto it = j.begin(); it != j.end(); ++it) {
    std::string target;
    if (!f.name(it.value(), "joint map entry '" + printable(it.key()) + "'", target))
      return *f.problem();
    map[it.key()] = target;
  }
  return map;
}

}  // namespace

void addAnimateCommand(CLI::App& app, int& exitCode) {
  struct Options {
    std::string rig, motion, out, map, json, clip = "all";
    std::string preset = "none";
    RetargetParams params;
  };
  auto o = std::make_shared<Options>();
  CLI::App* cmd =
      app.add_subcommand("animate", "Retarget a motion onto a rig (Lu 2009, planted feet pinned)");
  cmd->add_option("RIG", o->rig, "character with a skeleton, or a rig .json")->required();
  cmd->add_option("MOTION", o->motion, "motion file (BVH or any animated file Assimp reads)")
      ->required();
  cmd->add_option("-o,--output", o->out,
                  "OUT.json: the retargeted clips; OUT.fbx|.glb|.gltf: the rig's character with "
                  "the clips added to its animations")
      ->required();
  cmd->add_option("--map", o->map, "joint map JSON: {\"motion joint\": \"rig joint\"}");
  addPresetOption(cmd, o->preset);
  cmd->add_option("--json", o->json, "write the quality report to this file ('-' for stdout)");
  cmd->add_option("--clip", o->clip, "the motion's clip to retarget, by name, or 'all'")
      ->capture_default_str();
  cmd->add_option("--fps", o->params.framesPerSecond, "output frame rate (default: the motion's)")
      ->check(finiteRange(1.0, 1000.0));
  cmd->callback([o, &exitCode] {
    exitCode = kExitBadInput;
    if (!checkOutputFormat(o->out)) return;
    // The rig's whole character (mesh and weights too) when there is one: its rest mesh is the
    // floor the motion stands on, and the report measures the skinned mesh.
    Character character;
    std::map<std::string, std::string> userMap;
    if (endsWith(o->rig, ".json")) {
      Expected<RigDocument> doc = readRigJson(o->rig);
      if (!doc) {
        std::cerr << doc.error().message << std::endl;
        return;
      }
      userMap = doc->jointMap;
      character = loadRigCharacterOrExit(o->rig, *doc);
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
    const Expected<std::vector<int>> clips = selectClips(motion, o->clip, o->motion);
    if (!clips) {
      std::cerr << clips.error().message << std::endl;
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
    auto map = matchJoints(motion.skeleton, rig, userMap, matchParamsFor(motion, character));
    if (!map) {
      std::cerr << o->rig << ": " << map.error().message << std::endl;
      exitCode = map.error().message.rfind("joint map", 0) == 0 ? kExitBadInput : kExitCannotDo;
      return;
    }
    std::vector<ClipTransfer> done;
    for (int c : *clips) {
      Expected<ClipTransfer> t = transferClip(motion, c, character, *map, o->params);
      if (!t) {
        std::cerr << o->motion << ": clip '" << motion.clips[c].name << "': " << t.error().message
                  << std::endl;
        exitCode = kExitCannotDo;
        return;
      }
      done.push_back(std::move(*t));
    }
    // .json: the clips alone; .fbx / .glb / .gltf: the rig's character with the clips added to
    // its own clips (renamed if one of them has its name).
    nlohmann::json reports = nlohmann::json::array();
    std::vector<AnimationClip> added;
    for (ClipTransfer& t : done) {
      t.result.clip.name = uniqueClipName(character.clips, t.result.clip.name);
      character.clips.push_back(t.result.clip);
      added.push_back(t.result.clip);
      reports.push_back(clipReport(t));
    }
    Status written;
    if (isCharacterOutput(o->out)) {
      written = exportCharacter(character, o->out, presetSettings(o->preset));
    } else if (added.size() == 1) {
      written = writeJsonFile(o->out, clipToJson(added.front(), rig), -1);
    } else {
      nlohmann::json all = {{"format", "rigwright-clips"}, {"version", 1}, {"clips", {}}};
      for (const AnimationClip& clip : added) all["clips"].push_back(clipToJson(clip, rig));
      written = writeJsonFile(o->out, all, -1);
    }
    if (Status bad = written) {
      std::cerr << bad->message << std::endl;
      return;
    }
    // The first clip's numbers stay at the top level (the report of a one-clip motion), every
    // clip's under "clips".
    nlohmann::json report = reports.front();
    report["rig"] = o->rig;
    report["motion"] = o->motion;
    report["jointMap"] = jointMapReport(*map, motion.skeleton, rig);
    report["unmappedMotionJoints"] = map->unmappedSource;
    report["unmappedRigJoints"] = map->unmappedTarget;
    report["clips"] = reports;
    if (!writeJsonReport(o->json, report)) {
      exitCode = kExitBadInput;
      return;
    }
    for (const ClipTransfer& t : done) {
      const RetargetMetrics& m = t.metrics;
      std::cout << o->out << ": '" << t.result.clip.name << "' " << m.frames << " frames @ "
                << m.clipFramesPerSecond << " fps; skate " << m.footSkatePercentLegPerSecond
                << " % leg/s, penetration "
                << (t.ground ? t.ground->maxPenetration : m.maxPenetration) << ", fidelity "
                << m.poseFidelityDegrees << " deg, " << m.retargetFramesPerSecond << " frames/s\n";
    }
    std::cout << o->out << ": " << map->unmappedSource.size() << " motion / "
              << map->unmappedTarget.size() << " rig joints unmapped\n";
    exitCode = kExitOk;
  });
}

}  // namespace rw::cli

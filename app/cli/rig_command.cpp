#include "cli/rig_command.h"

#include <chrono>
#include <iostream>
#include <memory>

#include "cli/character_output.h"
#include "cli/clip_transfer.h"
#include "cli/exit_codes.h"
#include "cli/load_or_exit.h"
#include "cli/retarget_options.h"
#include "io/export/export_character.h"
#include "io/retarget_report.h"
#include "io/rig_json.h"
#include "motion/joint_correspondence.h"
#include "motion/retarget_metrics.h"
#include "motion/retarget_motion.h"
#include "skin/bone_heat.h"

namespace rw::cli {

void addRigCommand(CLI::App& app, int& exitCode) {
  struct Options : RetargetOptions {
    std::string motion, out, json, clip = "all";
    std::string preset = "none";
  };
  auto o = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand(
      "rig", "The whole chain: retarget a skeleton into a mesh, skin it, put a motion on it");
  addRetargetOptions(cmd, *o);
  cmd->add_option("MOTION", o->motion, "motion to put on the rig (BVH or any animated file)");
  cmd->add_option("-o,--output", o->out, "OUT.fbx, OUT.glb, OUT.gltf or OUT.json")->required();
  addPresetOption(cmd, o->preset);
  cmd->add_option("--json", o->json, "write the report to this file ('-' for stdout)");
  cmd->add_option("--clip", o->clip, "the motion's clip to put on the rig, by name, or 'all'")
      ->capture_default_str();
  cmd->callback([o, &exitCode] {
    using Clock = std::chrono::steady_clock;
    if (!checkOutputFormat(o->out)) {
      exitCode = kExitBadInput;
      return;
    }
    Character motion;
    std::vector<int> clips;
    if (!o->motion.empty()) {  // read first: a bad motion file costs nothing
      motion = loadOrExit(o->motion);
      if (motion.skeleton.empty() || motion.clips.empty()) {
        std::cerr << o->motion << ": the file has no skeleton animation" << std::endl;
        exitCode = kExitBadInput;
        return;
      }
      Expected<std::vector<int>> chosen = selectClips(motion, o->clip, o->motion);
      if (!chosen) {
        std::cerr << chosen.error().message << std::endl;
        exitCode = kExitBadInput;
        return;
      }
      clips = *chosen;
    }
    const std::unique_ptr<RetargetRun> run = runRetargetOrReport(*o, exitCode);
    if (!run) return;
    nlohmann::json report = retargetReport(*run->session);
    report["partial"] = partialReport(*o, *run);
    if (!run->skeletonHeadReason.empty()) report["skeleton_head_auto"] = run->skeletonHeadReason;
    if (!run->meshHeadReason.empty()) report["mesh_head_auto"] = run->meshHeadReason;
    Character character;
    character.sourcePath = o->mesh;
    character.mesh = run->meshCharacter->mesh;
    character.skeleton = run->session->retargeted()->skeleton;

    auto t0 = Clock::now();
    Expected<BoneHeatResult> skin = boneHeatWeights(character.mesh, character.skeleton);
    if (!skin) {
      std::cerr << o->mesh << ": skinning failed: " << skin.error().message << std::endl;
      exitCode = kExitCannotDo;
      return;
    }
    character.skin = skin->weights;
    report["stage_seconds"]["skin"] = std::chrono::duration<double>(Clock::now() - t0).count();

    if (!o->motion.empty()) {
      t0 = Clock::now();
      Expected<JointCorrespondence> map = matchJoints(motion.skeleton, character.skeleton);
      if (!map) {
        std::cerr << o->motion << ": " << map.error().message << std::endl;
        exitCode = kExitCannotDo;
        return;
      }
      nlohmann::json reports = nlohmann::json::array();
      for (int c : clips) {
        Expected<ClipTransfer> moved = transferClip(motion, c, character, *map, {});
        if (!moved) {
          std::cerr << o->motion << ": clip '" << motion.clips[c].name
                    << "': " << moved.error().message << std::endl;
          exitCode = kExitCannotDo;
          return;
        }
        moved->result.clip.name = uniqueClipName(character.clips, moved->result.clip.name);
        character.clips.push_back(moved->result.clip);
        reports.push_back(clipReport(*moved));
      }
      report["stage_seconds"]["motion"] = std::chrono::duration<double>(Clock::now() - t0).count();
      // The first clip's summary under "motion" (as for a one-clip file), every clip's under
      // "clips".
      const nlohmann::json& first = reports.front();
      report["motion"] = {
          {"clip", first["clip"]},
          {"frames", first["frames"]},
          {"foot_skate_percent_leg_per_second", first["footSkate"]["percentLegPerSecond"]},
          {"max_penetration", first["groundPenetration"]},
          {"pose_fidelity_degrees", first["poseFidelityDegrees"]["mean"]}};
      report["clips"] = reports;
    }
    Status written;
    if (isCharacterOutput(o->out)) {
      written = exportCharacter(character, o->out, presetSettings(o->preset));
    } else {
      RigDocument rig = retargetedRig(*o, *run);
      rig.skin = character.skin;
      written = writeRigJson(rig, o->out);
    }
    if (!finishOutputs(o->out, written, o->json, report, exitCode)) return;
    std::cout << o->out << ": " << character.skeleton.size() << " bones ("
              << report["matches"].size() << " arcs matched, " << report["unplaced"].size()
              << " unplaced), weights on " << character.mesh.source.positions.size() << " vertices"
              << (character.clips.empty()
                      ? std::string()
                      : ", " + std::to_string(character.clips.size()) + " clip(s)")
              << "\n";
    for (const auto& w : report["warnings"])
      std::cerr << o->mesh << ": warning: " << w.get<std::string>() << std::endl;
    exitCode = kExitOk;
  });
}

}  // namespace rw::cli

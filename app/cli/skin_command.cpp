#include "cli/skin_command.h"

#include <filesystem>
#include <iostream>
#include <memory>

#include "cli/character_output.h"
#include "cli/exit_codes.h"
#include "cli/json_report.h"
#include "cli/load_or_exit.h"
#include "cli/number_checks.h"
#include "io/export/export_character.h"
#include "io/rig_json.h"
#include "skin/bone_heat.h"

namespace rw::cli {
namespace {

nlohmann::json skinReport(const std::string& file, const BoneHeatReport& r) {
  nlohmann::json loose = nlohmann::json::array();
  for (const LoosePart& p : r.looseParts)
    loose.push_back({{"vertices", p.vertices},
                     {"joints", p.joints},
                     {"distance", p.distance},
                     {"reason", p.reason}});
  return {{"file", file},
          {"deform_bones", r.deformBones},
          {"parts", r.components},
          {"solved_parts", r.solvedComponents},
          {"pivot_parts", {{"parts", r.pivotParts}, {"vertices", r.pivotVertices}}},
          {"heated_vertices", r.heatedVertices},
          {"boneless_vertices", r.bonelessVertices},
          {"isolated_vertices", r.isolatedVertices},
          {"loose_parts", loose},
          {"unweighted_bones", r.unweightedBones},
          {"mirror",
           {{"applied", r.mirror.applied},
            {"plane_x", r.mirror.planeX},
            {"paired_vertices", r.mirror.pairedVertices},
            {"paired_bones", r.mirror.pairedBones},
            {"reason", r.mirror.reason}}},
          {"limits",
           {{"pruned_influences", r.limits.prunedInfluences},
            {"limited_vertices", r.limits.limitedVertices},
            {"max_influences_before", r.limits.maxInfluencesBefore}}},
          {"seconds",
           {{"nearest", r.nearestSeconds},
            {"visibility", r.visibilitySeconds},
            {"factor", r.factorSeconds},
            {"solve", r.solveSeconds},
            {"finish", r.finishSeconds},
            {"total", r.totalSeconds}}},
          {"notes", r.notes}};
}

}  // namespace

void addSkinCommand(CLI::App& app, int& exitCode) {
  struct Options {
    std::string file, out, json;
    std::string preset = "none";
    BoneHeatParams params;
    bool noMirror = false;
  };
  auto options = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand(
      "skin", "Skin weights by bone heat (Baran & Popović 2007 §4) into a rig file");
  cmd->add_option("FILE", options->file,
                  "a character with mesh and skeleton, or a rig .json naming its mesh")
      ->required();
  cmd->add_option("-o,--output", options->out,
                  "OUT.json: the rig with a \"skin\" section; OUT.fbx|.glb|.gltf: the "
                  "character with the new weights")
      ->required();
  addPresetOption(cmd, options->preset);
  cmd->add_option("--max-influences", options->params.limits.maxInfluences,
                  "influences per vertex (0 = all)")
      ->capture_default_str()
      ->check(CLI::Range(0, 64));
  cmd->add_option("--prune", options->params.limits.pruneBelow,
                  "weights below this vanish (smooth ramp above)")
      ->capture_default_str()
      ->check(finiteRange(0.0, 0.5));
  cmd->add_flag("--no-mirror", options->noMirror,
                "do not mirror the weights of a symmetric character");
  cmd->add_option("--json", options->json,
                  "write a JSON report (timings, loose parts) to this file ('-' for stdout)");
  cmd->callback([options, &exitCode] {
    if (!checkOutputFormat(options->out)) {
      exitCode = kExitBadInput;
      return;
    }
    RigDocument rig;
    Character character;
    const bool isRig = std::filesystem::path(options->file).extension() == ".json";
    if (isRig) {
      Expected<RigDocument> read = readRigJson(options->file);
      if (!read) {
        std::cerr << read.error().message << std::endl;
        exitCode = kExitBadInput;
        return;
      }
      rig = std::move(read).value();
      if (rig.meshPath.empty()) {
        std::cerr << options->file << ": the rig names no mesh (source.mesh)" << std::endl;
        exitCode = kExitBadInput;
        return;
      }
      character = loadRigCharacterOrExit(options->file, rig);
    } else {
      character = loadOrExit(options->file);
      rig.skeleton = character.skeleton;
      rig.meshPath = std::filesystem::absolute(options->file).string();
    }
    if (character.mesh.empty()) {
      std::cerr << options->file << ": has no mesh to skin" << std::endl;
      exitCode = kExitBadInput;
      return;
    }
    if (character.skeleton.deformCount() == 0) {
      std::cerr << options->file << ": has no skeleton (no deform bone) to skin with" << std::endl;
      exitCode = kExitBadInput;
      return;
    }
    options->params.mirror.enabled = !options->noMirror;
    Expected<BoneHeatResult> heat =
        boneHeatWeights(character.mesh, character.skeleton, options->params);
    if (!heat) {
      std::cerr << options->file << ": " << heat.error().message << std::endl;
      exitCode = kExitCannotDo;
      return;
    }
    // .json: the rig file with its "skin" section; .fbx / .glb / .gltf: the whole character
    // (mesh, skeleton, clips) with the new weights in place of the file's own.
    const bool toCharacter = isCharacterOutput(options->out);
    const int skinned = heat->weights.vertexCount();
    if (toCharacter)  // moved, not copied: only one of them is written
      character.skin = std::move(heat->weights);
    else
      rig.skin = std::move(heat->weights);
    if (Status bad = toCharacter
                         ? exportCharacter(character, options->out, presetSettings(options->preset))
                         : writeRigJson(rig, options->out)) {
      std::cerr << bad->message << std::endl;
      exitCode = kExitBadInput;
      return;
    }
    const nlohmann::json report = skinReport(options->file, heat->report);
    if (!writeJsonReport(options->json, report)) {
      exitCode = kExitBadInput;
      return;
    }
    std::cout << options->file << ": " << skinned << " vertices skinned to "
              << heat->report.deformBones << " deform bones in " << heat->report.totalSeconds
              << " s\n";
    for (const std::string& note : heat->report.notes) std::cout << "  " << note << "\n";
  });
}

}  // namespace rw::cli

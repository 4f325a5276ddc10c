#include "cli/autorig_command.h"

#include <filesystem>
#include <future>
#include <iostream>
#include <memory>

#include "autorig/autorig.h"
#include "cli/character_output.h"
#include "cli/exit_codes.h"
#include "cli/json_report.h"
#include "cli/load_or_exit.h"
#include "cli/mesh_head.h"
#include "cli/number_checks.h"
#include "io/export/export_character.h"
#include "io/rig_json.h"
#include "skin/bone_heat.h"
#include "util/stopwatch.h"

namespace rw::cli {
namespace {

nlohmann::json finite(double v) {
  return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json();
}

/// Seconds of the command's own stages around the engine's: reading the file, skinning, writing.
struct CommandSeconds {
  double read = 0, skin = 0, write = 0;
};

nlohmann::json autorigReport(const std::string& file, const AutorigResult& r, int headVertex,
                             const CommandSeconds& own) {
  nlohmann::json stages = nlohmann::json::object();
  double total = 0;
  stages["read"] = own.read, total += own.read;
  for (const auto& [stage, seconds] : r.stageSeconds) stages[stage] = seconds, total += seconds;
  if (own.skin > 0) stages["skin"] = own.skin, total += own.skin;
  stages["write"] = own.write, total += own.write;
  nlohmann::json joints = nlohmann::json::array();
  const std::vector<Transform> rest = r.skeleton.restGlobals();
  for (int j = 0; j < r.skeleton.size(); ++j) {
    const Joint& joint = r.skeleton.joints[j];
    const Eigen::Vector3d p = rest[j].translation();
    joints.push_back(
        {{"name", joint.name},
         {"parent", joint.parent >= 0 ? nlohmann::json(r.skeleton.joints[joint.parent].name)
                                      : nlohmann::json()},
         {"position", {p.x(), p.y(), p.z()}},
         {"tag", r.tags.at(joint.name).tag}});
  }
  return {{"file", file},
          {"head_vertex", headVertex},
          {"class", bodyClassName(r.bodyClass())},
          {"reason", r.classification.reason},
          {"spine_dot_np", finite(r.classification.spineDotNP)},
          {"spine_dot_ns", finite(r.classification.spineDotNS)},
          {"joint_count", r.skeleton.size()},
          {"joints", joints},
          {"notes", r.notes},
          {"stage_seconds", stages},
          {"total_seconds", total}};
}

}  // namespace

void addAutorigCommand(CLI::App& app, int& exitCode) {
  struct Options {
    std::string mesh, head = "auto", out, json;
    std::string preset = "none";
    bool skin = false;
    AutorigOptions params;
  };
  auto options = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand(
      "autorig",
      "Automatic skeleton for a mesh without one (Aujay 2007: biped, quadruped or generic)");
  cmd->add_option("MESH", options->mesh, "character mesh (any format Assimp reads)")->required();
  cmd->add_option("--head", options->head,
                  "head node: vertex:N, x,y,z or auto (auto = top of the largest part; give "
                  "quadrupeds a point at the front of the head)")
      ->capture_default_str();
  cmd->add_option("-o,--output", options->out,
                  "OUT.json (rig file), OUT.fbx, OUT.glb or OUT.gltf (the mesh with the skeleton)")
      ->required();
  addPresetOption(cmd, options->preset);
  cmd->add_flag("--skin", options->skin, "also compute bone-heat skin weights for the skeleton");
  cmd->add_option("--json", options->json, "write the JSON report to this file ('-' for stdout)");
  cmd->add_option("--levels", options->params.graph.multires.levels,
                  "resolution levels of the mesh graph (Poirier §4.2)")
      ->capture_default_str()
      ->check(CLI::Range(1, 100));
  cmd->add_option("--filter", options->params.graph.multires.filterFraction,
                  "coarsest filter threshold, as a fraction of the graph length")
      ->capture_default_str()
      ->check(finiteRange(0.0, 1.0));
  cmd->add_option("--length-threshold", options->params.graph.symmetry.lengthThreshold,
                  "symmetry length threshold C, as a fraction of the longest arc of a group")
      ->capture_default_str()
      ->check(finiteRange(0.0, 1.0));
  cmd->callback([options, &exitCode] {
    if (!exportFormatFor(options->out)) {
      std::cerr << options->out << ": unknown output format (use .json, .fbx, .glb or .gltf)"
                << std::endl;
      exitCode = kExitBadInput;
      return;
    }
    const bool isRigJson = *exportFormatFor(options->out) == ExportFormat::RigJson;
    CommandSeconds own;
    const auto readStart = SteadyClock::now();
    Character character = loadOrExit(options->mesh);
    own.read = secondsSince(readStart);
    if (character.mesh.empty()) {
      std::cerr << options->mesh << ": has no mesh to rig" << std::endl;
      exitCode = kExitBadInput;
      return;
    }
    // Bone heat's preparation of the surface needs the mesh alone: it runs on another thread
    // while the head is found and the skeleton built, whose stages leave a core free most of the
    // time.
    std::future<PreparedSkinSurface> skinSurface;
    if (options->skin)
      skinSurface = std::async(std::launch::async,
                               [&mesh = character.mesh] { return prepareSkinSurface(mesh); });
    std::string headReason;
    Expected<int> head = resolveMeshHead(character.mesh, options->head, headReason);
    if (!head) {
      std::cerr << options->mesh << ": " << head.error().message << std::endl;
      exitCode = kExitBadInput;
      return;
    }
    Expected<AutorigResult> rig = autorig(character.mesh, *head, options->params);
    if (!rig) {
      std::cerr << options->mesh << ": " << rig.error().message << std::endl;
      exitCode = kExitCannotDo;
      return;
    }
    RigDocument doc;
    doc.skeleton = rig->skeleton;
    doc.meshPath = std::filesystem::absolute(options->mesh).string();
    // The rig file records the head as a file vertex (the first one welded into it).
    if (const int v = character.mesh.firstSourceVertex(*head); v >= 0) doc.meshHeadVertex = v;
    doc.symmetryTags = rig->tags;
    doc.parameters["autorig"] = {
        {"class", bodyClassName(rig->bodyClass())},
        {"head", options->head},
        {"levels", options->params.graph.multires.levels},
        {"filter", options->params.graph.multires.filterFraction},
        {"length_threshold", options->params.graph.symmetry.lengthThreshold}};
    character.skeleton = rig->skeleton;
    character.skin = {};
    character.clips.clear();
    if (options->skin) {
      const auto start = SteadyClock::now();
      Expected<BoneHeatResult> heat =
          boneHeatWeights(character.mesh, character.skeleton, {}, nullptr, skinSurface.get());
      if (!heat) {
        std::cerr << options->mesh << ": skinning the automatic skeleton: " << heat.error().message
                  << std::endl;
        exitCode = kExitCannotDo;
        return;
      }
      own.skin = secondsSince(start);
      // Moved into the one the output is written from: a copy of 274K vertices' weights costs
      // as long as bone heat's last stage.
      if (isRigJson)
        doc.skin = std::move(heat->weights);
      else
        character.skin = std::move(heat->weights);
    }
    const auto writeStart = SteadyClock::now();
    const Status bad =
        isRigJson ? writeRigJson(doc, options->out)
                  : exportCharacter(character, options->out, presetSettings(options->preset));
    if (bad) {
      std::cerr << bad->message << std::endl;
      exitCode = kExitBadInput;
      return;
    }
    own.write = secondsSince(writeStart);
    nlohmann::json report =
        autorigReport(options->mesh, *rig, doc.meshHeadVertex.value_or(-1), own);
    if (!headReason.empty()) report["mesh_head_auto"] = headReason;
    if (!writeJsonReport(options->json, report)) {
      exitCode = kExitBadInput;
      return;
    }
    std::cout << options->mesh << ": " << bodyClassName(rig->bodyClass()) << ", "
              << rig->skeleton.size() << " joints -> " << options->out << "\n  "
              << rig->classification.reason << "\n";
    for (const std::string& note : rig->notes) std::cout << "  " << note << "\n";
    std::cout << "  total " << report["total_seconds"].get<double>() * 1000 << " ms\n";
    exitCode = kExitOk;
  });
}

}  // namespace rw::cli

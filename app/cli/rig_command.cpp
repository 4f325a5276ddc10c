#include "cli/rig_command.h"

#include <iostream>
#include <memory>
#include <optional>

#include "cli/character_output.h"
#include "cli/clip_transfer.h"
#include "cli/exit_codes.h"
#include "cli/load_or_exit.h"
#include "cli/mesh_head.h"
#include "cli/retarget_options.h"
#include "embed/embedding_fallback.h"
#include "io/export/export_character.h"
#include "io/retarget_report.h"
#include "io/rig_json.h"
#include "motion/joint_correspondence.h"
#include "motion/retarget_character.h"
#include "motion/retarget_metrics.h"
#include "motion/retarget_motion.h"
#include "skin/bone_heat.h"
#include "util/stopwatch.h"

namespace rw::cli {

namespace {

struct Options : RetargetOptions {
  std::string motion, out, json, clip = "all";
  std::string preset = "none";
  std::string method = "retarget";
};

/// The mesh with the skeleton placed in it, the report so far and the rig file's content.
struct PlacedRig {
  Character character;
  nlohmann::json report;
  RigDocument document;
};

/// Each joint's method and the decision, for the report.
nlohmann::json placementReport(const std::string& asked, const Skeleton& skeleton,
                               const FallbackPlacement& placement) {
  nlohmann::json joints = nlohmann::json::object();
  for (int j = 0; j < skeleton.size(); ++j)
    joints[skeleton.joints[j].name] = placementMethodName(placement.method[j]);
  return {{"method", asked},
          {"decision", placement.decision},
          {"reason", placement.reason},
          {"disagreement_percent", 100.0 * placement.disagreement},
          {"joints_from_embedding", placement.jointsFromEmbedding},
          {"joints", joints}};
}

/// A rig file for a skeleton the embedding placed (wholly or in part).
RigDocument embeddedRig(const Options& o, const Skeleton& placed) {
  RigDocument rig;
  rig.skeleton = placed;
  rig.meshPath = o.mesh;
  rig.skeletonPath = o.skeleton;
  rig.parameters["method"] = o.method;
  return rig;
}

/// The mesh of `o.mesh` with `skeleton` placed in it; report and rig file still empty.
PlacedRig placedOn(const Options& o, const Mesh& mesh, const Skeleton& skeleton) {
  PlacedRig placed;
  placed.character.sourcePath = o.mesh;
  placed.character.mesh = mesh;
  placed.character.skeleton = skeleton;
  return placed;
}

/// `--method retarget`: graph matching and placement (Poirier & Paquette).
std::optional<PlacedRig> placeByRetarget(const Options& o, int& exitCode) {
  const std::unique_ptr<RetargetRun> run = runRetargetOrReport(o, exitCode);
  if (!run) return std::nullopt;
  PlacedRig placed = placedOn(o, run->meshCharacter->mesh, run->session->retargeted()->skeleton);
  placed.report = retargetReport(*run->session);
  placed.report["stage_seconds"]["read"] = run->readSeconds;
  placed.report["partial"] = partialReport(o, *run);
  if (!run->skeletonHeadReason.empty())
    placed.report["skeleton_head_auto"] = run->skeletonHeadReason;
  if (run->ownSpineDepth) placed.report["spine_depth_own_mesh"] = *run->ownSpineDepth;
  if (!run->meshHeadReason.empty()) placed.report["mesh_head_auto"] = run->meshHeadReason;
  placed.document = retargetedRig(o, *run);
  return placed;
}

/// `--method embed`: Baran & Popović's embedding alone; no head vertex needed (one given by hand
/// tells a four-legged skeleton which way the body faces).
std::optional<PlacedRig> placeByEmbedding(const Options& o, int& exitCode) {
  auto t0 = SteadyClock::now();
  const Character mesh = loadOrExit(o.mesh);
  const Character source = loadCharacterOrRigOrExit(o.skeleton);
  const double readSeconds = secondsSince(t0);
  if (mesh.mesh.positions.empty() || source.skeleton.empty()) {
    std::cerr << (source.skeleton.empty() ? o.skeleton + ": has no skeleton"
                                          : o.mesh + ": has no mesh to embed into")
              << std::endl;
    exitCode = kExitBadInput;
    return std::nullopt;
  }
  int head = -1;  // a head given by hand tells a long body's front
  if (o.meshHead != "auto") {
    std::string unused;
    const Expected<int> given = resolveMeshHead(mesh.mesh, o.meshHead, unused);
    if (!given) {
      std::cerr << o.mesh << ": " << given.error().message << std::endl;
      exitCode = kExitBadInput;
      return std::nullopt;
    }
    head = *given;
  }
  t0 = SteadyClock::now();
  const FallbackPlacement placement = embeddingPlacement(
      source.skeleton,
      embedSkeleton(mesh.mesh, source.skeleton, paramsWithMeshHead(mesh.mesh, head)),
      standaloneControlLinks(source.skeleton));
  const double embedSeconds = secondsSince(t0);
  if (placement.rig.skeleton.empty()) {
    std::cerr << o.mesh << ": cannot embed " << o.skeleton << ": " << placement.reason << std::endl;
    exitCode = kExitCannotDo;
    return std::nullopt;
  }
  PlacedRig placed = placedOn(o, mesh.mesh, placement.rig.skeleton);
  placed.report["placement"] = placementReport(o.method, source.skeleton, placement);
  placed.report["stage_seconds"] = {{"read", readSeconds}, {"embed", embedSeconds}};
  placed.document = embeddedRig(o, placement.rig.skeleton);
  return placed;
}

/// `--method auto`: the retarget, with the embedding for the joints matching could not place
/// (or for the whole skeleton when matching placed nothing or too little).
std::optional<PlacedRig> placeAuto(Options o, int& exitCode) {
  o.keepFailedRun = true;
  const std::unique_ptr<RetargetRun> run = runRetargetOrReport(o, exitCode);
  if (!run) return std::nullopt;
  const Skeleton& source = run->skeletonCharacter.skeleton;
  const Mesh& mesh = run->meshCharacter->mesh;
  const RetargetedSkeleton* retargeted =
      run->failure.empty() ? run->session->retargeted().get() : nullptr;
  const std::shared_ptr<const std::vector<ControlLink>> links = run->session->controlLinks();
  std::optional<SkeletonEmbedding> embedding;
  const FallbackPlacement placement = autoPlacement(
      source, retargeted,
      [&]() -> const SkeletonEmbedding& {
        if (!embedding)  // the retarget's head tells a long body's front
          embedding =
              embedSkeleton(mesh, source, paramsWithMeshHead(mesh, run->session->meshHead()));
        return *embedding;
      },
      mesh.size(), links ? *links : standaloneControlLinks(source));
  if (placement.rig.skeleton.empty()) {
    std::cerr << (run->failure.empty() ? o.mesh : run->failure) << "; " << placement.reason
              << std::endl;
    exitCode = kExitCannotDo;
    return std::nullopt;
  }
  PlacedRig placed = placedOn(o, mesh, placement.rig.skeleton);
  placed.report = retargeted ? retargetReport(*run->session) : nlohmann::json::object();
  if (!run->failure.empty()) placed.report["retarget_failure"] = run->failure;
  placed.report["stage_seconds"]["read"] = run->readSeconds;
  placed.report["placement"] = placementReport(o.method, source, placement);
  if (!run->skeletonHeadReason.empty())
    placed.report["skeleton_head_auto"] = run->skeletonHeadReason;
  if (run->ownSpineDepth) placed.report["spine_depth_own_mesh"] = *run->ownSpineDepth;
  if (retargeted) {
    placed.document = retargetedRig(o, *run);
    placed.document.skeleton = placement.rig.skeleton;
    placed.document.parameters["method"] = o.method;
  } else {
    placed.document = embeddedRig(o, placement.rig.skeleton);
  }
  std::cout << "placement: " << placement.decision << " (" << placement.reason << ")\n";
  return placed;
}

std::optional<PlacedRig> placeRig(const Options& o, int& exitCode) {
  switch (rigMethodFromName(o.method).value_or(RigMethod::Retarget)) {
    case RigMethod::Embed:
      return placeByEmbedding(o, exitCode);
    case RigMethod::Auto:
      return placeAuto(o, exitCode);
    case RigMethod::Retarget:
      break;
  }
  return placeByRetarget(o, exitCode);
}

}  // namespace

void addRigCommand(CLI::App& app, int& exitCode) {
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
  cmd->add_option("--method", o->method,
                  "how the skeleton is placed: retarget (graph matching, Poirier & Paquette), "
                  "embed (Baran & Popovic's embedding; no head needed, any topology) or auto "
                  "(retarget, the embedding for the joints matching cannot place)")
      ->check(CLI::IsMember({"retarget", "embed", "auto"}))
      ->capture_default_str();
  cmd->callback([o, &exitCode] {
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
    std::optional<PlacedRig> placed = placeRig(*o, exitCode);
    if (!placed) return;
    nlohmann::json& report = placed->report;
    Character& character = placed->character;

    auto t0 = SteadyClock::now();
    Expected<BoneHeatResult> skin = boneHeatWeights(character.mesh, character.skeleton);
    if (!skin) {
      std::cerr << o->mesh << ": skinning failed: " << skin.error().message << std::endl;
      exitCode = kExitCannotDo;
      return;
    }
    character.skin = std::move(skin->weights);  // moved: a copy costs as long as a stage
    report["stage_seconds"]["skin"] = secondsSince(t0);

    if (!o->motion.empty()) {
      t0 = SteadyClock::now();
      Expected<JointCorrespondence> map =
          matchJoints(motion.skeleton, character.skeleton, {}, matchParamsFor(motion, character));
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
      report["stage_seconds"]["motion"] = secondsSince(t0);
      // The first clip's summary under "motion" (as for a one-clip file), every clip's under
      // "clips".
      const nlohmann::json& first = reports.front();
      report["motion"] = {
          {"clip", first["clip"]},
          {"frames", first["frames"]},
          {"foot_skate_percent_leg_per_second", first["footSkate"]["percentLegPerSecond"]},
          {"max_penetration", first["groundPenetration"]},
          {"pose_fidelity_degrees", first["poseFidelityDegrees"]["mean"]},
          {"joint_map", jointMapReport(*map, motion.skeleton, character.skeleton)},
          {"unmapped_motion_joints", map->unmappedSource},
          {"unmapped_rig_joints", map->unmappedTarget}};
      report["clips"] = reports;
    }
    t0 = SteadyClock::now();
    Status written;
    if (isCharacterOutput(o->out)) {
      written = exportCharacter(character, o->out, presetSettings(o->preset));
    } else {
      placed->document.skin = std::move(character.skin);
      written = writeRigJson(placed->document, o->out);
    }
    report["stage_seconds"]["write"] = secondsSince(t0);
    if (!finishOutputs(o->out, written, o->json, report, exitCode)) return;
    std::cout << o->out << ": " << character.skeleton.size() << " bones (";
    if (report.contains("matches"))
      std::cout << report["matches"].size() << " arcs matched, " << report["unplaced"].size()
                << " unplaced";
    else
      std::cout << "embedded";
    std::cout << "), weights on " << character.mesh.source.positions.size() << " vertices"
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

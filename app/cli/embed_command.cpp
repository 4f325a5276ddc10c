#include "cli/embed_command.h"

#include <iostream>
#include <memory>

#include "cli/character_output.h"
#include "cli/exit_codes.h"
#include "cli/json_report.h"
#include "cli/load_or_exit.h"
#include "embed/embedding_fallback.h"
#include "embed/skeleton_embedding.h"
#include "io/export/export_character.h"
#include "io/rig_json.h"
#include "retarget/retarget_skeleton.h"
#include "util/stopwatch.h"

namespace rw::cli {
namespace {

const char* fateName(JointFate fate) {
  switch (fate) {
    case JointFate::Placed:
      return "embedded";
    case JointFate::Control:
      return "control";
    default:
      return "followed";
  }
}

nlohmann::json embedReport(const Skeleton& skeleton, const SkeletonEmbedding& e,
                           const RetargetedSkeleton& placed, double seconds) {
  nlohmann::json reduced = nlohmann::json::array();
  for (int i = 0; i < e.reduced.size(); ++i) {
    const ReducedJoint& r = e.reduced.joints[i];
    const Eigen::Vector3d& c = e.graph.centres[e.discrete.vertex[i]];
    reduced.push_back(
        {{"joint", skeleton.joints[r.joint].name},
         {"parent", r.parent >= 0
                        ? nlohmann::json(skeleton.joints[e.reduced.joints[r.parent].joint].name)
                        : nlohmann::json(nullptr)},
         {"centre", {c.x(), c.y(), c.z()}},
         {"foot", r.foot}});
  }
  // Followers (fingers, face bones) were carried by their hand or head, not embedded.
  std::vector<char> follower(skeleton.size(), 0);
  for (int f : e.reduced.followers) follower[f] = 1;
  nlohmann::json joints = nlohmann::json::object();
  for (int j = 0; j < skeleton.size(); ++j)
    joints[skeleton.joints[j].name] = follower[j] ? "followed" : fateName(placed.fate[j]);
  return {{"method", "embed (Baran & Popovic 2007, section 3)"},
          {"spheres", e.graph.size()},
          {"reduced_joints", reduced},
          {"penalty", e.discrete.penalty},
          {"search_expansions", e.discrete.expansions},
          {"optimal", e.discrete.optimal},
          {"skeleton_turn_degrees", 90 * e.quarterTurns},
          {"facing_from", e.facingReason},
          {"penalty_per_quarter_turn", e.facingPenalties},
          {"joints", joints},
          {"seconds", seconds}};
}

}  // namespace

void addEmbedCommand(CLI::App& app, int& exitCode) {
  struct Options {
    std::string mesh, skeleton, out, json, up, preset = "none";
  };
  auto o = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand(
      "embed", "Embed a skeleton into a mesh (Baran & Popovic 2007): no head vertex, any topology");
  cmd->add_option("mesh", o->mesh, "the character's mesh")->required();
  cmd->add_option("skeleton", o->skeleton, "the skeleton (a rig .json or any character file)")
      ->required();
  cmd->add_option("--up", o->up, "the mesh's up axis (y or z; default: the file's own)")
      ->check(CLI::IsMember({"y", "z"}));
  cmd->add_option("-o,--output", o->out, "OUT.json (rig), OUT.fbx, OUT.glb or OUT.gltf")
      ->required();
  addPresetOption(cmd, o->preset);
  cmd->add_option("--json", o->json, "write the embedding report to this file ('-' for stdout)");
  cmd->callback([o, &exitCode] {
    if (!checkOutputFormat(o->out)) {
      exitCode = kExitBadInput;
      return;
    }
    ImportOptions import;
    if (o->up == "y") import.upAxis = UpAxis::Y;
    if (o->up == "z") import.upAxis = UpAxis::Z;
    const Character mesh = loadOrExit(o->mesh, import);
    const Character source = loadCharacterOrRigOrExit(o->skeleton);
    const auto start = SteadyClock::now();
    const SkeletonEmbedding e = embedSkeleton(mesh.mesh, source.skeleton);
    if (!e.found) {
      std::cerr << o->mesh << ": cannot embed " << o->skeleton << ": " << e.reason << std::endl;
      exitCode = kExitCannotDo;
      return;
    }
    const RetargetedSkeleton placed =
        skeletonWithJointsAt(source.skeleton, e.position, standaloneControlLinks(source.skeleton));
    const double seconds = secondsSince(start);
    Status written;
    if (isCharacterOutput(o->out)) {
      Character out;
      out.sourcePath = o->mesh;
      out.mesh = mesh.mesh;
      out.skeleton = placed.skeleton;
      written = exportCharacter(out, o->out, presetSettings(o->preset));
    } else {
      RigDocument rig;
      rig.skeleton = placed.skeleton;
      rig.meshPath = o->mesh;
      rig.skeletonPath = o->skeleton;
      rig.parameters["method"] = "embed";
      written = writeRigJson(rig, o->out);
    }
    if (written) {
      std::cerr << o->out << ": " << written->message << std::endl;
      exitCode = kExitBadInput;
      return;
    }
    if (!writeJsonReport(o->json, embedReport(source.skeleton, e, placed, seconds))) {
      exitCode = kExitBadInput;
      return;
    }
    std::cout << o->mesh << " ← " << o->skeleton << ": embedded, " << e.reduced.size()
              << " chain ends on " << e.graph.size() << " spheres";
    if (e.quarterTurns)
      std::cout << " (skeleton turned " << 90 * e.quarterTurns << "° by " << e.facingReason << ")";
    std::cout << ", " << seconds * 1000 << " ms\n";
    exitCode = kExitOk;
  });
}

}  // namespace rw::cli

#include "cli/retarget_command.h"

#include <iostream>
#include <memory>

#include "cli/character_output.h"
#include "cli/exit_codes.h"
#include "cli/retarget_options.h"
#include "io/export/export_character.h"
#include "io/retarget_report.h"
#include "io/rig_json.h"
#include "session/rig_session.h"
#include "util/stopwatch.h"

namespace rw::cli {

void addRetargetCommand(CLI::App& app, int& exitCode) {
  struct Options : RetargetOptions {
    std::string out, json;
    std::string preset = "none";
  };
  auto o = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand(
      "retarget", "Retarget a skeleton (with its control bones) into a mesh (Poirier 2009)");
  addRetargetOptions(cmd, *o);
  cmd->add_option("-o,--output", o->out, "OUT.json (rig), OUT.fbx, OUT.glb or OUT.gltf")
      ->required();
  addPresetOption(cmd, o->preset);
  cmd->add_option("--json", o->json, "write the retarget report to this file ('-' for stdout)");
  cmd->callback([o, &exitCode] {
    if (!checkOutputFormat(o->out)) {
      exitCode = kExitBadInput;
      return;
    }
    const std::unique_ptr<RetargetRun> run = runRetargetOrReport(*o, exitCode);
    if (!run) return;
    const RigSession& session = *run->session;
    const GraphMatching& matching = *session.matching();
    const std::shared_ptr<Character>& meshCharacter = run->meshCharacter;
    const Character& skeletonCharacter = run->skeletonCharacter;
    nlohmann::json report = retargetReport(session);
    report["stage_seconds"]["read"] = run->readSeconds;
    report["partial"] = partialReport(*o, *run);
    if (!run->skeletonHeadReason.empty()) report["skeleton_head_auto"] = run->skeletonHeadReason;
    if (run->ownSpineDepth) report["spine_depth_own_mesh"] = *run->ownSpineDepth;
    if (!run->meshHeadReason.empty()) report["mesh_head_auto"] = run->meshHeadReason;
    const RetargetedSkeleton& result = *session.retargeted();
    const auto writeStart = SteadyClock::now();
    Status written;
    if (isCharacterOutput(o->out)) {
      Character out;
      out.sourcePath = o->mesh;
      out.mesh = meshCharacter->mesh;
      out.skeleton = result.skeleton;
      written = exportCharacter(out, o->out, presetSettings(o->preset));
    } else {
      written = writeRigJson(retargetedRig(*o, *run), o->out);
    }
    report["stage_seconds"]["write"] = secondsSince(writeStart);
    if (!finishOutputs(o->out, written, o->json, report, exitCode)) return;
    std::cout << o->mesh << " ← " << o->skeleton << ": " << matching.matches.size()
              << " arcs matched, " << matching.unmatched.size() << " unplaced\n";
    if (matching.partial)
      std::cout << "  partial: the subtree of " << o->partialJoint
                << " onto the mesh limb at vertex " << o->partialVertex
                << "; the rest of the skeleton is unchanged\n";
    for (const UnmatchedArc& u : matching.unmatched)
      std::cout << "  unplaced: "
                << jointLabel(skeletonCharacter.skeleton,
                              session.skeletonGraph()->graph.arcs[u.skeletonArc].members.back())
                << " (" << u.reason << ")\n";
    for (const StageTime& t : session.stageTimes())
      std::cout << "  " << rigStageName(t.stage) << ": " << t.seconds * 1000 << " ms\n";
    for (const auto& w : report["warnings"])
      std::cerr << o->mesh << ": warning: " << w.get<std::string>() << std::endl;
    exitCode = kExitOk;
  });
}

}  // namespace rw::cli

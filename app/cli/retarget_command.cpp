#include "cli/retarget_command.h"

#include <iostream>
#include <memory>

#include "cli/character_output.h"
#include "cli/exit_codes.h"
#include "cli/json_report.h"
#include "cli/load_or_exit.h"
#include "field/head_vertex.h"
#include "io/export/export_character.h"
#include "io/retarget_report.h"
#include "io/rig_json.h"
#include "session/rig_session.h"
#include "symmetry/symmetry_tags.h"

namespace rw::cli {

void addRetargetCommand(CLI::App& app, int& exitCode) {
  struct Options {
    std::string mesh, skeleton, meshHead = "auto", skeletonHead, out, json;
    RigParams params;
  };
  auto o = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand(
      "retarget", "Retarget a skeleton (with its control bones) into a mesh (Poirier 2009)");
  cmd->add_option("MESH", o->mesh, "character mesh (any format Assimp reads)")->required();
  cmd->add_option("SKELETON", o->skeleton, "skeleton: a rig .json or any file with bones")
      ->required();
  cmd->add_option("--mesh-head", o->meshHead, "mesh head node: vertex:N, x,y,z or auto")
      ->capture_default_str();
  cmd->add_option("--skeleton-head", o->skeletonHead, "skeleton head joint (name)")->required();
  PlacementParams& pp = o->params.placement;
  cmd->add_option("--gamma-angle", pp.gammaAngle, "γθ: weight of joint-angle changes")
      ->capture_default_str()
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--gamma-length", pp.gammaLength, "γl: weight of relative bone-length changes")
      ->capture_default_str()
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--gamma-distance", pp.gammaDistance,
                  "γx: weight of bones' distance from the mesh arc")
      ->capture_default_str()
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--samples", pp.samples, "candidate joint positions per mesh arc")
      ->capture_default_str()
      ->check(CLI::Range(3, 1000));
  cmd->add_option("--levels", o->params.mesh.multires.levels, "mesh graph resolution levels")
      ->capture_default_str()
      ->check(CLI::Range(1, 100));
  cmd->add_option("--filter", o->params.mesh.multires.filterFraction,
                  "coarsest filter threshold, as a fraction of the graph length")
      ->capture_default_str()
      ->check(CLI::Range(0.0, 1.0));
  cmd->add_option("--length-threshold", o->params.mesh.symmetry.lengthThreshold,
                  "symmetry length threshold C")
      ->capture_default_str()
      ->check(CLI::Range(0.0, 1.0));
  cmd->add_option("-o,--output", o->out, "OUT.json (rig), OUT.fbx, OUT.glb or OUT.gltf")
      ->required();
  cmd->add_option("--json", o->json, "write the retarget report to this file ('-' for stdout)");
  cmd->callback([o, &exitCode] {
    if (!checkOutputFormat(o->out)) {
      exitCode = kExitBadInput;
      return;
    }
    auto meshCharacter = std::make_shared<Character>(loadOrExit(o->mesh));
    if (meshCharacter->mesh.positions.empty()) {
      std::cerr << o->mesh << ": has no mesh to retarget into" << std::endl;
      exitCode = kExitBadInput;
      return;
    }
    const Character skeletonCharacter = loadCharacterOrRigOrExit(o->skeleton);
    if (skeletonCharacter.skeleton.empty()) {
      std::cerr << o->skeleton << ": has no skeleton" << std::endl;
      exitCode = kExitBadInput;
      return;
    }
    const int headJoint = skeletonCharacter.skeleton.indexOf(o->skeletonHead);
    if (headJoint < 0) {
      std::cerr << o->skeleton << ": no joint named '" << o->skeletonHead << "'" << std::endl;
      exitCode = kExitBadInput;
      return;
    }
    Expected<int> meshHead = resolveHeadVertex(meshCharacter->mesh, o->meshHead);
    if (!meshHead) {
      std::cerr << o->mesh << ": " << meshHead.error().message << std::endl;
      exitCode = kExitBadInput;
      return;
    }
    RigSession session;
    session.setMesh(std::shared_ptr<const Mesh>(meshCharacter, &meshCharacter->mesh));
    session.setSkeleton(std::make_shared<const Skeleton>(skeletonCharacter.skeleton));
    session.setMeshHead(*meshHead);
    session.setSkeletonHead(headJoint);
    session.setParams(o->params);
    if (Status st = session.run()) {
      std::cerr << o->mesh << ": " << st->message << std::endl;
      exitCode = kExitCannotDo;
      return;
    }
    const GraphMatching& matching = *session.matching();
    if (matching.matches.empty()) {
      std::cerr << o->mesh << ": no skeleton arc of " << o->skeleton
                << " matches the mesh graph from these head nodes";
      if (!matching.unmatched.empty())
        std::cerr << " (" << matching.unmatched.front().reason << ")";
      std::cerr << std::endl;
      exitCode = kExitCannotDo;
      return;
    }
    const RetargetedSkeleton& result = *session.retargeted();
    Status written;
    if (isCharacterOutput(o->out)) {
      Character out;
      out.sourcePath = o->mesh;
      out.mesh = meshCharacter->mesh;
      out.skeleton = result.skeleton;
      written = exportCharacter(out, o->out);
    } else {
      RigDocument rig;
      rig.skeleton = result.skeleton;
      rig.meshPath = o->mesh;
      rig.skeletonPath = o->skeleton;
      rig.meshHeadVertex = *meshHead;
      rig.skeletonHeadJoint = o->skeletonHead;
      const SkeletonGraph& g = *session.skeletonGraph();
      const GraphSymmetry& sym = *session.skeletonSymmetry();
      for (int j = 0; j < result.skeleton.size(); ++j) {
        const int arc = g.arcOfJoint[j];
        if (arc < 0) continue;
        JointTag tag;
        tag.tag = symmetryTagName(sym.arcs[arc].tag);
        if (sym.arcs[arc].side != SymmetrySide::None)
          tag.side = symmetrySideName(sym.arcs[arc].side);
        tag.radialIndex = sym.arcs[arc].radialIndex;
        rig.symmetryTags[result.skeleton.joints[j].name] = tag;
      }
      rig.parameters = retargetReport(session)["parameters"];
      written = writeRigJson(rig, o->out);
    }
    if (written) {
      std::cerr << o->out << ": " << written->message << std::endl;
      exitCode = kExitBadInput;
      return;
    }
    if (!writeJsonReport(o->json, retargetReport(session))) {
      exitCode = kExitBadInput;
      return;
    }
    std::cout << o->mesh << " ← " << o->skeleton << ": " << matching.matches.size()
              << " arcs matched, " << matching.unmatched.size() << " unplaced\n";
    for (const UnmatchedArc& u : matching.unmatched)
      std::cout << "  unplaced: "
                << jointLabel(skeletonCharacter.skeleton,
                              session.skeletonGraph()->graph.arcs[u.skeletonArc].members.back())
                << " (" << u.reason << ")\n";
    for (const StageTime& t : session.stageTimes())
      std::cout << "  " << rigStageName(t.stage) << ": " << t.seconds * 1000 << " ms\n";
    exitCode = kExitOk;
  });
}

}  // namespace rw::cli

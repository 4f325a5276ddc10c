#include "cli/eval_command.h"

#include <iostream>
#include <memory>

#include "cli/exit_codes.h"
#include "cli/json_report.h"
#include "cli/load_or_exit.h"
#include "io/rig_json.h"
#include "skin/skin_eval.h"

namespace rw::cli {

void addEvalCommand(CLI::App& app, int& exitCode) {
  struct Options {
    std::string rig, reference, json;
  };
  auto o = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand("eval", "Compare a rig's skin weights with a reference rig's");
  cmd->add_option("RIG", o->rig, "rig .json with a \"skin\" section (rigwright-cli skin)")
      ->required();
  cmd->add_option("--reference", o->reference,
                  "the reference character (its own weights and clips)")
      ->required();
  cmd->add_option("--json", o->json, "write the metrics to this file ('-' for stdout)");
  cmd->callback([o, &exitCode] {
    exitCode = kExitBadInput;
    Expected<RigDocument> rig = readRigJson(o->rig);
    if (!rig) {
      std::cerr << rig.error().message << std::endl;
      return;
    }
    const Character reference = loadOrExit(o->reference);
    if (!rig->skin || rig->skin->empty()) {
      std::cerr << o->rig << ": has no skin weights to evaluate (run rigwright-cli skin)"
                << std::endl;
      return;
    }
    const SkinWeights& theirs = *rig->skin;
    if (theirs.vertexCount() != int(reference.mesh.source.positions.size())) {
      std::cerr << o->rig << ": weights for " << theirs.vertexCount() << " vertices, but "
                << o->reference << " has " << reference.mesh.source.positions.size() << std::endl;
      return;
    }
    if (reference.skin.empty()) {
      std::cerr << o->reference << ": has no skin weights to compare with" << std::endl;
      return;
    }
    // Our joints by name onto the reference skeleton.
    SkinWeights ours;
    ours.perVertex.resize(theirs.perVertex.size());
    int unmatched = 0;
    for (std::size_t v = 0; v < ours.perVertex.size(); ++v)
      for (const Influence& i : theirs.perVertex[v]) {
        const int j = reference.skeleton.indexOf(rig->skeleton.joints[i.joint].name);
        if (j < 0) {
          ++unmatched;
          continue;
        }
        ours.perVertex[v].push_back({j, i.weight});
      }
    const SkinEvalMetrics m = evaluateSkin(reference, ours);
    const nlohmann::json report = {{"rig", o->rig},
                                   {"reference", o->reference},
                                   {"skin",
                                    {{"vertices", m.vertices},
                                     {"influence_precision", m.precision},
                                     {"influence_recall", m.recall},
                                     {"mean_l1", m.meanL1},
                                     {"clip", m.clip},
                                     {"poses", m.poses},
                                     {"mean_distance", m.meanDistance},
                                     {"max_distance", m.maxDistance},
                                     {"mean_distance_relative", m.meanDistanceRelative},
                                     {"max_distance_relative", m.maxDistanceRelative},
                                     {"influences_on_unknown_joints", unmatched}}}};
    if (!writeJsonReport(o->json, report)) return;
    std::cout << o->rig << " vs " << o->reference << ": precision " << m.precision << ", recall "
              << m.recall << ", mean L1 " << m.meanL1 << ", deformation mean "
              << 100 * m.meanDistanceRelative << "% / max " << 100 * m.maxDistanceRelative
              << "% of size over '" << m.clip << "'\n";
    exitCode = kExitOk;
  });
}

}  // namespace rw::cli

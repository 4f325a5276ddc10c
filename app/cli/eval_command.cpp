#include "cli/eval_command.h"

#include <cstdio>
#include <iostream>
#include <memory>

#include "cli/clip_transfer.h"
#include "cli/exit_codes.h"
#include "cli/json_report.h"
#include "cli/load_or_exit.h"
#include "cli/number_checks.h"
#include "motion/ground_contact.h"
#include "skeleton/skeleton_metrics.h"
#include "skin/skin_eval.h"

namespace rw::cli {
namespace {

struct Options {
  std::string rig, reference, json;
  std::string clip;  ///< the reference's clip the skins are compared over (empty: its first)
  bool matchNames = false;
  SkeletonMetricsParams skeleton;
};

/// The skeleton section of the report (and a line of text), or an empty json with a note.
nlohmann::json skeletonSection(const Character& rig, const Character& reference, const Options& o,
                               std::vector<std::string>& notes, std::string& text) {
  // The reference's size: its mesh when it has one (what tolerances mean everywhere else),
  // else the box of the joints compared.
  const bool fromMesh = !reference.mesh.empty();
  const double size = fromMesh ? reference.mesh.size()
                               : jointBoxDiagonal(reference.skeleton, o.skeleton.includeControl);
  Expected<SkeletonMetrics> m =
      compareSkeletons(rig.skeleton, reference.skeleton, size, o.skeleton);
  if (!m) {
    notes.push_back("skeleton metrics skipped: " + m.error().message);
    return {};
  }
  nlohmann::json section = {{"size", m->size},
                            {"size_from", fromMesh ? "reference mesh" : "reference joints"},
                            {"joints", m->joints},
                            {"reference_joints", m->referenceJoints},
                            {"include_control", o.skeleton.includeControl},
                            {"cd_j2j", m->cdJ2J},
                            {"cd_j2b", m->cdJ2B},
                            {"cd_b2b", m->cdB2B},
                            {"match_tolerance", o.skeleton.matchTolerance},
                            {"matched", m->matched},
                            {"joint_precision", m->precision},
                            {"joint_recall", m->recall}};
  char line[256];
  std::snprintf(line, sizeof line,
                "skeleton: CD-J2J %.3f%%, CD-J2B %.3f%%, CD-B2B %.3f%% of size %.4g; joints "
                "matched within %.3g%%: %d (precision %.3f, recall %.3f)\n",
                100 * m->cdJ2J, 100 * m->cdJ2B, 100 * m->cdB2B, m->size,
                100 * o.skeleton.matchTolerance, m->matched, m->precision, m->recall);
  text += line;
  if (o.matchNames) {
    const NamedJointErrors named =
        jointErrorsByName(rig.skeleton, reference.skeleton, m->size, o.skeleton.includeControl);
    nlohmann::json table = nlohmann::json::array();
    text += "joint errors by name (distance, % of size):\n";
    for (const NamedJointErrors::Entry& e : named.matched) {
      table.push_back({{"name", e.name}, {"distance", e.distance}, {"relative", e.relative}});
      std::snprintf(line, sizeof line, "  %-32s %12.6g %9.3f%%\n", e.name.c_str(), e.distance,
                    100 * e.relative);
      text += line;
    }
    for (const std::string& name : named.missingInReference)
      text += "  " + name + ": not in the reference\n";
    section["by_name"] = table;
    section["missing_in_reference"] = named.missingInReference;
  }
  return section;
}

/// The motion section: each clip of each side that has a skinned mesh, on the floor its rest
/// mesh stands on (measureClipGroundContact), in % of height.
nlohmann::json motionSection(const Character& character, std::string& text) {
  nlohmann::json clips = nlohmann::json::array();
  if (character.mesh.empty() || character.skin.empty()) return clips;
  for (const AnimationClip& clip : character.clips) {
    const GroundContact g = measureClipGroundContact(character, clip);
    nlohmann::json entry = groundReport(g);
    entry["clip"] = clip.name;
    entry["frames"] = g.frames;
    clips.push_back(std::move(entry));
    char line[256];
    std::snprintf(line, sizeof line,
                  "motion '%s': planted soles mean %.2f%%, worst %.2f%% of height; deepest "
                  "vertex %.2f%%\n",
                  clip.name.c_str(), g.percent(g.meanPlantedOffset), g.percent(g.maxPlantedOffset),
                  g.percent(g.maxPenetration));
    text += line;
  }
  return clips;
}

/// The skin section: the rig's weights (by joint name) against the reference's, over the
/// reference's clip. Empty with a note when either side has no weights; false when the weights
/// cannot belong to the reference's mesh (a bad input).
bool skinSection(const Character& rig, const Character& reference, const Options& o,
                 std::vector<std::string>& notes, std::string& text, nlohmann::json& section) {
  if (rig.skin.empty()) {
    notes.push_back("skin metrics skipped: " + o.rig + " has no skin weights");
    return true;
  }
  if (reference.mesh.empty() || reference.skin.empty()) {
    notes.push_back("skin metrics skipped: " + o.reference +
                    " has no skin weights to compare with");
    return true;
  }
  const SkinWeights& theirs = rig.skin;
  if (theirs.vertexCount() != int(reference.mesh.source.positions.size())) {
    std::cerr << o.rig << ": weights for " << theirs.vertexCount() << " vertices, but "
              << o.reference << " has " << reference.mesh.source.positions.size() << std::endl;
    return false;
  }
  // The rig's joints by name onto the reference skeleton.
  SkinWeights ours;
  ours.perVertex.resize(theirs.perVertex.size());
  int unmatched = 0;
  for (std::size_t v = 0; v < ours.perVertex.size(); ++v)
    for (const Influence& i : theirs.perVertex[v]) {
      const int j = reference.skeleton.indexOf(rig.skeleton.joints[i.joint].name);
      if (j < 0) {
        ++unmatched;
        continue;
      }
      ours.perVertex[v].push_back({j, i.weight});
    }
  int clip = reference.clips.empty() ? -1 : 0;
  if (!o.clip.empty()) {
    clip = findClip(reference.clips, o.clip);
    if (clip < 0) {
      std::cerr << o.reference << ": no clip '" << o.clip << "' to compare the skins over"
                << std::endl;
      return false;
    }
  }
  const SkinEvalMetrics m = evaluateSkin(reference, ours, clip);
  section = {{"vertices", m.vertices},
             {"influence_precision", m.precision},
             {"influence_recall", m.recall},
             {"mean_l1", m.meanL1},
             {"dominant_agreement", m.dominantAgreement},
             {"bleed", m.bleed},
             {"reference_bleed", m.referenceBleed},
             {"clip", m.clip},
             {"poses", m.poses},
             {"mean_distance", m.meanDistance},
             {"p95_distance", m.p95Distance},
             {"max_distance", m.maxDistance},
             {"mean_distance_relative", m.meanDistanceRelative},
             {"max_distance_relative", m.maxDistanceRelative},
             {"height", m.height},
             {"mean_distance_height", m.meanDistanceHeight},
             {"p95_distance_height", m.p95DistanceHeight},
             {"influences_on_unknown_joints", unmatched}};
  nlohmann::json mismatches = nlohmann::json::array();
  const auto jointName = [&](int j) {
    return j >= 0 && j < reference.skeleton.size() ? reference.skeleton.joints[j].name
                                                   : std::string();
  };
  for (const DominantMismatch& d : m.mismatches)
    mismatches.push_back({{"reference", jointName(d.reference)},
                          {"ours", jointName(d.ours)},
                          {"vertices", d.vertices}});
  section["dominant_mismatches"] = mismatches;
  char line[320];
  std::snprintf(line, sizeof line,
                "skin: influence precision %.3f, recall %.3f, mean L1 %.4f, dominant bone %.3f, "
                "bleed %.2f%% (reference %.2f%%)\n",
                m.precision, m.recall, m.meanL1, m.dominantAgreement, 100 * m.bleed,
                100 * m.referenceBleed);
  text += line;
  for (std::size_t k = 0; k < std::min<std::size_t>(m.mismatches.size(), 5); ++k) {
    const DominantMismatch& d = m.mismatches[k];
    std::snprintf(line, sizeof line, "  dominant %s where the reference has %s: %d vertices\n",
                  d.ours >= 0 ? jointName(d.ours).c_str() : "(none)",
                  jointName(d.reference).c_str(), d.vertices);
    text += line;
  }
  if (!m.clip.empty()) {
    std::snprintf(line, sizeof line,
                  "skin deformation over '%s': mean %.3f%% / p95 %.3f%% of height, max %.3f%% "
                  "of size\n",
                  m.clip.c_str(), 100 * m.meanDistanceHeight, 100 * m.p95DistanceHeight,
                  100 * m.maxDistanceRelative);
    text += line;
  }
  return true;
}

}  // namespace

void addEvalCommand(CLI::App& app, int& exitCode) {
  auto o = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand(
      "eval", "Compare a rig's skeleton (and skin weights) with a reference rig's");
  cmd->add_option("RIG", o->rig, "rig .json (e.g. from retarget or skin) or any character file")
      ->required();
  cmd->add_option("--reference", o->reference,
                  "the reference: a character (its skeleton, mesh, weights and clips) or a rig "
                  ".json")
      ->required();
  cmd->add_option("--json", o->json, "write the metrics to this file ('-' for stdout)");
  cmd->add_flag("--match-names", o->matchNames,
                "add a per-joint table: distance to the reference joint of the same name");
  cmd->add_option("--clip", o->clip,
                  "compare the skins' deformation over this clip of the reference (name, or part "
                  "of it; default its first clip)");
  cmd->add_flag("--include-control", o->skeleton.includeControl,
                "compare control bones too (default: deform joints only)");
  cmd->add_option("--tolerance", o->skeleton.matchTolerance,
                  "joints match within this fraction of the reference's size (default 0.05)")
      ->check(finiteRange(0.0, 1.0));
  cmd->callback([o, &exitCode] {
    exitCode = kExitBadInput;
    const Character rig = loadCharacterOrRigOrExit(o->rig);
    const Character reference = loadCharacterOrRigOrExit(o->reference);
    std::vector<std::string> notes;
    std::string text;
    nlohmann::json report = {{"rig", o->rig}, {"reference", o->reference}};
    nlohmann::json skeleton = skeletonSection(rig, reference, *o, notes, text);
    nlohmann::json skin;
    if (!skinSection(rig, reference, *o, notes, text, skin)) return;
    if (skeleton.is_null() && skin.is_null()) {
      std::cerr << o->rig << ": nothing to compare with " << o->reference;
      for (const std::string& note : notes) std::cerr << "; " << note;
      std::cerr << std::endl;
      return;
    }
    if (!skeleton.is_null()) report["skeleton"] = skeleton;
    if (!skin.is_null()) report["skin"] = skin;
    // What a viewer sees of the clips: each side's skinned mesh against its own floor.
    report["motion"] = {{"rig", motionSection(rig, text)},
                        {"reference", motionSection(reference, text)}};
    report["notes"] = notes;
    if (!writeJsonReport(o->json, report)) return;
    std::cout << o->rig << " vs " << o->reference << ":\n" << text;
    for (const std::string& note : notes) std::cout << note << "\n";
    exitCode = kExitOk;
  });
}

}  // namespace rw::cli

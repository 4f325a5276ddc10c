#include "cli/retarget_options.h"

#include <algorithm>
#include <cmath>
#include <iostream>
#include <optional>
#include <string>

#include "cli/exit_codes.h"
#include "cli/json_report.h"
#include "cli/load_or_exit.h"
#include "cli/mesh_head.h"
#include "cli/number_checks.h"
#include "field/head_vertex.h"
#include "io/retarget_report.h"
#include "retarget/own_spine_depth.h"
#include "retarget/skeleton_head.h"
#include "skeleton/leaf_tails.h"
#include "symmetry/symmetry_tags.h"
#include "util/stopwatch.h"

namespace rw::cli {

void addRetargetOptions(CLI::App* cmd, RetargetOptions& o) {
  cmd->add_option("MESH", o.mesh, "character mesh (any format Assimp reads)")->required();
  cmd->add_option("SKELETON", o.skeleton, "skeleton: a rig .json or any file with bones")
      ->required();
  cmd->add_option("--mesh-head", o.meshHead, "mesh head node: vertex:N, x,y,z or auto")
      ->capture_default_str();
  cmd->add_option("--skeleton-head", o.skeletonHead,
                  "skeleton head joint: a name, or auto (the head the body's layout finds)")
      ->capture_default_str();
  PlacementParams& pp = o.params.placement;
  cmd->add_option("--gamma-angle", pp.gammaAngle, "γθ: weight of joint-angle changes")
      ->capture_default_str()
      ->check(finiteRange(0.0, 1e6));
  cmd->add_option("--gamma-length", pp.gammaLength, "γl: weight of relative bone-length changes")
      ->capture_default_str()
      ->check(finiteRange(0.0, 1e6));
  cmd->add_option("--gamma-distance", pp.gammaDistance,
                  "γx: weight of bones' distance from the mesh arc")
      ->capture_default_str()
      ->check(finiteRange(0.0, 1e6));
  cmd->add_option("--samples", pp.samples, "candidate joint positions per mesh arc")
      ->capture_default_str()
      ->check(CLI::Range(3, 1000));
  cmd->add_option("--levels", o.params.mesh.multires.levels, "mesh graph resolution levels")
      ->capture_default_str()
      ->check(CLI::Range(1, 100));
  cmd->add_option("--filter", o.params.mesh.multires.filterFraction,
                  "coarsest filter threshold, as a fraction of the graph length")
      ->capture_default_str()
      ->check(finiteRange(0.0, 1.0));
  cmd->add_option("--length-threshold", o.params.mesh.symmetry.lengthThreshold,
                  "symmetry length threshold C")
      ->capture_default_str()
      ->check(finiteRange(0.0, 1.0));
  CLI::Option* joint = cmd->add_option(
      "--partial-joint", o.partialJoint,
      "partial retarget: map only this joint's subtree (the rest of the skeleton stays)");
  CLI::Option* vertex = cmd->add_option(
      "--partial-vertex", o.partialVertex,
      "partial retarget: the mesh limb to map it onto, by a vertex on it: N (the file's vertex "
      "N), vertex:N or x,y,z (the nearest vertex)");
  joint->needs(vertex);
  vertex->needs(joint);
  cmd->add_option("--pin", o.pins,
                  "a joint placed by hand, NAME=X,Y,Z in the mesh's space (repeatable): it stays "
                  "there and the other joints of its chain are placed around it");
  cmd->add_option("--roll", o.rolls,
                  "a bone's roll set by hand, NAME=DEGREES (Blender's roll; repeatable): the "
                  "joint's axes turn around its bone, no joint moves");
}

namespace {

/// The whole of `text` as a finite number, or nothing.
std::optional<double> finiteNumber(const std::string& text) {
  std::size_t used = 0;
  double value = 0.0;
  try {
    value = std::stod(text, &used);
  } catch (const std::exception&) {
    return std::nullopt;
  }
  if (text.empty() || used != text.size() || !std::isfinite(value)) return std::nullopt;
  return value;
}

/// --pin NAME=X,Y,Z to a pin on `skeleton`'s joint.
Expected<JointPin> parsePin(const Skeleton& skeleton, const std::string& spec) {
  const std::size_t eq = spec.rfind('=');
  if (eq == std::string::npos || eq == 0) return Error{"--pin " + spec + ": not NAME=X,Y,Z"};
  JointPin pin;
  const std::string name = spec.substr(0, eq);
  pin.joint = skeleton.indexOf(name);
  if (pin.joint < 0) return Error{"no joint named '" + name + "' (--pin)"};
  std::string rest = spec.substr(eq + 1);
  for (int a = 0; a < 3; ++a) {
    const std::size_t comma = rest.find(',');
    const std::string number = a < 2 ? rest.substr(0, comma) : rest;
    if ((a < 2 && comma == std::string::npos) || number.empty())
      return Error{"--pin " + spec + ": not NAME=X,Y,Z"};
    const std::optional<double> value = finiteNumber(number);
    if (!value) return Error{"--pin " + spec + ": '" + number + "' is not a number"};
    pin.position[a] = *value;
    if (a < 2) rest = rest.substr(comma + 1);
  }
  return pin;
}

/// --roll NAME=DEGREES to a roll of `skeleton`'s joint (radians).
Expected<JointRoll> parseRoll(const Skeleton& skeleton, const std::string& spec) {
  const std::size_t eq = spec.rfind('=');
  if (eq == std::string::npos || eq == 0) return Error{"--roll " + spec + ": not NAME=DEGREES"};
  JointRoll roll;
  const std::string name = spec.substr(0, eq), number = spec.substr(eq + 1);
  roll.joint = skeleton.indexOf(name);
  if (roll.joint < 0) return Error{"no joint named '" + name + "' (--roll)"};
  const std::optional<double> degrees = finiteNumber(number);
  if (!degrees) return Error{"--roll " + spec + ": '" + number + "' is not a number of degrees"};
  roll.roll = *degrees * M_PI / 180.0;
  return roll;
}

bool allDigits(const std::string& s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

/// --partial-vertex to a welded vertex. The head syntax, without `auto` (there is no natural
/// "automatic limb"), and a bare number meaning the file's vertex.
Expected<int> resolvePartialVertex(const Mesh& mesh, const std::string& spec) {
  const std::string number = spec.rfind("vertex:", 0) == 0 ? spec.substr(7) : spec;
  if (allDigits(number)) {
    const std::size_t count = mesh.weldedOfSource.size();
    if (number.size() > 9 || std::stoul(number) >= count)
      return Error{"--partial-vertex " + spec + ": the mesh has vertices 0.." +
                   std::to_string(count - 1)};
    return mesh.weldedOfSource[std::stoul(number)];
  }
  if (std::count(spec.begin(), spec.end(), ',') == 2) {
    Expected<int> v = resolveHeadVertex(mesh, spec);
    if (v) return v;
  }
  return Error{"--partial-vertex '" + spec + "': expected N, vertex:N or x,y,z"};
}

/// A run whose matching placed nothing: reported and dropped (exit 3), or kept with its failure.
std::unique_ptr<RetargetRun> failedRun(std::unique_ptr<RetargetRun> run, const std::string& why,
                                       bool keep, int& exitCode) {
  if (!keep) {
    std::cerr << why << std::endl;
    exitCode = kExitCannotDo;
    return nullptr;
  }
  run->failure = why;
  exitCode = kExitOk;
  return run;
}

}  // namespace

std::unique_ptr<RetargetRun> runRetargetOrReport(const RetargetOptions& o, int& exitCode) {
  auto run = std::make_unique<RetargetRun>();
  const auto readStart = SteadyClock::now();
  run->meshCharacter = std::make_shared<Character>(loadOrExit(o.mesh));
  exitCode = kExitBadInput;
  if (run->meshCharacter->mesh.positions.empty()) {
    std::cerr << o.mesh << ": has no mesh to retarget into" << std::endl;
    return nullptr;
  }
  run->skeletonCharacter = loadCharacterOrRigOrExit(o.skeleton);
  run->readSeconds = secondsSince(readStart);
  const Skeleton& skeleton = run->skeletonCharacter.skeleton;
  if (skeleton.empty()) {
    std::cerr << o.skeleton << ": has no skeleton" << std::endl;
    return nullptr;
  }
  int headJoint = skeleton.indexOf(o.skeletonHead);
  if (o.skeletonHead == "auto" && headJoint < 0) {
    const SkeletonHeadGuess guess = guessSkeletonHead(skeleton);
    headJoint = guess.joint;
    run->skeletonHeadReason = guess.reason;
    std::cout << "skeleton head: " << skeleton.joints[headJoint].name << " (auto: " << guess.reason
              << ")\n";
  }
  if (headJoint < 0) {
    std::cerr << o.skeleton << ": no joint named '" << o.skeletonHead << "'" << std::endl;
    return nullptr;
  }
  run->skeletonHeadName = skeleton.joints[headJoint].name;
  // The head bone's tail from the file's own skin, where it has one (leaf_tails.h).
  setHeadTailFromSkin(run->skeletonCharacter, headJoint);
  setTurnedBackLeafTails(run->skeletonCharacter.skeleton);
  Expected<int> meshHead =
      resolveMeshHead(run->meshCharacter->mesh, o.meshHead, run->meshHeadReason);
  if (!meshHead) {
    std::cerr << o.mesh << ": " << meshHead.error().message << std::endl;
    return nullptr;
  }
  RigParams params = o.params;
  // A skeleton bound to its own character keeps its artist's spine depth.
  if (const std::optional<OwnSpineDepth> own = ownSpineDepth(run->skeletonCharacter)) {
    run->ownSpineDepth = own->median;
    params.spineDepth.fromBelly = own->median;
    params.spineDepth.profile = own->profile;
    params.spineDepth.neckProfile = own->neck;
    params.placement.ownHeadReach = ownHeadReach(run->skeletonCharacter, headJoint);
    std::cout << "spine depth: " << own->median
              << " of the trunk from the belly (the skeleton's own mesh)\n";
  }
  if (!o.partialJoint.empty()) {
    const int joint = skeleton.indexOf(o.partialJoint);
    if (joint < 0) {
      std::cerr << o.skeleton << ": no joint named '" << o.partialJoint << "' (--partial-joint)"
                << std::endl;
      return nullptr;
    }
    if (!skeleton.joints[joint].deform) {
      std::cerr << o.skeleton << ": --partial-joint '" << o.partialJoint
                << "' is a control bone; name a deform bone (controls follow their bones)"
                << std::endl;
      return nullptr;
    }
    Expected<int> vertex = resolvePartialVertex(run->meshCharacter->mesh, o.partialVertex);
    if (!vertex) {
      std::cerr << o.mesh << ": " << vertex.error().message << std::endl;
      return nullptr;
    }
    params.partialSkeletonJoint = joint;
    params.partialMeshVertex = *vertex;
  }
  for (const std::string& spec : o.pins) {
    Expected<JointPin> pin = parsePin(skeleton, spec);
    if (!pin) {
      std::cerr << o.skeleton << ": " << pin.error().message << std::endl;
      return nullptr;
    }
    params.placement.pins.push_back(*pin);
  }
  for (const std::string& spec : o.rolls) {
    Expected<JointRoll> roll = parseRoll(skeleton, spec);
    if (!roll) {
      std::cerr << o.skeleton << ": " << roll.error().message << std::endl;
      return nullptr;
    }
    params.placement.rolls.push_back(*roll);
  }
  run->session = std::make_unique<RigSession>();
  RigSession& session = *run->session;
  session.setMesh(std::shared_ptr<const Mesh>(run->meshCharacter, &run->meshCharacter->mesh));
  session.setSkeleton(std::make_shared<const Skeleton>(skeleton));
  session.setMeshHead(*meshHead);
  session.setSkeletonHead(headJoint);
  session.setParams(params);
  if (Status st = session.run()) {
    // A partial target on a piece the mesh graph leaves out (an eye, a button) is bad input.
    const int v = params.partialMeshVertex;
    if (v >= 0 && session.reeb() && v < int(session.reeb()->arcOfVertex.size()) &&
        session.reeb()->arcOfVertex[v] < 0) {
      std::cerr << o.mesh << ": --partial-vertex " << o.partialVertex
                << " is on a small separate part the mesh graph leaves out; pick a vertex on "
                   "the limb"
                << std::endl;
      return nullptr;
    }
    const std::string named =
        (st->message.find("joint") != std::string::npos ? o.skeleton : o.mesh) + ": " + st->message;
    return failedRun(std::move(run), named, o.keepFailedRun, exitCode);
  }
  if (!session.field()->headNote.empty())
    std::cout << "mesh head: " << session.field()->headNote << "\n";
  const GraphMatching& matching = *session.matching();
  if (matching.matches.empty()) {
    std::string why = o.mesh + ": no skeleton arc of " + o.skeleton +
                      " matches the mesh graph from these head nodes";
    if (!matching.unmatched.empty()) why += " (" + matching.unmatched.front().reason + ")";
    return failedRun(std::move(run), why, o.keepFailedRun, exitCode);
  }
  exitCode = kExitOk;
  return run;
}

RigDocument retargetedRig(const RetargetOptions& o, const RetargetRun& run) {
  const RigSession& session = *run.session;
  RigDocument rig;
  rig.skeleton = session.retargeted()->skeleton;
  rig.meshPath = o.mesh;
  rig.skeletonPath = o.skeleton;
  rig.meshHeadVertex = session.meshHead();
  rig.skeletonHeadJoint = run.skeletonHeadName;
  const SkeletonGraph& g = *session.skeletonGraph();
  const GraphSymmetry& sym = *session.skeletonSymmetry();
  for (int j = 0; j < rig.skeleton.size(); ++j) {
    const int arc = g.arcOfJoint[j];
    if (arc < 0) continue;
    JointTag tag;
    tag.tag = symmetryTagName(sym.arcs[arc].tag);
    if (sym.arcs[arc].side != SymmetrySide::None) tag.side = symmetrySideName(sym.arcs[arc].side);
    tag.radialIndex = sym.arcs[arc].radialIndex;
    rig.symmetryTags[rig.skeleton.joints[j].name] = tag;
  }
  rig.parameters = retargetReport(session)["parameters"];
  if (!o.partialJoint.empty()) rig.parameters["partial"] = partialReport(o, run);
  return rig;
}

nlohmann::json partialReport(const RetargetOptions& o, const RetargetRun& run) {
  const RigSession& session = *run.session;
  if (o.partialJoint.empty() || !session.matching() || !session.matching()->partial) return nullptr;
  nlohmann::json partial = {{"joint", o.partialJoint},
                            {"vertex", o.partialVertex},
                            {"welded_vertex", session.params().partialMeshVertex}};
  // Matching starts with the chosen pair: the first match is the subtree's arc on the limb.
  const GraphMatching& m = *session.matching();
  if (!m.matches.empty()) {
    partial["level"] = m.matches.front().level;
    partial["mesh_arc"] = m.matches.front().meshArc;
  }
  return partial;
}

bool finishOutputs(const std::string& out, const Status& written, const std::string& json,
                   const nlohmann::json& report, int& exitCode) {
  if (written) {
    std::cerr << out << ": " << written->message << std::endl;
    exitCode = kExitBadInput;
    return false;
  }
  if (!writeJsonReport(json, report)) {
    exitCode = kExitBadInput;
    return false;
  }
  return true;
}

}  // namespace rw::cli

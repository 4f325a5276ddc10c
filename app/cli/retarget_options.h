#pragma once
// What `retarget` and `rig` share: the mesh, the skeleton, the head nodes and the pipeline's
// parameters on the command line, and running the session on them.
#include <CLI/CLI.hpp>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "character.h"
#include "io/rig_json.h"
#include "session/rig_session.h"

namespace rw::cli {

struct RetargetOptions {
  std::string mesh, skeleton, meshHead = "auto", skeletonHead = "auto";
  /// Partial retargeting (both or neither): the joint whose subtree is mapped, and the mesh limb
  /// it goes onto, named by a vertex on it (N, vertex:N or x,y,z).
  std::string partialJoint, partialVertex;
  /// Joints placed by hand: "NAME=X,Y,Z" (the workstation's pins; placement keeps each there and
  /// fits its arc around it).
  std::vector<std::string> pins;
  /// Bone rolls set by hand: "NAME=DEGREES" (Blender's roll of the joint's bone).
  std::vector<std::string> rolls;
  RigParams params;
  /// When matching places nothing (or the session fails on the mesh), hand the run back with
  /// RetargetRun::failure set instead of reporting it: `rig --method auto` embeds instead.
  bool keepFailedRun = false;
};

/// Adds MESH SKELETON --mesh-head --skeleton-head, the γ / levels / filter / C options and
/// --partial-joint / --partial-vertex, --pin, --roll.
void addRetargetOptions(CLI::App* cmd, RetargetOptions& o);

struct RetargetRun {
  std::shared_ptr<Character> meshCharacter;  ///< the mesh file, as imported
  Character skeletonCharacter;               ///< the skeleton file, as imported
  std::unique_ptr<RigSession> session;       ///< run through placement
  std::string skeletonHeadName;              ///< the head joint used (the given one, or auto's)
  std::string skeletonHeadReason;            ///< why auto chose it; empty when given
  std::string meshHeadReason;                ///< why `--mesh-head auto` chose it; empty when given
  /// Where the skeleton's own spine runs in its own mesh (own_spine_depth.h), when it has one.
  std::optional<double> ownSpineDepth;
  /// Why matching placed nothing (RetargetOptions::keepFailedRun); empty when it placed joints.
  std::string failure;
  double readSeconds = 0.0;  ///< reading both files
};

/// Loads both files, resolves the heads and runs the session. On failure prints one line naming
/// the file and the problem, sets exitCode (2 bad input, 3 nothing matched) and returns null;
/// with RetargetOptions::keepFailedRun, nothing matched is a run with its `failure` (exit 0).
std::unique_ptr<RetargetRun> runRetargetOrReport(const RetargetOptions& o, int& exitCode);

/// The report's "partial" entry: null for a whole-skeleton run, else the joint, the vertex as
/// given, its welded vertex and the mesh arc (level, arc) the subtree was put on.
nlohmann::json partialReport(const RetargetOptions& o, const RetargetRun& run);

/// The rig file of a finished run: the retargeted skeleton, where it came from, both heads, the
/// skeleton's symmetry tags per joint and the parameters used.
RigDocument retargetedRig(const RetargetOptions& o, const RetargetRun& run);

/// After the output `out` was written (`written`: its error, if any): prints the error naming
/// `out`, else writes the report to `json` (--json). False (exitCode set to 2) when either failed.
bool finishOutputs(const std::string& out, const Status& written, const std::string& json,
                   const nlohmann::json& report, int& exitCode);

}  // namespace rw::cli

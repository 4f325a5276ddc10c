#pragma once
// What `retarget` and `rig` share: the mesh, the skeleton, the head nodes and the pipeline's
// parameters on the command line, and running the session on them.
#include <CLI/CLI.hpp>
#include <memory>
#include <string>

#include "character.h"
#include "io/rig_json.h"
#include "session/rig_session.h"

namespace rw::cli {

struct RetargetOptions {
  std::string mesh, skeleton, meshHead = "auto", skeletonHead;
  RigParams params;
};

/// Adds MESH SKELETON --mesh-head --skeleton-head and the γ / levels / filter / C options.
void addRetargetOptions(CLI::App* cmd, RetargetOptions& o);

struct RetargetRun {
  std::shared_ptr<Character> meshCharacter;  ///< the mesh file, as imported
  Character skeletonCharacter;               ///< the skeleton file, as imported
  std::unique_ptr<RigSession> session;       ///< run through placement
};

/// Loads both files, resolves the heads and runs the session. On failure prints one line naming
/// the file and the problem, sets exitCode (2 bad input, 3 nothing matched) and returns null.
std::unique_ptr<RetargetRun> runRetargetOrReport(const RetargetOptions& o, int& exitCode);

/// The rig file of a finished run: the retargeted skeleton, where it came from, both heads, the
/// skeleton's symmetry tags per joint and the parameters used.
RigDocument retargetedRig(const RetargetOptions& o, const RetargetRun& run);

}  // namespace rw::cli

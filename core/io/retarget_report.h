#pragma once
// The JSON report of a skeleton retarget (`rigwright-cli retarget --json`): which skeleton arc
// went to which mesh arc on which level and by which rule, the arcs left unplaced and why, every
// joint's new position and fate, equation 1's terms and each stage's wall time.
#include <nlohmann/json.hpp>

#include "session/rig_session.h"

namespace rw {

/// Report of a session that has run through placement (`session.retargeted()` set).
nlohmann::json retargetReport(const RigSession& session);

/// A joint's name, or "#index" when it has none.
std::string jointLabel(const Skeleton& skeleton, int joint);

}  // namespace rw

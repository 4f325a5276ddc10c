#pragma once
// What `rigwright-cli info` prints: a character's meshes, topology diagnostics, bone tree and
// clips, as JSON (for pipelines and tests) or as text (for people).
#include <nlohmann/json.hpp>
#include <string>

#include "character.h"

namespace rw {

nlohmann::json characterReport(const Character& character);
std::string characterReportText(const Character& character);

}  // namespace rw

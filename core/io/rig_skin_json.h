#pragma once
// The optional "skin" section of the rig file (io/rig_json.h): per source vertex of the
// character's mesh, a list of [joint name, weight]. Joint names, not indices, so a skeleton edit
// that reorders joints keeps the weights. Older files without the section read as no skin.
#include <nlohmann/json.hpp>
#include <string>

#include "skeleton/skeleton.h"
#include "skin/skin_weights.h"
#include "util/expected.h"

namespace rw {

nlohmann::json skinToJson(const SkinWeights& skin, const Skeleton& skeleton);

/// Validates names (joints of `skeleton`) and weights (finite, ≥ 0); `origin` names the file.
Expected<SkinWeights> skinFromJson(const nlohmann::json& json, const Skeleton& skeleton,
                                   const std::string& origin);

}  // namespace rw

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

/// The same section as JSON text, one vertex per line after `indent` spaces: what the rig file
/// writer streams (a document tree of a 137K-triangle character's weights cost 0.1 s and its
/// size in memory again). Nothing when a weight is not finite: the vertex is named instead.
Expected<std::string> skinJsonText(const SkinWeights& skin, const Skeleton& skeleton, int indent);

/// Validates names (joints of `skeleton`) and weights (finite, ≥ 0); `origin` names the file.
Expected<SkinWeights> skinFromJson(const nlohmann::json& json, const Skeleton& skeleton,
                                   const std::string& origin);

}  // namespace rw

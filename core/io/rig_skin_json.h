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

/// The same section as JSON text, one vertex per line after `indent` spaces, appended to `out`:
/// what the rig file writer streams (a document tree of a 137K-triangle character's weights cost
/// 0.1 s and its size in memory again). `out` grows once, by the text's size reckoned first: a
/// 548K-triangle character's section is 22 MB, and each reallocation is as many page faults.
/// Nothing is appended when a weight is not finite: the vertex is named instead.
Status appendSkinJsonText(const SkinWeights& skin, const Skeleton& skeleton, int indent,
                          std::string& out);

/// Validates names (joints of `skeleton`) and weights (finite, ≥ 0); `origin` names the file.
Expected<SkinWeights> skinFromJson(const nlohmann::json& json, const Skeleton& skeleton,
                                   const std::string& origin);

}  // namespace rw

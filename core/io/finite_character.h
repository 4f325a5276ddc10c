#pragma once
// Finite in, finite out: a character whose numbers are all finite and of sane magnitude
// (io/json_fields.h InputLimits). Checked on what a reader hands us (Assimp passes Inf and NaN
// keys, and 1e308 transforms, straight through) and on what a writer is given (a stage that
// produced NaN must not reach a file: a NaN in a file is a character no tool opens).
#include <string>

#include "character.h"
#include "io/json_fields.h"
#include "util/expected.h"

namespace rw {

/// The first non-finite or out-of-range number of `character`, named by what holds it ("clip
/// 'Walk', joint 'hips', rotation key 3"), as "`origin`: WHAT: PROBLEM". Checks the mesh's
/// positions, normals and UVs, the joints' rest transforms, the skin weights and every key.
Status checkFiniteCharacter(const Character& character, const std::string& origin,
                            const InputLimits& limits = {});

}  // namespace rw

#pragma once
// glTF 2 (.glb binary or .gltf + .bin) through Assimp's exporter, which round-trips skinned,
// animated characters exactly (BUILD-NOTES "Assimp 5.2.5 export"). The Character becomes an
// aiScene: one node per joint (control bones included, all of them skin joints), the file's
// parts as meshes with their materials, the 4 strongest influences per vertex renormalized
// (glTF's JOINTS_0/WEIGHTS_0), one animation per clip.
#include <assimp/scene.h>

#include <memory>
#include <string>

#include "character.h"
#include "util/expected.h"

namespace rw {

/// The scene Assimp's exporters take. Owned by the caller.
std::unique_ptr<aiScene> characterToAiScene(const Character& character);

/// Writes `path` (.glb or .gltf; a .gltf gets its buffer beside it as NAME.bin) atomically.
Status exportGltf(const Character& character, const std::string& path);

}  // namespace rw

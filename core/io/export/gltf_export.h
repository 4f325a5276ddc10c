#pragma once
// glTF 2 (.glb, or .gltf with NAME.bin beside it) by our own writer (io/export/gltf_document.h):
// the JSON through nlohmann::json, every array in one binary buffer, no extensions.
//
// What the file holds, for a Character (see core/character.h):
//   * one node per joint (control bones included), rest transform as TRS (a matrix only for a
//     joint no clip animates whose rest transform TRS cannot express), and every joint in the
//     skin's joint list, with inverseBindMatrices = inverse(restGlobal);
//   * the mesh at the scene root (skinned meshes ignore their node's place, and the validator
//     warns when such a node has a parent): the file's own vertices in their order, one
//     primitive per part of the file when the parts tile the vertices and triangles (each with
//     its part's vertices, its material), otherwise one primitive; POSITION (with min/max),
//     NORMAL, TEXCOORD_0 (V flipped: glTF's origin is the image's top left) when present;
//     indices UNSIGNED_SHORT, or UNSIGNED_INT for a primitive of more than 65535 vertices;
//   * JOINTS_0 / WEIGHTS_0: the 4 strongest influences renormalized, weights float32 summing to
//     1, joints UNSIGNED_BYTE (≤ 256 joints) or UNSIGNED_SHORT; a vertex no joint moves follows
//     the first root joint (glTF has no unskinned vertex in a skinned mesh);
//   * one animation per clip: LINEAR samplers for the translation, rotation and scale keys a
//     joint has (no sampler for a component without keys: it keeps its rest value, as in our
//     clips), times in seconds (float32, strictly increasing), quaternions normalized and sign
//     continuous; key times shared by several samplers are stored once.
//
// Why our own writer: Assimp's glTF2 exporter took ~2.3 s for a 137K-triangle skinned,
// animated character (aiScene build, per-bone weight lists, its own JSON DOM) and adds the
// FB_ngon_encoding extension no reader needs. Debian's libtinygltf-dev only moves the problem:
// its writer fills a tinygltf::Model (a copy of every array as std::vector<unsigned char>)
// and serializes it through the same nlohmann::json we use, so it can only be slower than
// writing the arrays straight into the one buffer we write out, and it is a second glTF model
// type in the tree for a job (writing) that needs none.
#include <string>

#include "character.h"
#include "util/atomic_file.h"
#include "util/expected.h"

namespace rw {

/// Writes `path` (.glb or .gltf; a .gltf gets its buffer beside it as NAME-<hash>.bin)
/// atomically (util/atomic_file.h). A .gltf and its buffer are replaced as a pair: a kill at any
/// point leaves the old pair or the new pair readable, and the old buffer is removed once the
/// new .gltf is in place. Errors name the file. `steps` lets tests interrupt every step.
Status exportGltf(const Character& character, const std::string& path);
Status exportGltf(const Character& character, const std::string& path, const WriteSteps& steps);

/// The bytes of the .glb exportGltf writes. Errors say what cannot be written (a skin or a
/// triangle that does not match the mesh, an invalid skeleton).
Expected<std::string> encodeGlb(const Character& character);

}  // namespace rw

#pragma once
// How users name a head node on the mesh (docs/pipeline.md): `vertex:N` (the file's vertex N),
// `x,y,z` (the nearest vertex to that point), or `auto`.
#include <string>

#include "mesh/mesh.h"
#include "util/expected.h"

namespace rw {

/// Resolves a head specification to a welded vertex. `auto` is findHeadVertex (auto_head.h): the
/// top of an upright character's head, the front of a four-legged one's.
Expected<int> resolveHeadVertex(const Mesh& mesh, const std::string& spec);

}  // namespace rw

#pragma once
// How users name a head node on the mesh (docs/pipeline.md): `vertex:N` (the file's vertex N),
// `x,y,z` (the nearest vertex to that point), or `auto`.
#include <string>

#include "mesh/mesh.h"
#include "util/expected.h"

namespace rw {

/// Resolves a head specification to a welded vertex. `auto` picks the highest point (+Y, the up
/// axis of character space) of the parts at least a fifth the size of the largest — the top of
/// the head of a standing character; quadrupeds should be given their head explicitly.
Expected<int> resolveHeadVertex(const Mesh& mesh, const std::string& spec);

}  // namespace rw

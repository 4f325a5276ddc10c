#pragma once
// The mesh's head node from the command line: `--mesh-head` / `--head` (field/head_vertex.h),
// with `auto` printed and explained (field/auto_head.h) so a batch log says where it went.
#include <string>

#include "mesh/mesh.h"
#include "util/expected.h"

namespace rw::cli {

/// The welded head vertex for `spec`. For `auto`, prints "mesh head: vertex N at (x, y, z)
/// (auto: reason)" and sets `autoReason`; otherwise leaves it empty.
Expected<int> resolveMeshHead(const Mesh& mesh, const std::string& spec, std::string& autoReason);

}  // namespace rw::cli

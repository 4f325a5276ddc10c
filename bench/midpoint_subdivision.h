#pragma once
// 1-to-4 midpoint subdivision of the welded surface, to make bigger real meshes for benchmarks
// (the shape and topology stay the same; only the sampling gets finer).
#include "mesh/mesh.h"

namespace rw::bench {

SourceMesh subdivideMidpoint(const std::vector<Eigen::Vector3d>& positions,
                             const std::vector<Eigen::Vector3i>& triangles);

}  // namespace rw::bench

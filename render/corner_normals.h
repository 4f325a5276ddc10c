#pragma once
// Per-corner shading normals for a character mesh, for drawing it as an unindexed triangle soup.
#include <Eigen/Core>
#include <vector>

namespace rw {
class Mesh;
}

namespace rw::render {

/// One normal per triangle corner of mesh.source (3 per triangle, in triangle order).
/// Uses the file's normals when it has them; otherwise smooths across welded vertices (so UV
/// seams do not show) between faces less than `autoSmoothDegrees` apart, keeping sharper
/// edges hard, like Blender's auto smooth. Degenerate faces get their neighbours' normal.
std::vector<Eigen::Vector3f> cornerNormals(const Mesh& mesh, double autoSmoothDegrees = 60.0);

}  // namespace rw::render

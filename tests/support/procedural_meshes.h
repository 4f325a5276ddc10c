#pragma once
// Small meshes the tests build, with known topology.
#include "mesh/mesh.h"

namespace rw::test {

/// Unit cube with every face its own 4 vertices (24 vertices, 12 triangles, like a file with
/// split normals): welds to 8 vertices, closed, genus 0.
SourceMesh splitCube(const Eigen::Vector3d& center = Eigen::Vector3d::Zero(), double size = 1.0);
/// Torus of `rings` × `sides` quads (genus 1), radii R and r, vertices shared.
SourceMesh torus(int rings = 24, int sides = 12, double R = 1.0, double r = 0.3);
/// Open n × n grid of quads in the XZ plane: one boundary loop.
SourceMesh grid(int n = 4);
/// Appends b to a (as another part).
void append(SourceMesh& a, const SourceMesh& b);

}  // namespace rw::test

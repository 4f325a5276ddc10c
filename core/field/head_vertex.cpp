#include "field/head_vertex.h"
#include "mesh/mesh_parts.h"

#include <cstdlib>
#include <limits>
#include <numeric>
#include <sstream>

namespace rw {

Expected<int> resolveHeadVertex(const Mesh& mesh, const std::string& spec) {
  if (mesh.triangles.empty()) return Error{"the mesh has no triangles"};
  if (spec.rfind("vertex:", 0) == 0) {
    char* end = nullptr;
    const long index = std::strtol(spec.c_str() + 7, &end, 10);
    if (end == spec.c_str() + 7 || *end != '\0' || index < 0 ||
        index >= long(mesh.weldedOfSource.size()))
      return Error{"head '" + spec + "': the mesh has vertices 0.." +
                   std::to_string(mesh.weldedOfSource.size() - 1)};
    return mesh.weldedOfSource[index];
  }
  std::vector<char> used(mesh.positions.size(), 0);
  for (const auto& t : mesh.triangles) used[t[0]] = used[t[1]] = used[t[2]] = 1;
  if (spec == "auto") {
    // Parts by triangle count.
    const MeshParts parts = connectedParts(static_cast<int>(mesh.positions.size()), mesh.triangles);
    std::vector<int> size(parts.count(), 0);
    for (int p = 0; p < parts.count(); ++p) size[p] = int(parts.triangles[p].size());
    // The highest point of the big parts: a head modelled as its own shell (it can be
    // half the body's size) counts, eyes and buttons do not.
    const int largest = *std::max_element(size.begin(), size.end());
    int best = -1;
    for (int v = 0; v < int(mesh.positions.size()); ++v)
      if (used[v] && size[parts.partOf[v]] >= 0.2 * largest &&
          (best < 0 || mesh.positions[v].y() > mesh.positions[best].y()))
        best = v;
    return best;
  }
  std::stringstream in(spec);
  double x, y, z;
  char c1, c2;
  if (!(in >> x >> c1 >> y >> c2 >> z) || c1 != ',' || c2 != ',' || !in.eof())
    return Error{"head '" + spec + "': expected vertex:N, x,y,z or auto"};
  const Eigen::Vector3d p(x, y, z);
  int best = -1;
  double bestDistance = std::numeric_limits<double>::infinity();
  for (int v = 0; v < int(mesh.positions.size()); ++v)
    if (used[v] && (mesh.positions[v] - p).squaredNorm() < bestDistance)
      bestDistance = (mesh.positions[v] - p).squaredNorm(), best = v;
  return best;
}

}  // namespace rw

#include "field/head_vertex.h"
#include "field/auto_head.h"

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
  if (spec == "auto") {
    Expected<AutoHead> head = findHeadVertex(mesh);
    if (!head) return head.error();
    return head->vertex;
  }
  std::vector<char> used(mesh.positions.size(), 0);
  for (const auto& t : mesh.triangles) used[t[0]] = used[t[1]] = used[t[2]] = 1;
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

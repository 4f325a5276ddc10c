#include "io/export/exportable.h"

#include <string>

#include "io/finite_character.h"

namespace rw {

Status checkExportable(const Character& c) {
  const SourceMesh& m = c.mesh.source;
  const int n = static_cast<int>(m.positions.size());
  for (const Eigen::Vector3i& t : m.triangles)
    if (t.minCoeff() < 0 || t.maxCoeff() >= n)
      return Error{"cannot export: a triangle refers to a vertex that does not exist"};
  if (!c.skin.empty() && c.skin.vertexCount() != n)
    return Error{"cannot export: the skin has " + std::to_string(c.skin.vertexCount()) +
                 " vertices but the mesh has " + std::to_string(n)};
  if (Status bad = c.skeleton.validate()) return Error{"cannot export: " + bad->message};
  // A NaN written is a file no tool opens: refuse, naming what went non-finite.
  if (Status bad = checkFiniteCharacter(c, "cannot export")) return bad;
  return std::nullopt;
}

}  // namespace rw

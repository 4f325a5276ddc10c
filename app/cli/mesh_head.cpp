#include "cli/mesh_head.h"

#include <iostream>

#include "field/auto_head.h"
#include "field/head_vertex.h"

namespace rw::cli {

Expected<int> resolveMeshHead(const Mesh& mesh, const std::string& spec, std::string& autoReason) {
  autoReason.clear();
  if (spec != "auto") return resolveHeadVertex(mesh, spec);
  Expected<AutoHead> head = findHeadVertex(mesh);
  if (!head) return head.error();
  autoReason = head->reason;
  const int fileVertex = mesh.firstSourceVertex(head->vertex);  // as rig files record it
  const Eigen::Vector3d& p = mesh.positions[head->vertex];
  std::cout << "mesh head: vertex " << fileVertex << " at (" << p.x() << ", " << p.y() << ", "
            << p.z() << ") (auto: " << head->reason << ")\n";
  return head->vertex;
}

}  // namespace rw::cli

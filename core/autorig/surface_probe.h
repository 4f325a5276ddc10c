#pragma once
// Distances from a point inside the body to its surface, for the joint shifts of Aujay 2007
// §4.2–4.3 ("we only compute ray/mesh intersections for some joints in order to get their
// distance to the mesh") and for finding constrictions (neck, §4.2 "fitting some geometric
// criterion ... adapted for neck and wrists, which match constrictions of the shape").
// Brute force over the welded triangles: a skeleton asks a few hundred questions at most.
#include <Eigen/Core>
#include <optional>
#include <vector>

#include "mesh/mesh.h"

namespace rw {

class SurfaceProbe {
 public:
  /// `inBody`: per welded vertex, whether it belongs to the body the graph was built on (small
  /// loose parts such as eyes are left out, so a ray from the head centre does not stop at an
  /// eyeball); empty = every vertex.
  SurfaceProbe(const Mesh& mesh, std::vector<char> inBody = {});

  /// Distance from `origin` along the unit `direction` to the nearest surface hit, or nullopt
  /// when the ray leaves without hitting anything.
  std::optional<double> rayDistance(const Eigen::Vector3d& origin,
                                    const Eigen::Vector3d& direction) const;
  /// `origin` moved `fraction` of the way along `direction` to the surface (unchanged when the
  /// ray hits nothing).
  Eigen::Vector3d towardSurface(const Eigen::Vector3d& origin, const Eigen::Vector3d& direction,
                                double fraction) const;
  /// Distance to the nearest welded vertex: the local thickness of the body at a level-set
  /// centroid, small at constrictions.
  double clearance(const Eigen::Vector3d& point) const;

 private:
  const Mesh& mesh_;
  std::vector<int> vertices_;               ///< body vertices
  std::vector<Eigen::Vector3i> triangles_;  ///< body triangles
};

}  // namespace rw

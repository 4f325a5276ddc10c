#pragma once
#include <vector>

#include "field/surface_domain.h"

namespace rw {

/// Shortest-path distances along the domain's edges (triangle edges and bridges) from `source`
/// (Dijkstra; Aujay 2007 §2.1.1 uses it as the geodesic distance g). Inactive or unreachable
/// vertices get +infinity.
std::vector<double> geodesicDistance(const SurfaceDomain& domain, int source);

}  // namespace rw

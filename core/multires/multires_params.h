#pragma once
// Parameters of the multiresolution filtering of the mesh graph (Poirier §4.2).

namespace rw {

struct MultiresParams {
  /// Number of resolution levels, the finest (unfiltered base graph) included. Poirier §4.2:
  /// "a fixed number (10) of multiresolution levels which was enough for all of the presented
  /// test cases". Values below 1 are treated as 1.
  int levels = 10;
  /// Threshold of the coarsest level as a fraction of the graph length (see
  /// MultiresGraph::graphLength). Poirier §4.2: "A typical value of 10% of the graph was
  /// experimentally determined".
  double filterFraction = 0.10;

  bool operator==(const MultiresParams&) const = default;
};

}  // namespace rw

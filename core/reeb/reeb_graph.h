#pragma once
// The Reeb graph of the harmonic field, embedded in 3D (Poirier 2009 §4, Aujay 2007 §2.1.3, §3.2).
//
// Exact for the piecewise-linear field on the simplicial complex (triangles and bridge edges),
// any genus, manifold or not. f is made Morse by the total order (value, vertex index). Nodes
// are the critical vertices — those whose lower or upper link is not exactly one connected
// piece — and the places where a non-manifold edge splits a level set; arcs are the connected
// components of the preimages of the open intervals between consecutive critical values,
// chained across regular levels. (This is the band decomposition that Pascucci et al. 2007's
// on-line algorithm builds incrementally; computed here in one sweep over the sorted critical
// values, O(elements × bands they span).)
//
// Embedding: every arc is a polyline of level-set centroids (Aujay eq. 3: the length-weighted
// centre of the level-set curve) sampled every `sampleSpacingFraction` of the mesh size, plus one
// just past each end; leaves sit on their vertex; inner nodes at the mean of the centroids just
// past them on their arcs (Aujay §3.2's ±ε regular nodes).
//
// Loops (a hand resting on a hip, a handle) are cut: arcs are added in order of their upper
// end's f, and an arc that closes a cycle — the farthest from the head in it — is split in the
// middle into two open ends. Each cut is reported.
#include <Eigen/Core>
#include <vector>

#include "field/harmonic_field.h"
#include "graph/topology_graph.h"
#include "mesh/mesh.h"

namespace rw {

struct ReebParams {
  /// Spacing of the level-set centroids along arcs, as a fraction of the mesh size.
  double sampleSpacingFraction = 0.01;

  bool operator==(const ReebParams&) const = default;
};

struct LoopCut {
  Eigen::Vector3d position = Eigen::Vector3d::Zero();  ///< where the arc was split
  double f = 0.0;
};

struct ReebGraph {
  TopologyGraph graph;  ///< a tree rooted at the head node
  std::vector<LoopCut> loopsCut;
  std::vector<int> arcOfVertex;  ///< welded vertex -> arc (-1: not in the domain)
  int criticalVertices = 0;      ///< before regular nodes were merged away
};

ReebGraph computeReebGraph(const Mesh& mesh, const HarmonicField& field,
                           const ReebParams& params = {});

}  // namespace rw

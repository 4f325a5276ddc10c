#pragma once
// The simple embedding's frozen edges (Aujay 2007 §3.2). An inner node n of the harmonic graph
// is split from each incident arc by a regular node n′ at f(n) ± ε, embedded on the centre of
// its level-set component; n itself goes onto the n′ of the axis arc that arrives from the
// head (our Reeb embedding already puts it there: reeb_graph.h), and the edges (n, n′) to the
// other arcs are frozen: rigid, they move with n. Those n′ are where limbs start: P1, P2 (tops
// of the thighs), S1, S2 (shoulders).
#include <Eigen/Core>
#include <utility>
#include <vector>

#include "autorig/embedded_path.h"
#include "graph/topology_graph.h"

namespace rw {

/// n′ of `arc` at its end `node`: the first level-set centroid past the node on the arc.
Eigen::Vector3d frozenEdgeEnd(const TopologyGraph& graph, int arc, int node);

/// The limb that starts with `arc` at `node`: from n′ (frozenEdgeEnd) out to a leaf, through
/// the child arc of longest reach wherever the limb branches (a hand whose fingers survived
/// filtering ends at its longest finger). `arcs` receives the arcs walked.
EmbeddedPath limbPath(const TopologyGraph& graph, int arc, int node,
                      std::vector<int>* arcs = nullptr);

/// The limbs of a symmetric pair, as limbPath, cut to the same length measured from their tips.
/// When the two leave the body at two saddles a hair apart in f, the coarse graph hangs both
/// from the first and the later limb's arc starts with the chord through the trunk to its own
/// saddle (multires filtering prepends collapsed arcs); its n′ would lie inside the trunk. The
/// pair's roots are where the limbs are the same length from the tip.
std::pair<EmbeddedPath, EmbeddedPath> limbPair(const TopologyGraph& graph, int arcA, int nodeA,
                                               int arcB, int nodeB);

}  // namespace rw

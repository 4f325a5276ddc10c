#pragma once
// Biped / quadruped discrimination (Aujay 2007 §4.1).
//
// On the symmetry axis, the last branching with a symmetric group of limbs is the pelvis P and
// the one before it the shoulders S (earlier ones — ears, horns — and lone side arcs such as a
// chin are not limbs and do not count). P1, P2, S1, S2 are the far ends of the frozen edges to
// the two limbs (frozen_edges.h; for the test itself, points a little way down the limbs, see
// BodyClassParams::limbProbeFraction); when a tail is isomorphic to the back legs (a radial group
// of three at P), P1 and P2 are the pair maximizing |SP·(PP1×PP2)|. With Spine = SP/‖SP‖ and N_P,
// N_S the unit normals of the triangles P P1 P2 and S S1 S2: a quadruped has |Spine·N_P| ≈ 1 and
// |Spine·N_S| ≈ 1, a biped ≈ 0; otherwise we cannot conclude and the skeleton is generic.
#include <Eigen/Core>
#include <limits>
#include <optional>
#include <string>

#include "autorig/autorig_params.h"
#include "autorig/embedded_path.h"
#include "autorig/symmetry_axis.h"

namespace rw {

enum class BodyClass { Biped, Quadruped, Generic };
const char* bodyClassName(BodyClass c);  ///< "biped", "quadruped", "generic"

/// S, P and the limbs hanging from them.
struct Trunk {
  int shoulders = -1, pelvis = -1;  ///< indices into SymmetryAxis::branchings
  Eigen::Vector3d S = Eigen::Vector3d::Zero(), P = Eigen::Vector3d::Zero();
  int shoulderNode = -1, pelvisNode = -1;  ///< the graph nodes the limb arcs hang from (first)
  int arms[2] = {-1, -1};                  ///< arcs of the front limbs at S
  int legs[2] = {-1, -1};                  ///< arcs of the back limbs at P
  int armNodes[2] = {-1, -1}, legNodes[2] = {-1, -1};  ///< node each limb arc hangs from
  /// The limbs from their roots (S1, S2, P1, P2: the n′ of frozen_edges.h) to their tips.
  EmbeddedPath armPaths[2], legPaths[2];
  Eigen::Vector3d S1 = Eigen::Vector3d::Zero(), S2 = Eigen::Vector3d::Zero();
  Eigen::Vector3d P1 = Eigen::Vector3d::Zero(), P2 = Eigen::Vector3d::Zero();
  /// A tail: the axis continuing past P (axis arc index into SymmetryAxis::arcs), or the odd
  /// member of a radial group of three at P (graph arc).
  int tailAxisArc = -1;
  int tailSideArc = -1, tailSideNode = -1;
};

struct BodyClassification {
  BodyClass bodyClass = BodyClass::Generic;
  std::optional<Trunk> trunk;  ///< when the axis has S and P
  double spineDotNP = std::numeric_limits<double>::quiet_NaN();
  double spineDotNS = std::numeric_limits<double>::quiet_NaN();
  std::string reason;  ///< one sentence: why this class
};

BodyClassification classifyBody(const TopologyGraph& graph, const SymmetryAxis& axis,
                                const BodyClassParams& params = {});

}  // namespace rw

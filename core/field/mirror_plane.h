#pragma once
// The mesh's mirror plane, and the head node put on it.
//
// Symmetry tags (Poirier §5) need a harmonic field that is itself symmetric, so the head node
// must lie on the body's mirror plane. A point picked off it — a tusk's tip, an eye, a horn, or
// the corpus's "front of the head" on an elephant — makes the two sides' limbs split off at
// different field values: the forelegs become two unpaired branchings and nothing is tagged
// axial. The head node is therefore moved to the vertex on the plane nearest the picked point's
// projection onto it; a mesh with no mirror plane (a posed or asymmetric character) keeps it.
#include <Eigen/Core>
#include <vector>

#include "mesh/mesh.h"

namespace rw {

struct MirrorPlaneParams {
  bool enabled = true;
  /// Two vertices are mirror images when the reflection of one is this close to the other
  /// (fraction of the mesh's bounding-box diagonal): mirrored modelling gives exact pairs, and
  /// exported meshes keep them to float precision.
  double vertexTolerance = 1e-3;
  /// A plane is the mesh's mirror when at least this fraction of its (sampled) vertices has an
  /// image: a symmetric body with a prop or a few asymmetric details still has one.
  double minPairedFraction = 0.6;
  /// A vertex this close to the plane (fraction of the diagonal) lies on it; a head already this
  /// close stays where it was picked.
  double onPlaneTolerance = 0.005;
  bool operator==(const MirrorPlaneParams&) const = default;
};

struct MirrorPlane {
  int axis = -1;        ///< 0 (x = offset) or 2 (z = offset); -1: no mirror plane
  double offset = 0.0;  ///< where the plane crosses its axis
  double pairedFraction = 0.0;
  bool found() const { return axis >= 0; }
};

/// The plane x = c or z = c (characters are modelled facing an axis, Y up) across which the most
/// of a sample of `positions` have a mirror image, c among the box centre and the mean; not
/// found when none pairs params.minPairedFraction.
MirrorPlane findMirrorPlane(const std::vector<Eigen::Vector3d>& positions,
                            const MirrorPlaneParams& params = {});

/// `head` (a welded vertex), or the vertex of its part on the mesh's mirror plane nearest its
/// projection onto the plane when it lies off it.
int headOnMirrorPlane(const Mesh& mesh, int head, const MirrorPlaneParams& params = {});

}  // namespace rw

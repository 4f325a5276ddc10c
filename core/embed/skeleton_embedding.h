#pragma once
// Skeleton embedding (Baran & Popović 2007, §3) from a mesh and a skeleton to the positions of
// the skeleton's deform joints inside the mesh: the volume and its sphere graph (§3.1), the
// reduced skeleton (§3.2), its discrete embedding (§3.3–3.4), and the chains' inner joints put
// back along the embedded paths in proportion to their rest bones (§3.5's first step). Joints
// of collapsed subtrees (fingers, face bones) follow their embedded ancestor's bone, turned and
// scaled with it. The skeleton's facing is tried in four quarter turns about the up axis. The
// embedded joints are then refined by continuous optimization (§3.5, embedding_refinement.h)
// before the followers are carried.
#include <optional>
#include <string>
#include <vector>

#include "embed/discrete_embedding.h"
#include "embed/embedding_refinement.h"
#include "embed/reduced_skeleton.h"
#include "embed/sphere_graph.h"
#include "embed/volume_grid.h"
#include "mesh/mesh.h"

namespace rw {

struct SkeletonEmbeddingParams {
  VolumeGridParams volume;
  SphereGraphParams graph;
  ReducedSkeletonParams reduce;
  DiscreteEmbeddingParams discrete;
  EmbeddingRefinementParams refinement;
  /// §3.5's continuous refinement; off: the discrete embedding's joints as they are.
  bool refine = true;
  /// The skeleton is also tried turned a quarter, a half and three quarters about the up axis,
  /// and a turn is taken when its penalty is under this fraction of the skeleton's own facing.
  /// Characters are not all modelled facing +Z (a bull facing −Z put its head where its
  /// forelegs are); a symmetric biped turned half way costs the same as facing front, and the
  /// margin keeps its own facing (its left on its left).
  double otherFacingMargin = 0.8;
  /// A skeleton at least this long along its facing (Z), as a fraction of its height, is a
  /// long body (four legs, a tail): its front and back are told by the mesh's head
  /// (auto_head.h), not by the penalty. A four-legged skeleton costs about the same facing
  /// either way along the body (the bull: 0.47 and 0.50), and which wins turns on the sphere
  /// packing; a biped's depth is a fifth of its height at most.
  double longBodyRatio = 0.5;
  /// A long body's head decides among the facings whose penalty is within this factor of the
  /// best (the two along the body); the two across it cost several times more.
  double headToldFacingRatio = 1.5;
  /// The mesh's head when it is known (the retarget's head node, the user's pick): a long body
  /// faces it. Unset, the head is found (auto_head.h), which costs a few tenths of a second on
  /// a 137K-triangle mesh.
  std::optional<Eigen::Vector3d> meshHead;
};

struct SkeletonEmbedding {
  bool found = false;
  std::string reason;  ///< why not, when not found
  /// Per skeleton joint, where it goes in the mesh (deform joints; none for the others).
  std::vector<std::optional<Eigen::Vector3d>> position;
  ReducedSkeleton reduced;
  SphereGraph graph;
  DiscreteEmbedding discrete;
  EmbeddingFrame frame;
  int quarterTurns = 0;  ///< the skeleton's turn about the up axis that embedded best
  /// Why that turn: the penalty, or the mesh's head in front of a long body.
  std::string facingReason;
  /// The discrete penalty in each quarter turn (-1 where none was found).
  std::vector<double> facingPenalties;
};

/// The default parameters with `meshHead` at welded vertex `headVertex` of `mesh` (unset when
/// there is no such vertex): what the retarget's or the user's head node tells the embedding.
SkeletonEmbeddingParams paramsWithMeshHead(const Mesh& mesh, int headVertex);

/// The whole embedding of `skeleton` into `mesh`, both Y up and facing +Z.
SkeletonEmbedding embedSkeleton(const Mesh& mesh, const Skeleton& skeleton,
                                const SkeletonEmbeddingParams& params = {});

}  // namespace rw

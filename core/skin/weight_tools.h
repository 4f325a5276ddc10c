#pragma once
// The weight fix-up tools an artist uses on automatic weights, as plain functions over a
// character's mesh and skin weights (per source vertex):
//   * normalize: SkinWeights::normalize (skin/skin_weights.h);
//   * smoothWeights: n passes of the umbrella average over the surface graph;
//   * pruneWeights: influences below a threshold cut, each vertex renormalized;
//   * mirrorSkinWeights: one side's weights (or the average of both) onto the other, left
//     bones swapped with right ones (skin/mirror_weights.h).
// They work on the welded surface (a UV seam is one vertex), so the file's vertices that share a
// position share their weights afterwards.
#include <Eigen/Core>
#include <vector>

#include "mesh/mesh.h"
#include "skeleton/skeleton.h"
#include "skin/mirror_weights.h"
#include "skin/skin_weights.h"

namespace rw {

struct SmoothParams {
  /// Passes of the average; each widens the blend by about one edge ring.
  int passes = 1;
  /// How far a pass moves a vertex's weights towards its neighbours' mean: 0 keeps them, 1
  /// replaces them (a pure umbrella step, which can oscillate on a regular grid).
  double strength = 0.5;
};

/// The edge neighbours of each of `vertexCount` vertices over `triangles`, ascending.
std::vector<std::vector<int>> surfaceNeighbours(int vertexCount,
                                                const std::vector<Eigen::Vector3i>& triangles);

/// `params.passes` times, every vertex at once: w(v) ← (1 − s) w(v) + s · mean of w over v's
/// neighbours, then normalized. Vertices without neighbours keep their weights. Multi-threaded.
void smoothInfluences(const std::vector<std::vector<int>>& neighbours,
                      std::vector<std::vector<Influence>>& perVertex, const SmoothParams& params);

/// smoothInfluences over `mesh`'s welded surface; `weights` per source vertex of `mesh`.
void smoothWeights(const Mesh& mesh, SkinWeights& weights, const SmoothParams& params = {});

/// Cuts every influence under `threshold` (the strongest of a vertex always stays) and
/// renormalizes. Returns the number of influences removed.
int pruneWeights(SkinWeights& weights, double threshold);

/// Mirrors `weights` (per source vertex, joints of `skeleton`) across the skeleton's plane of
/// symmetry with mirrorWeights; unchanged, with the reason, when the skeleton or mesh is not
/// symmetric or a weight lies on a bone that is not a deform bone.
MirrorReport mirrorSkinWeights(const Mesh& mesh, const Skeleton& skeleton, SkinWeights& weights,
                               const MirrorParams& params = {});

}  // namespace rw

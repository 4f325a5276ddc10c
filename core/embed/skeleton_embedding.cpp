#include "embed/skeleton_embedding.h"

#include <tbb/parallel_for.h>

#include <Eigen/Geometry>
#include <algorithm>

#include "field/auto_head.h"

namespace rw {
namespace {

/// The inner joints of chain `r` along the shortest path between its ends, each as far along
/// the path (by length) as it is along the rest chain.
void placeChain(const ReducedSkeleton& s, const ReducedJoint& r, const SphereGraph& g, int vp,
                int v, std::vector<std::optional<Eigen::Vector3d>>& position) {
  const std::vector<int> path = g.path(vp, v);
  std::vector<double> along{0.0};  // cumulative length at each path centre
  for (std::size_t k = 1; k < path.size(); ++k)
    along.push_back(along.back() + (g.centres[path[k]] - g.centres[path[k - 1]]).norm());
  const double total = along.back();
  double rest = 0.0;
  int previous = s.joints[r.parent].joint;
  for (int j : r.chain) {
    rest += (s.rest[j] - s.rest[previous]).norm();
    previous = j;
    const double wanted = r.length > 0.0 ? total * rest / r.length : total;
    std::size_t k = 1;
    while (k + 1 < path.size() && along[k] < wanted) ++k;
    if (path.size() < 2) {
      position[j] = g.centres[path.front()];
      continue;
    }
    const double span = std::max(along[k] - along[k - 1], 1e-12);
    const double t = std::clamp((wanted - along[k - 1]) / span, 0.0, 1.0);
    position[j] = g.centres[path[k - 1]] + t * (g.centres[path[k]] - g.centres[path[k - 1]]);
  }
}

/// Followers (joints of collapsed subtrees), parents first: carried from their nearest placed
/// ancestor as its incoming bone turned and scaled from rest.
void carryFollowers(const Skeleton& skeleton, const ReducedSkeleton& s, double scale,
                    std::vector<std::optional<Eigen::Vector3d>>& position) {
  std::vector<int> followers = s.followers;
  std::sort(followers.begin(), followers.end());
  for (int f : followers) {
    int a = skeleton.joints[f].parent;
    while (a >= 0 && !position[a]) a = skeleton.joints[a].parent;
    if (a < 0) continue;
    int b = skeleton.joints[a].parent;  // the placed joint before a: a's incoming bone
    while (b >= 0 && !position[b]) b = skeleton.joints[b].parent;
    Eigen::Matrix3d turn = Eigen::Matrix3d::Identity();
    if (b >= 0) {
      const Eigen::Vector3d from = s.rest[a] - s.rest[b], to = *position[a] - *position[b];
      if (from.norm() > 1e-12 && to.norm() > 1e-12)
        turn = Eigen::Quaterniond::FromTwoVectors(from, to).toRotationMatrix();
    }
    position[f] = *position[a] + scale * (turn * (s.rest[f] - s.rest[a]));
  }
}

/// `quarterTurns` quarter turns about the up axis (Y).
Eigen::Matrix3d aboutUp(int quarterTurns) {
  return Eigen::AngleAxisd(quarterTurns * 0.5 * M_PI, Eigen::Vector3d::UnitY()).toRotationMatrix();
}

/// The reduced skeleton turned by quarter turns about the up axis: its chains' rest offsets and
/// its joints' rest positions (about the root).
ReducedSkeleton turnedAboutUp(const ReducedSkeleton& s, int quarterTurns) {
  ReducedSkeleton out = s;
  const Eigen::Matrix3d turn = aboutUp(quarterTurns);
  const Eigen::Vector3d pivot = s.rest[s.joints[0].joint];
  for (ReducedJoint& r : out.joints) r.offset = turn * r.offset;
  out.lateral = turn * s.lateral;
  for (Eigen::Vector3d& p : out.rest) p = pivot + turn * (p - pivot);
  return out;
}

/// The skeleton's extent along its facing (Z) over its height.
double bodyLength(const ReducedSkeleton& s) {
  double front = -1e300, back = 1e300;
  for (const ReducedJoint& r : s.joints) {
    front = std::max(front, s.rest[r.joint].z());
    back = std::min(back, s.rest[r.joint].z());
  }
  return s.height > 0.0 ? (front - back) / s.height : 0.0;
}

/// The horizontal direction from the mesh's middle to its head (the given one, else
/// auto_head.h's), or none.
std::optional<Eigen::Vector3d> headwards(const Mesh& mesh,
                                         const std::optional<Eigen::Vector3d>& given) {
  Eigen::Vector3d head;
  if (given) {
    head = *given;
  } else {
    const Expected<AutoHead> found = findHeadVertex(mesh);
    if (!found || found->vertex < 0) return std::nullopt;
    head = mesh.positions[found->vertex];
  }
  Eigen::Vector3d d = head - mesh.bounds().center();
  d.y() = 0.0;
  if (d.norm() < 1e-12) return std::nullopt;
  return d.normalized();
}

/// The discrete embedding in each quarter turn about the up axis, and the one kept: on a long
/// body the facing the mesh's head is in front of among the cheap ones, otherwise the
/// skeleton's own unless another is clearly cheaper.
void chooseFacing(const Mesh& mesh, const SkeletonEmbeddingParams& params, SkeletonEmbedding& out) {
  const ReducedSkeleton own = out.reduced;
  std::vector<ReducedSkeleton> turned(4);
  std::vector<DiscreteEmbedding> embedded(4);
  tbb::parallel_for(0, 4, [&](int turns) {  // each search is mostly serial
    turned[turns] = turnedAboutUp(own, turns);
    embedded[turns] = embedDiscrete(turned[turns], out.graph, out.frame, params.discrete);
  });
  int chosen = 0;
  for (int t = 1; t < 4; ++t) {
    const double bar =
        chosen == 0 ? params.otherFacingMargin * embedded[0].penalty : embedded[chosen].penalty;
    if (embedded[t].found && (!embedded[chosen].found || embedded[t].penalty < bar)) chosen = t;
  }
  for (const DiscreteEmbedding& e : embedded)
    out.facingPenalties.push_back(e.found ? e.penalty : -1.0);
  out.facingReason = "the least penalty";
  if (embedded[chosen].found && bodyLength(own) >= params.longBodyRatio) {
    if (const std::optional<Eigen::Vector3d> ahead = headwards(mesh, params.meshHead)) {
      const double cheapest = embedded[chosen].penalty;
      double best = -2.0;
      for (int t = 0; t < 4; ++t) {
        if (!embedded[t].found || embedded[t].penalty > params.headToldFacingRatio * cheapest)
          continue;
        const Eigen::Vector3d facing = aboutUp(t) * Eigen::Vector3d::UnitZ();
        if (facing.dot(*ahead) > best) best = facing.dot(*ahead), chosen = t;
      }
      out.facingReason = "the mesh's head in front of a long body";
    }
  }
  out.discrete = std::move(embedded[chosen]);
  out.reduced = std::move(turned[chosen]);
  out.quarterTurns = chosen;
}

}  // namespace

SkeletonEmbeddingParams paramsWithMeshHead(const Mesh& mesh, int headVertex) {
  SkeletonEmbeddingParams params;
  if (headVertex >= 0 && headVertex < int(mesh.positions.size()))
    params.meshHead = mesh.positions[headVertex];
  return params;
}

SkeletonEmbedding embedSkeleton(const Mesh& mesh, const Skeleton& skeleton,
                                const SkeletonEmbeddingParams& params) {
  SkeletonEmbedding out;
  out.position.assign(skeleton.size(), std::nullopt);
  if (mesh.positions.empty() || mesh.triangles.empty())
    return out.reason = "the mesh has no triangles", out;
  out.reduced = reduceSkeleton(skeleton, params.reduce);
  if (out.reduced.size() == 0) return out.reason = "the skeleton has no deform joint", out;
  const VolumeGrid volume = sampleVolume(mesh.positions, mesh.triangles, params.volume);
  out.graph = buildSphereGraph(volume, params.graph);
  const Eigen::AlignedBox3d box = mesh.bounds();
  out.frame.bottom = box.min().y();
  out.frame.height = std::max(box.sizes().y(), 1e-12);
  out.frame.scale = out.frame.height / out.reduced.height;
  out.frame.middle = box.center();
  chooseFacing(mesh, params, out);
  if (!out.discrete.found) return out.reason = out.discrete.reason, out;
  const ReducedSkeleton& s = out.reduced;
  out.position[s.joints[0].joint] = out.graph.centres[out.discrete.vertex[0]];
  for (int i = 1; i < s.size(); ++i)
    placeChain(s, s.joints[i], out.graph, out.discrete.vertex[s.joints[i].parent],
               out.discrete.vertex[i], out.position);
  if (params.refine)
    refineEmbedding(skeleton, s, volume, out.frame.scale, out.position, params.refinement);
  carryFollowers(skeleton, s, out.frame.scale, out.position);
  out.found = true;
  return out;
}

}  // namespace rw

#include "embed/skeleton_embedding.h"

#include <Eigen/Geometry>
#include <algorithm>

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

/// The reduced skeleton turned by quarter turns about the up axis (Y): its chains' rest
/// offsets and its joints' rest positions (about the root).
ReducedSkeleton turnedAboutUp(const ReducedSkeleton& s, int quarterTurns) {
  ReducedSkeleton out = s;
  const Eigen::Matrix3d turn =
      Eigen::AngleAxisd(quarterTurns * 0.5 * M_PI, Eigen::Vector3d::UnitY()).toRotationMatrix();
  const Eigen::Vector3d pivot = s.rest[s.joints[0].joint];
  for (ReducedJoint& r : out.joints) r.offset = turn * r.offset;
  out.lateral = turn * s.lateral;
  for (Eigen::Vector3d& p : out.rest) p = pivot + turn * (p - pivot);
  return out;
}

}  // namespace

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
  // The skeleton's own facing, then the three other quarter turns.
  const ReducedSkeleton own = out.reduced;
  out.discrete = embedDiscrete(own, out.graph, out.frame, params.discrete);
  for (int turns = 1; turns < 4; ++turns) {
    ReducedSkeleton turned = turnedAboutUp(own, turns);
    DiscreteEmbedding other = embedDiscrete(turned, out.graph, out.frame, params.discrete);
    const double bar = out.quarterTurns == 0 ? params.otherFacingMargin * out.discrete.penalty
                                             : out.discrete.penalty;
    if (other.found && (!out.discrete.found || other.penalty < bar)) {
      out.discrete = std::move(other);
      out.reduced = std::move(turned);
      out.quarterTurns = turns;
    }
  }
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

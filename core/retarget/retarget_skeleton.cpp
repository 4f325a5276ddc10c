#include "retarget/retarget_skeleton.h"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <Eigen/Eigenvalues>
#include <Eigen/Geometry>
#include <Eigen/SVD>
#include <cmath>
#include <limits>
#include <optional>

#include "retarget/joint_placement.h"
#include "retarget/placement_paths.h"

namespace rw {
namespace {

/// How a joint's neighbourhood moved: x ↦ newOrigin + scale · rotation · (x − oldOrigin).
/// Placed bones get it from their head and tail; everything else borrows one (§6.3: "rotation
/// and scaling factor from the transformation of their deforming bone").
struct Similarity {
  Eigen::Vector3d oldOrigin = Eigen::Vector3d::Zero();
  Eigen::Vector3d newOrigin = Eigen::Vector3d::Zero();
  Eigen::Matrix3d rotation = Eigen::Matrix3d::Identity();
  double scale = 1.0;
  Eigen::Vector3d apply(const Eigen::Vector3d& x) const {
    return newOrigin + scale * (rotation * (x - oldOrigin));
  }
};

Similarity boneSimilarity(const Eigen::Vector3d& oldHead, const Eigen::Vector3d& oldTail,
                          const Eigen::Vector3d& newHead, const Eigen::Vector3d& newTail) {
  Similarity s;
  s.oldOrigin = oldHead;
  s.newOrigin = newHead;
  const Eigen::Vector3d a = oldTail - oldHead, b = newTail - newHead;
  if (a.norm() > 1e-12 && b.norm() > 1e-12) {
    s.rotation = Eigen::Quaterniond::FromTwoVectors(a, b).toRotationMatrix();
    s.scale = b.norm() / a.norm();
  }
  return s;
}

/// Skeleton arc points and the joint each one places: a joint's head, or (the last point of a
/// limb) the end joint's tail.
struct ArcPoint {
  int joint;
  bool tail;
};

std::vector<ArcPoint> arcPoints(const GraphArc& arc) {
  std::vector<ArcPoint> points;
  for (int j : arc.members) points.push_back({j, false});
  if (arc.polyline.size() == arc.members.size() + 1) points.push_back({arc.members.back(), true});
  return points;
}

/// The first joint of a limb's `chain` off its branching joint (zero-length bones coincide),
/// at most the chain's last.
std::size_t firstDistinctJoint(const std::vector<Eigen::Vector3d>& chain) {
  const double tiny = 1e-9 * polylineLength(chain);
  std::size_t k = 1;
  while (k + 1 < chain.size() && (chain[k] - chain[0]).norm() <= tiny) ++k;
  return k;
}

/// A limb's axis: the centroids right below the split are pulled towards the trunk (the first
/// rings still wrap the armpit, a bull's belly), so the limb is anchored a quarter of its length
/// out (`first`: that point's index), and its axis is the principal direction of the centroids
/// from there to three fifths, pointing outwards.
struct LimbAxis {
  std::size_t first = 0;
  Eigen::Vector3d axis = Eigen::Vector3d::Zero();
};

LimbAxis limbAxis(const std::vector<Eigen::Vector3d>& limb) {
  LimbAxis out;
  if (limb.size() < 2) return out;
  const double length = polylineLength(limb);
  std::vector<double> along(limb.size(), 0.0);
  for (std::size_t k = 1; k < limb.size(); ++k)
    along[k] = along[k - 1] + (limb[k] - limb[k - 1]).norm();
  out.first = 1;
  while (out.first + 1 < limb.size() && along[out.first] < 0.25 * length) ++out.first;
  out.first = std::min(out.first, limb.size() - 1);
  Eigen::Vector3d mean = Eigen::Vector3d::Zero();
  int count = 0;
  for (std::size_t k = out.first; k < limb.size() && along[k] <= 0.6 * length; ++k, ++count)
    mean += limb[k];
  out.axis = (limb.back() - limb[out.first]).normalized();
  if (count >= 3) {
    mean /= count;
    Eigen::Matrix3d scatter = Eigen::Matrix3d::Zero();
    for (std::size_t k = out.first; k < limb.size() && along[k] <= 0.6 * length; ++k)
      scatter += (limb[k] - mean) * (limb[k] - mean).transpose();
    const Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d> eigen(scatter);
    out.axis = eigen.eigenvectors().col(2);
    if (out.axis.dot(limb.back() - limb[out.first]) < 0.0) out.axis = -out.axis;  // outwards
  }
  return out;
}

/// Child limb path when the branching joint stopped above the mesh's split: the limb's
/// centroids start below the split (a thigh's rings begin at the crotch), while its first
/// joints (hips, shoulders) lie higher, inside the trunk's level sets. The limb's axis is
/// extended back to `rise` above the joint along the trunk (`down`: the trunk's direction at
/// the joint, towards the split; `rise`: how far above the joint the skeleton's limb chain
/// climbs, a clavicle's tip above the chest), and the path runs joint → extended axis → limb.
std::vector<Eigen::Vector3d> bridgedLimbPath(const std::vector<Eigen::Vector3d>& limb,
                                             const Eigen::Vector3d& joint,
                                             const Eigen::Vector3d& down, double rise) {
  const LimbAxis limbLine = limbAxis(limb);
  const Eigen::Vector3d& axis = limbLine.axis;
  std::vector<Eigen::Vector3d> path(limb.begin() + long(limbLine.first), limb.end());
  if (path.empty()) path.push_back(limb.back());
  const double drop = (path.front() - joint).dot(down) + rise;
  const double slope = axis.dot(down);
  if (axis.allFinite() && slope > 0.25 && drop > 0.0) {
    double back = std::min(drop / slope, (path.front() - joint).norm() + rise);
    // A splayed limb's axis, extended, must not cross over to the other side of the joint.
    const Eigen::Vector3d offset = path.front() - joint;
    const Eigen::Vector3d lateral = offset - offset.dot(down) * down;
    if (lateral.norm() > 0.0) {
      const double outwards = axis.dot(lateral.normalized());
      if (outwards > 0.0) back = std::min(back, 0.8 * lateral.norm() / outwards);
    }
    path.insert(path.begin(), Eigen::Vector3d(path.front() - back * axis));
  }
  path.insert(path.begin(), joint);
  return path;
}

/// Where a branching joint lies on its trunk `path`, from the limbs that leave the trunk there
/// across it (a four-legged trunk's shoulders and hips): each limb's first joint, at the
/// skeleton's `offset` from the branching joint (turned and scaled to the mesh), must lie on
/// the limb's axis. The centroids cannot say it: the mesh's split lies under the belly, and
/// where a trunk arc ends there depends on how far the skeleton's head bones reach.
struct LimbLine {
  Eigen::Vector3d offset;  ///< branching joint → the limb's first joint, turned and scaled
  Eigen::Vector3d point;   ///< on the limb's axis
  Eigen::Vector3d axis;    ///< unit
};

std::optional<Eigen::Vector3d> branchingFromLimbs(const std::vector<Eigen::Vector3d>& path,
                                                  const std::vector<LimbLine>& limbs) {
  if (path.size() < 2 || limbs.size() < 2) return std::nullopt;
  std::optional<Eigen::Vector3d> best;
  double bestMiss = std::numeric_limits<double>::infinity();
  for (const Eigen::Vector3d& p : resamplePath(path, 200)) {
    double miss = 0.0;
    for (const LimbLine& limb : limbs) {
      const Eigen::Vector3d gap = p + limb.offset - limb.point;
      miss += (gap - gap.dot(limb.axis) * limb.axis).squaredNorm();
    }
    if (miss < bestMiss) bestMiss = miss, best = p;
  }
  return best;
}

/// `path` up to the point nearest `end`, which becomes its last point.
std::vector<Eigen::Vector3d> cutPathAt(const std::vector<Eigen::Vector3d>& path,
                                       const Eigen::Vector3d& end) {
  if (path.size() < 2) return path;
  std::size_t bestSegment = 0;
  double bestT = 0.0, bestDistance = std::numeric_limits<double>::infinity();
  for (std::size_t k = 0; k + 1 < path.size(); ++k) {
    const Eigen::Vector3d d = path[k + 1] - path[k];
    const double t = d.squaredNorm() > 0.0
                         ? std::clamp((end - path[k]).dot(d) / d.squaredNorm(), 0.0, 1.0)
                         : 0.0;
    const double distance = (path[k] + t * d - end).norm();
    if (distance < bestDistance) bestDistance = distance, bestSegment = k, bestT = t;
  }
  std::vector<Eigen::Vector3d> out(path.begin(), path.begin() + long(bestSegment) + 1);
  out.push_back(path[bestSegment] + bestT * (path[bestSegment + 1] - path[bestSegment]));
  if (out.size() >= 2 && (out.back() - out[out.size() - 2]).norm() <= 1e-12) out.pop_back();
  if (out.size() < 2) out.push_back(path[1]);
  return out;
}

/// Child limb path from a branching joint whose limb's first joint (a hip, a clavicle) lies
/// above the mesh's split, where the limb has no centroids of its own (a thigh's rings begin at
/// the crotch): that joint is predicted from the skeleton, its offset from the branching joint
/// turned by `rotation` (the skeleton's facing and the trunk's turn at the joint) and scaled by
/// `scale`. The path runs joint → predicted joint → the rest of `bridged` (the limb's axis
/// extended up, then the limb) below it. Empty when the first joint would lie below the split,
/// `split` deep along `down`.
std::vector<Eigen::Vector3d> predictedLimbPath(const std::vector<Eigen::Vector3d>& bridged,
                                               double split,
                                               const std::vector<Eigen::Vector3d>& chain,
                                               const Eigen::Vector3d& joint,
                                               const Eigen::Matrix3d& rotation, double scale,
                                               const Eigen::Vector3d& down) {
  if (bridged.size() < 2 || chain.size() < 3) return {};
  const std::size_t k = firstDistinctJoint(chain);
  if (k + 1 >= chain.size()) return {};
  const Eigen::Vector3d predicted = joint + scale * (rotation * (chain[k] - chain[0]));
  const double depth = (predicted - joint).dot(down);
  if (depth >= split) return {};
  std::vector<Eigen::Vector3d> path{joint, predicted};
  for (std::size_t q = 1; q < bridged.size(); ++q)
    if ((bridged[q] - joint).dot(down) > depth || q + 1 == bridged.size())
      path.push_back(bridged[q]);
  return path;
}

/// `path` with its first point kept and the rest smoothed: resampled to 60 points and blurred
/// by a binomial filter, ends fixed (a Gaussian of about 7.6% of the length). A limb path whose
/// upper part was synthesized (predictedLimbPath) meets the limb's centroids at a corner that
/// is not the limb's, and level-set centroids zigzag with the rings' shapes (Testwuson's
/// forelegs by 0.05-0.1 units); the angle term would put a knee on any corner. Real bends stay,
/// rounded.
std::vector<Eigen::Vector3d> smoothedLimbPath(const std::vector<Eigen::Vector3d>& path) {
  if (path.size() < 3) return path;
  std::vector<Eigen::Vector3d> rest =
      resamplePath(std::vector<Eigen::Vector3d>(path.begin() + 1, path.end()), 60);
  std::vector<Eigen::Vector3d> next = rest;
  for (int pass = 0; pass < 40; ++pass) {
    for (std::size_t q = 1; q + 1 < rest.size(); ++q)
      next[q] = 0.25 * rest[q - 1] + 0.5 * rest[q] + 0.25 * rest[q + 1];
    std::swap(rest, next);
  }
  rest.insert(rest.begin(), path.front());
  return rest;
}

/// `path` without its first `distance` of length (at most half of it).
std::vector<Eigen::Vector3d> trimPathStart(const std::vector<Eigen::Vector3d>& path,
                                           double distance) {
  distance = std::min(distance, 0.5 * polylineLength(path));
  if (path.size() < 2 || !(distance > 0.0)) return path;
  double along = 0.0;
  for (std::size_t k = 1; k < path.size(); ++k) {
    const double step = (path[k] - path[k - 1]).norm();
    if (along + step >= distance) {
      const double t = step > 0.0 ? (distance - along) / step : 0.0;
      std::vector<Eigen::Vector3d> out{path[k - 1] + t * (path[k] - path[k - 1])};
      out.insert(out.end(), path.begin() + long(k), path.end());
      if (out.size() < 2) out.push_back(path.back());
      return out;
    }
    along += step;
  }
  return path;
}

}  // namespace

RetargetedSkeleton placeSkeleton(const Skeleton& s, const SkeletonGraph& graph,
                                 const GraphMatching& matching,
                                 const std::vector<ControlLink>& links,
                                 const PlacementParams& params, const Progress* progress,
                                 const PlacementMesh& mesh) {
  const int n = s.size();
  RetargetedSkeleton out;
  out.skeleton = s;
  out.fate.assign(n, JointFate::Followed);
  for (int j = 0; j < n; ++j)
    if (!s.joints[j].deform) out.fate[j] = JointFate::Control;
  if (n == 0) return out;

  const std::vector<Transform> globals = s.restGlobals();
  double extent = 0.0;
  for (const Transform& g : globals)
    extent = std::max(extent, (g.translation() - globals[0].translation()).norm());
  const std::vector<BoneShape> shapes = s.boneShapes(std::max(extent, 1e-9));

  std::vector<std::optional<Eigen::Vector3d>> newHead(n), newTail(n);
  // A point the bone of a joint aims at, before and after (the head joint's virtual top).
  std::vector<std::optional<std::pair<Eigen::Vector3d, Eigen::Vector3d>>> aim(n);
  const TopologyGraph& g = graph.graph;
  const int rootJoint = g.root >= 0 ? graph.nodeJoint[g.root] : -1;

  // Chains and paths of every match. An arc leaving the head joint may start above it: the
  // user clicks the top of the head on the mesh, while the head joint sits at the base of the
  // skull; the part of the skeleton above the joint (its own tail, the face bones that match
  // nothing) then becomes a first, virtual bone so that the joint lands at the right depth.
  const int count = int(matching.matches.size());
  std::vector<std::vector<Eigen::Vector3d>> chains(count), paths(count);
  std::vector<char> virtualTop(count, 0);
  Eigen::Vector3d virtualTopBefore = Eigen::Vector3d::Zero();
  bool rootArcSeen = false;
  for (int i = 0; i < count; ++i) {
    const ArcMatch& m = matching.matches[i];
    const GraphArc& arc = g.arcs[m.skeletonArc];
    chains[i] = arc.polyline;
    for (int e : m.extension)
      chains[i].insert(chains[i].end(), g.arcs[e].polyline.begin() + 1, g.arcs[e].polyline.end());
    paths[i] = m.placementPath.empty() ? withoutHairpins(m.path) : m.placementPath;
    if (arc.from != g.root || rootArcSeen || rootJoint < 0 || arc.polyline.size() < 2) continue;
    rootArcSeen = true;
    const Eigen::Vector3d rootHead = arc.polyline[0];
    const Eigen::Vector3d away = (arc.polyline[0] - arc.polyline[1]).normalized();
    double reach = (shapes[rootJoint].tail - rootHead).dot(away);
    for (const UnmatchedArc& u : matching.unmatched)
      if (g.arcs[u.skeletonArc].from == g.root)
        for (const Eigen::Vector3d& p : g.arcs[u.skeletonArc].polyline)
          reach = std::max(reach, (p - rootHead).dot(away));
    if (reach > 0.02 * arc.length && away.allFinite()) {
      virtualTopBefore = rootHead + reach * away;
      chains[i].insert(chains[i].begin(), virtualTopBefore);
      virtualTop[i] = 1;
      // The skeleton's highest point (a head bone's tip, a brow) lies under the skull; measured
      // on the bundled biped into BCN and the procedural humanoid, a head's radius below the top
      // fits both better than none.
      paths[i] = trimPathStart(paths[i], mesh.headSkin);
    }
  }
  // Arcs ending at a branching may stop short of the mesh's split, measured with the whole
  // skeleton's size ratio (an arc's own ratio would make every stop fit).
  std::vector<char> branchEnd(count, 0);
  for (int i = 0; i < count; ++i) {
    const int far = g.arcs[matching.matches[i].skeletonArc].to;
    if (matching.matches[i].extension.empty())
      for (const ArcMatch& other : matching.matches)
        if (g.arcs[other.skeletonArc].from == far) branchEnd[i] = 1;
  }
  // Each arc's joints: a joint's head, or (a limb's last point) the end joint's tail.
  std::vector<std::vector<ArcPoint>> points(count);
  for (int i = 0; i < count; ++i) {
    points[i] = arcPoints(g.arcs[matching.matches[i].skeletonArc]);
    for (int e : matching.matches[i].extension) {
      const std::vector<ArcPoint> more = arcPoints(g.arcs[e]);
      points[i].insert(points[i].end(), more.begin() + 1, more.end());
    }
  }
  // A chain that turns back on itself (Testwuson's Root: a joint under the spine, between the
  // front and back spines) cannot lie on a centroid path, which never doubles back; such an
  // inner joint is left to follow its neighbours. Placed, it pinned the trunk to whatever dip the
  // path had and packed the spine joints towards the head.
  for (int i = 0; i < count; ++i) {
    const std::size_t off = virtualTop[i] ? 1 : 0;
    const double chainLength = polylineLength(chains[i]);
    for (std::size_t k = 1; k + 1 < points[i].size() && k + off + 1 < chains[i].size(); ++k) {
      const std::size_t c = k + off;
      const Eigen::Vector3d in = chains[i][c] - chains[i][c - 1];
      const Eigen::Vector3d out = chains[i][c + 1] - chains[i][c];
      if (points[i][k].tail || in.norm() < 0.05 * chainLength || out.norm() < 0.05 * chainLength ||
          in.normalized().dot(out.normalized()) > -0.5)
        continue;
      chains[i].erase(chains[i].begin() + long(c));
      points[i].erase(points[i].begin() + long(k));
      --k;
    }
  }
  // The arcs whose placement another needs first: a child arc starts where its parent put the
  // branching joint. Arcs of one generation are placed in parallel.
  std::vector<int> generation(count, 0);
  // The match whose placement puts each arc's start joint, and that joint's index in its points.
  std::vector<std::pair<int, int>> parentPoint(count, {-1, -1});
  int generations = 0;
  for (int i = 0; i < count; ++i) {
    const GraphArc& arc = g.arcs[matching.matches[i].skeletonArc];
    const int start = arc.members.empty() ? -1 : arc.members.front();
    for (int j = 0; j < i; ++j)
      for (std::size_t k = 0; k < points[j].size(); ++k)
        if (!points[j][k].tail && points[j][k].joint == start) {
          generation[i] = std::max(generation[i], generation[j] + 1);
          if (k > 0) parentPoint[i] = {j, int(k)};  // not a sibling that starts there too
        }
    generations = std::max(generations, generation[i] + 1);
  }
  // How the skeleton as a whole is turned against the mesh: the rotation that best takes every
  // matched arc's chord in the skeleton onto its path's chord (Kabsch). A skeleton built facing
  // another way, or tipped, turns its limbs' offsets with it.
  Eigen::Matrix3d facing = Eigen::Matrix3d::Identity();
  {
    Eigen::Matrix3d cross = Eigen::Matrix3d::Zero();
    for (int i = 0; i < count; ++i)
      cross +=
          (chains[i].back() - chains[i].front()) * (paths[i].back() - paths[i].front()).transpose();
    const Eigen::JacobiSVD<Eigen::Matrix3d> svd(cross, Eigen::ComputeFullU | Eigen::ComputeFullV);
    Eigen::Matrix3d flip = Eigen::Matrix3d::Identity();
    flip(2, 2) = (svd.matrixV() * svd.matrixU().transpose()).determinant() < 0.0 ? -1.0 : 1.0;
    const Eigen::Matrix3d r = svd.matrixV() * flip * svd.matrixU().transpose();
    if (r.allFinite() && svd.singularValues()(1) > 1e-9 * svd.singularValues()(0)) facing = r;
  }
  // The skeleton-to-mesh size ratio, over each limb's whole route from the head (chords, so
  // that the centroids' wiggles do not count): a limb's own path starts at the mesh's split,
  // below the skeleton's branching joint, so limbs alone measure the mesh short (Testwuson's
  // legs: 0.56 where the trunk's ratio is 0.71); along the route from the head the two agree.
  double globalScale = 1.0;
  {
    std::vector<double> routePath(count, 0.0), routeChain(count, 0.0);
    double meshRoutes = 0.0, chainRoutes = 0.0;
    for (int i = 0; i < count; ++i) {
      const int parent = parentPoint[i].first;
      routePath[i] =
          (paths[i].back() - paths[i].front()).norm() + (parent >= 0 ? routePath[parent] : 0.0);
      routeChain[i] =
          (chains[i].back() - chains[i].front()).norm() + (parent >= 0 ? routeChain[parent] : 0.0);
      if (!branchEnd[i] && !virtualTop[i]) meshRoutes += routePath[i], chainRoutes += routeChain[i];
    }
    if (chainRoutes > 0.0 && meshRoutes > 0.0) globalScale = meshRoutes / chainRoutes;
  }
  // Branching joints located from their limbs (see branchingFromLimbs): limbs at least 60°
  // off the trunk's direction there, in the skeleton turned to the mesh; a biped's hanging arms
  // and legs run along its trunk and say nothing of where along it they start.
  std::vector<std::optional<Eigen::Vector3d>> endFromLimbs(count);
  if (!matching.partial)
    for (int i = 0; i < count; ++i) {
      if (!branchEnd[i] || chains[i].size() < 2) continue;
      const GraphArc& arc = g.arcs[matching.matches[i].skeletonArc];
      const Eigen::Vector3d trunk =
          (facing * (chains[i].back() - chains[i][chains[i].size() - 2])).normalized();
      if (!trunk.allFinite()) continue;
      std::vector<LimbLine> limbs;
      for (int j = 0; j < count; ++j) {
        if (branchEnd[j] || g.arcs[matching.matches[j].skeletonArc].from != arc.to ||
            chains[j].size() < 3 || paths[j].size() < 3)
          continue;
        const LimbAxis axis = limbAxis(paths[j]);
        if (!axis.axis.allFinite() || std::abs(axis.axis.dot(trunk)) > 0.5) continue;
        const std::size_t k = firstDistinctJoint(chains[j]);
        limbs.push_back({globalScale * (facing * (chains[j][k] - chains[j][0])),
                         paths[j][axis.first], axis.axis});
      }
      endFromLimbs[i] = branchingFromLimbs(paths[i], limbs);
    }
  std::vector<ArcPlacement> placements(count);
  std::vector<int> firstMoved(count, 0);
  // The pure part: the path (bridged from a parent's placed joint) and the DP.
  auto place = [&](int i) {
    const GraphArc& arc = g.arcs[matching.matches[i].skeletonArc];
    const int start = arc.members.empty() ? -1 : arc.members.front();
    if (!virtualTop[i] && start >= 0 && newHead[start] && !paths[i].empty() &&
        (paths[i].front() - *newHead[start]).norm() > 1e-12) {
      const Eigen::Vector3d down = (paths[i].front() - *newHead[start]).normalized();
      // The skeleton's trunk direction at the joint: along the arc that ends there.
      double rise = 0.0;
      for (const GraphArc& parentArc : g.arcs)
        if (parentArc.to == arc.from && parentArc.polyline.size() >= 2) {
          const Eigen::Vector3d up =
              (parentArc.polyline[parentArc.polyline.size() - 2] - parentArc.polyline.back())
                  .normalized();
          for (const Eigen::Vector3d& q : chains[i])
            if (up.allFinite()) rise = std::max(rise, (q - chains[i].front()).dot(up));
          break;
        }
      const std::vector<Eigen::Vector3d> bridged =
          bridgedLimbPath(paths[i], *newHead[start], down, globalScale * rise);
      // The skeleton's facing, then the trunk's own turn at the joint: the parent arc's start
      // seen from the joint, in the skeleton and as placed (a neighbouring joint is too close
      // to give a direction).
      std::vector<Eigen::Vector3d> predicted;
      if (const auto [j, k] = parentPoint[i];
          j >= 0 && placements[j].points.size() == chains[j].size()) {
        const Eigen::Vector3d upOld =
            facing * (chains[j].front() - chains[j][k + (virtualTop[j] ? 1 : 0)]);
        const Eigen::Vector3d upNew = placements[j].points.front() - *newHead[start];
        if (upOld.norm() > 1e-9 * extent && upNew.norm() > 1e-9 * extent) {
          const Eigen::Matrix3d turn =
              Eigen::Quaterniond::FromTwoVectors(upOld, upNew).toRotationMatrix() * facing;
          predicted = predictedLimbPath(bridged, (paths[i].front() - *newHead[start]).dot(down),
                                        chains[i], *newHead[start], turn, globalScale, down);
        }
      }
      paths[i] = predicted.empty() ? bridged : smoothedLimbPath(predicted);
    }
    // A partial retarget moves the chosen joint's subtree: the arc's joints before it stay, and
    // the chosen joint goes to the mesh limb's start. Without a chosen joint on the arc, the
    // arc's start joint (the joint the subtree hangs from) stays.
    if (matching.partial && i == 0 && !virtualTop[i]) {
      int first = 1;
      for (std::size_t k = 0; k < points[i].size(); ++k)
        if (!points[i][k].tail && points[i][k].joint == matching.partialJoint) first = int(k);
      if (first > 0 && first < int(points[i].size()) - 1 &&
          points[i][first].joint == matching.partialJoint) {
        chains[i].erase(chains[i].begin(), chains[i].begin() + first);
        points[i].erase(points[i].begin(), points[i].begin() + first);
        first = 0;
      }
      firstMoved[i] = first;
    }
    PlacementOptions options;
    if (branchEnd[i]) options.freeEnd = 0.4, options.scale = globalScale;
    if (endFromLimbs[i]) {
      // Trusted as far as a free end would go (the last joint in the path's last 40%), plus a
      // margin: limbs whose axes point elsewhere (a mismatch) must not fold the arc up.
      std::vector<Eigen::Vector3d> cut = cutPathAt(paths[i], *endFromLimbs[i]);
      if (polylineLength(cut) >= 0.5 * polylineLength(paths[i])) {
        paths[i] = std::move(cut);
        options.freeEnd = 0.0;
      }
    }
    placements[i] = placeJoints(chains[i], paths[i], params, options);
  };
  // The joints an arc placed, in match order (an arc's first joint is its parent's).
  auto apply = [&](int i) {
    const ArcPlacement& p = placements[i];
    if (virtualTop[i] && p.points.size() > 1) {
      newHead[rootJoint] = p.points[1];
      aim[rootJoint] = std::make_pair(virtualTopBefore, p.points.front());
    }
    const int offset = virtualTop[i] ? 1 : 0;
    if (p.points.size() != points[i].size() + offset) return;
    for (std::size_t k = 0; k < points[i].size(); ++k) {
      const ArcPoint& a = points[i][k];
      if (int(k) < firstMoved[i]) continue;
      const Eigen::Vector3d& x = p.points[k + offset];
      if (a.tail) {
        newTail[a.joint] = x;
      } else if (!newHead[a.joint]) {
        newHead[a.joint] = x;
      }
    }
    out.angleTerm += p.angleTerm;
    out.lengthTerm += p.lengthTerm;
    out.distanceTerm += p.distanceTerm;
  };
  for (int level = 0; level < generations; ++level) {
    std::vector<int> batch;
    for (int i = 0; i < count; ++i)
      if (generation[i] == level) batch.push_back(i);
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, batch.size(), 1),
                      [&](const tbb::blocked_range<std::size_t>& r) {
                        for (std::size_t k = r.begin(); k < r.end(); ++k) place(batch[k]);
                      });
    for (int i : batch) apply(i);
  }
  if (progress) progress->report("place", 0.7);

  // Similarity of every joint, parents first. Placed joints: from their own head and tail (the
  // mean of their placed children, else the placed limb end). Others: their parent's.
  std::vector<std::optional<Similarity>> sim(n);
  auto borrow = [&](int j) -> Similarity {
    for (int p = s.joints[j].parent; p >= 0; p = s.joints[p].parent)
      if (sim[p]) return *sim[p];
    // Nothing above (a root that is not on the graph): the nearest placed joint — except in a
    // partial retarget, where the rest of the skeleton stays where it was.
    if (matching.partial) {
      Similarity identity;
      identity.oldOrigin = identity.newOrigin = globals[j].translation();
      return identity;
    }
    int best = -1;
    for (int k = 0; k < n; ++k)
      if (sim[k] &&
          (best < 0 || (globals[k].translation() - globals[j].translation()).norm() <
                           (globals[best].translation() - globals[j].translation()).norm()))
        best = k;
    return best >= 0 ? *sim[best] : Similarity{};
  };
  const std::vector<std::vector<int>> children = [&] {
    std::vector<std::vector<int>> c(n);
    for (int j = 0; j < n; ++j)
      if (s.joints[j].parent >= 0) c[s.joints[j].parent].push_back(j);
    return c;
  }();
  auto similarityOfPlaced = [&](int j) -> std::optional<Similarity> {
    const Eigen::Vector3d oldHead = globals[j].translation();
    Eigen::Vector3d oldSum = Eigen::Vector3d::Zero(), newSum = Eigen::Vector3d::Zero();
    int used = 0;
    for (int c : children[j])
      if (newHead[c] && (globals[c].translation() - oldHead).norm() > 1e-9 * extent) {
        oldSum += globals[c].translation();
        newSum += *newHead[c];
        ++used;
      }
    if (used == 1) return boneSimilarity(oldHead, oldSum, *newHead[j], newSum);
    if (used > 1) {
      // Several children (hips: spine and thighs): their mean can lie on the joint itself, so
      // fit the rotation and scale to all of them (Umeyama) rather than to one direction.
      Eigen::Matrix3Xd from(3, used + 1), to(3, used + 1);
      from.col(0) = oldHead;
      to.col(0) = *newHead[j];
      int k = 1;
      for (int c : children[j])
        if (newHead[c] && (globals[c].translation() - oldHead).norm() > 1e-9 * extent) {
          from.col(k) = globals[c].translation();
          to.col(k++) = *newHead[c];
        }
      const Eigen::Matrix4d fit = Eigen::umeyama(from, to, true);
      Similarity sim;
      sim.oldOrigin = oldHead;
      sim.newOrigin = *newHead[j];
      sim.scale = fit.block<3, 3>(0, 0).col(0).norm();
      if (!(sim.scale > 0.0) || !std::isfinite(sim.scale)) return std::nullopt;
      sim.rotation = fit.block<3, 3>(0, 0) / sim.scale;
      return sim;
    }
    if (newTail[j]) return boneSimilarity(oldHead, shapes[j].tail, *newHead[j], *newTail[j]);
    if (aim[j]) return boneSimilarity(oldHead, aim[j]->first, *newHead[j], aim[j]->second);
    // The walk may run against the bone tree (a neck reached from the head): the placed parent
    // then gives the direction of the bone that ends at this joint.
    const int p = s.joints[j].parent;
    if (p >= 0 && newHead[p]) {
      Similarity sp = boneSimilarity(globals[p].translation(), oldHead, *newHead[p], *newHead[j]);
      sp.oldOrigin = oldHead;
      sp.newOrigin = *newHead[j];
      return sp;
    }
    return std::nullopt;
  };
  for (int j = 0; j < n; ++j) {
    if (newHead[j]) {
      out.fate[j] = JointFate::Placed;
      sim[j] = similarityOfPlaced(j);
      if (!sim[j]) {
        Similarity b = borrow(j);
        b.oldOrigin = globals[j].translation();
        b.newOrigin = *newHead[j];
        sim[j] = b;
      }
    } else if (s.joints[j].deform) {
      sim[j] = borrow(j);
    }
  }
  // Controls: the similarity of their linked deform bone (§6.3), about that bone's tip.
  for (const ControlLink& link : links) {
    const int j = link.control;
    if (newHead[j]) continue;  // a control on the graph (Testwuson's Root) was placed
    if (link.deform >= 0 && sim[link.deform]) {
      sim[j] = sim[link.deform];
    } else {
      sim[j] = borrow(j);
    }
  }
  for (int j = 0; j < n; ++j)
    if (!sim[j]) sim[j] = borrow(j);

  // New rest pose: placed heads, the others carried by their similarity; orientations turned by
  // the similarity's rotation (bone roll kept).
  std::vector<Transform> newGlobals(n);
  for (int j = 0; j < n; ++j) {
    const Eigen::Vector3d head = newHead[j] ? *newHead[j] : sim[j]->apply(globals[j].translation());
    newGlobals[j].linear() = sim[j]->rotation * globals[j].linear();
    newGlobals[j].translation() = head;
    Joint& joint = out.skeleton.joints[j];
    if (newTail[j]) {
      joint.tail = *newTail[j];
    } else if (joint.tail) {
      Similarity t = *sim[j];
      t.oldOrigin = globals[j].translation();
      t.newOrigin = head;
      joint.tail = t.apply(*s.joints[j].tail);
    }
  }
  for (int j = 0; j < n; ++j) {
    const int p = s.joints[j].parent;
    out.skeleton.joints[j].restLocal =
        p >= 0 ? newGlobals[p].inverse() * newGlobals[j] : newGlobals[j];
  }
  if (progress) progress->report("place", 1.0);
  return out;
}

}  // namespace rw

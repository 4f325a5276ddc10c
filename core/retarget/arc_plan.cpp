#include "retarget/arc_plan.h"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <limits>

#include "retarget/limb_geometry.h"
#include "retarget/placement_paths.h"
#include "util/best_rotation.h"

namespace rw {
namespace {

std::vector<ArcPoint> arcPoints(const GraphArc& arc) {
  std::vector<ArcPoint> points;
  for (int j : arc.members) points.push_back({j, false});
  if (arc.polyline.size() == arc.members.size() + 1) points.push_back({arc.members.back(), true});
  return points;
}

const GraphArc& skeletonArc(const ArcPlan& plan, const SkeletonGraph& graph,
                            const GraphMatching& matching) {
  return graph.graph.arcs[matching.matches[plan.match].skeletonArc];
}

/// How far the skeleton's limb chain climbs above its branching joint, along the trunk (the arc
/// that ends at the joint, looking up): a clavicle's tip above the chest.
double chainRise(const ArcPlan& plan, const GraphArc& arc, const TopologyGraph& g) {
  double rise = 0.0;
  for (const GraphArc& parentArc : g.arcs)
    if (parentArc.to == arc.from && parentArc.polyline.size() >= 2) {
      const Eigen::Vector3d up =
          (parentArc.polyline[parentArc.polyline.size() - 2] - parentArc.polyline.back())
              .normalized();
      for (const Eigen::Vector3d& q : plan.chain)
        if (up.allFinite()) rise = std::max(rise, (q - plan.chain.front()).dot(up));
      break;
    }
  return rise;
}

/// The trunk's direction at a limb's placed branching joint, away from the head: towards the
/// limb's split, or, with the joint at or past the split (continueTrunksPastSplits), along the
/// trunk's last placed bone.
Eigen::Vector3d trunkDown(const ArcPlan& plan, const std::vector<ArcPlan>& plans,
                          const Eigen::Vector3d& joint) {
  const auto [parent, k] = plan.parentPoint;
  const bool atSplit = (plan.path.front() - joint).norm() <= 1e-12;
  if (parent >= 0 && (plans[parent].endPastSplit || atSplit) && k >= 1 &&
      plans[parent].placement.points.size() > std::size_t(k) + (plans[parent].virtualTop ? 1 : 0)) {
    const std::vector<Eigen::Vector3d>& trunk = plans[parent].placement.points;
    const std::size_t at = std::size_t(k) + (plans[parent].virtualTop ? 1 : 0);
    return (trunk[at] - trunk[at - 1]).normalized();
  }
  return (plan.path.front() - joint).normalized();
}

/// The limb path from its placed branching joint (limb_geometry.h): bridged up along the limb's
/// axis, and when the limb's first joint lies above the mesh's split, through that joint as the
/// skeleton predicts it (the skeleton's facing, then the trunk's own turn at the joint: the
/// parent arc's start seen from the joint, in the skeleton and as placed), smoothed.
void prepareLimbPath(ArcPlan& plan, const std::vector<ArcPlan>& plans, const Eigen::Vector3d& joint,
                     const ArcPlacementContext& c) {
  const PlacementHeuristics& h = c.params.heuristics;
  const GraphArc& arc = skeletonArc(plan, c.graph, c.matching);
  const Eigen::Vector3d down = trunkDown(plan, plans, joint);
  const double rise = chainRise(plan, arc, c.graph.graph);
  const std::vector<Eigen::Vector3d> bridged =
      bridgedLimbPath(plan.path, joint, down, c.frame.scale * rise, h);
  std::vector<Eigen::Vector3d> predicted;
  if (const auto [j, k] = plan.parentPoint;
      j >= 0 && plans[j].placement.points.size() == plans[j].chain.size()) {
    const ArcPlan& parent = plans[j];
    const Eigen::Vector3d upOld =
        c.frame.facing * (parent.chain.front() - parent.chain[k + (parent.virtualTop ? 1 : 0)]);
    const Eigen::Vector3d upNew = parent.placement.points.front() - joint;
    if (upOld.norm() > 1e-9 * c.extent && upNew.norm() > 1e-9 * c.extent) {
      const Eigen::Matrix3d turn =
          Eigen::Quaterniond::FromTwoVectors(upOld, upNew).toRotationMatrix() * c.frame.facing;
      predicted = predictedLimbPath(bridged, (plan.path.front() - joint).dot(down), plan.chain,
                                    joint, turn, c.frame.scale, down, h);
    }
  }
  plan.path = predicted.empty() ? bridged : smoothedLimbPath(predicted, h);
}

/// A partial retarget moves the chosen joint's subtree: the arc's joints before it stay, and the
/// chosen joint goes to the mesh limb's start. Without a chosen joint on the arc, the arc's start
/// joint (the joint the subtree hangs from) stays.
void restrictToPartialSubtree(ArcPlan& plan, int partialJoint) {
  int first = 1;
  for (std::size_t k = 0; k < plan.points.size(); ++k)
    if (!plan.points[k].tail && plan.points[k].joint == partialJoint) first = int(k);
  if (first > 0 && first < int(plan.points.size()) - 1 &&
      plan.points[first].joint == partialJoint) {
    plan.chain.erase(plan.chain.begin(), plan.chain.begin() + first);
    plan.points.erase(plan.points.begin(), plan.points.begin() + first);
    first = 0;
  }
  plan.firstMoved = first;
}

/// The pins on the arc's chain points (a joint's head, not a limb end's tail), by chain index.
std::vector<std::pair<int, Eigen::Vector3d>> arcPins(const ArcPlan& plan,
                                                     const std::vector<JointPin>& pins) {
  std::vector<std::pair<int, Eigen::Vector3d>> out;
  const int offset = plan.virtualTop ? 1 : 0;
  for (const JointPin& pin : pins)
    for (std::size_t k = 0; k < plan.points.size(); ++k)
      if (!plan.points[k].tail && plan.points[k].joint == pin.joint)
        out.emplace_back(int(k) + offset, pin.position);
  return out;
}

/// The path of a trunk's continuation (a tail past the hips) whose start joint stopped short of
/// the mesh's split: the trunk's own centroids from the joint down to the split, then its arc. A
/// limb's bridge (prepareLimbPath) runs back up along the limb's axis; a tail's axis, hanging
/// down and back, runs back up over the rump, out of the mesh.
std::vector<Eigen::Vector3d> continuedTrunkPath(const std::vector<Eigen::Vector3d>& trunkPath,
                                                const Eigen::Vector3d& joint,
                                                const std::vector<Eigen::Vector3d>& arc) {
  std::vector<Eigen::Vector3d> path = pathFrom(trunkPath, joint);
  path.front() = joint;
  path.insert(path.end(), arc.begin() + 1, arc.end());
  return path;
}

/// The path an arc is placed along, from its start joint as placed: a trunk going on past the
/// split starts at its branching joint; any other arc's is prepared (prepareLimbPath) when its
/// joint stopped short of the split or, for a limb where a trunk goes on, lies at or past it (an
/// arm's shoulder above the armpit); a leg from a pelvis at the crotch keeps the mesh's path.
void preparePath(int i, std::vector<ArcPlan>& plans, const PlacedJoints& placed,
                 const ArcPlacementContext& c) {
  ArcPlan& plan = plans[i];
  const GraphArc& arc = skeletonArc(plan, c.graph, c.matching);
  const int start = arc.members.empty() ? -1 : arc.members.front();
  if (plan.virtualTop || start < 0 || !placed.head[start] || plan.path.empty()) return;
  const Eigen::Vector3d& joint = *placed.head[start];
  const int parent = plan.parentPoint.first;
  const int continuation = parent >= 0 ? plans[parent].continuation : -1;
  if (continuation == i && plans[parent].endPastSplit) {
    plan.path = pathFrom(plan.path, joint);
    plan.path.front() = joint;
  } else if (continuation == i && (plan.path.front() - joint).norm() > 1e-12) {
    plan.path = continuedTrunkPath(plans[parent].path, joint, plan.path);
  } else if ((plan.path.front() - joint).norm() > 1e-12 ||
             (continuation >= 0 && continuation != i)) {
    prepareLimbPath(plan, plans, joint, c);
  }
}

/// The pure part of placing one arc: its path made ready, then the DP.
void placeArc(int i, std::vector<ArcPlan>& plans, const PlacedJoints& placed,
              const ArcPlacementContext& c) {
  ArcPlan& plan = plans[i];
  const PlacementHeuristics& h = c.params.heuristics;
  preparePath(i, plans, placed, c);
  if (c.matching.partial && i == 0 && !plan.virtualTop)
    restrictToPartialSubtree(plan, c.matching.partialJoint);
  PlacementOptions options;
  if (plan.branchEnd) options.freeEnd = h.branchFreeEnd, options.scale = c.frame.scale;
  // Over hidden limbs the trunk's branching joint goes where the bone lengths put it, anywhere
  // down the trunk's arc, and the limbs are bridged up to it (prepareLimbPath). What shows of
  // them (feet under a hem, pointing forward) says nothing of where they start.
  if (plan.hiddenLimbs) options.freeEnd = 1.0;
  if (plan.endFromLimbs && !plan.hiddenLimbs) {
    // Trusted as far as a free end would go, plus a margin: limbs whose axes point elsewhere
    // (a mismatch) must not fold the arc up.
    std::vector<Eigen::Vector3d> cut = cutPathAt(plan.path, *plan.endFromLimbs);
    // Of the path, or of the chain at the skeleton's scale where that is shorter: a short
    // spine whose hind limbs start with long pelvis bones along the trunk ends well before
    // the mesh's split.
    const double reference =
        std::min(polylineLength(plan.path), c.frame.scale * polylineLength(plan.chain));
    if (polylineLength(cut) >= h.branchingMinKept * reference) {
      plan.path = std::move(cut);
      options.freeEnd = 0.0;
    }
  }
  if (plan.splitLength > 0.0 && options.freeEnd > 0.0) {
    // The free end's window keeps its start and runs on past the split.
    const double length = polylineLength(plan.path);
    if (length > 0.0) options.freeEnd = 1.0 - (1.0 - options.freeEnd) * plan.splitLength / length;
  }
  options.pins = arcPins(plan, c.params.pins);
  options.firstAngleFree = plan.virtualTop && c.freeHeadAngle;
  plan.placement = placeJoints(plan.chain, plan.path, c.params, options);
  if (plan.splitLength > 0.0 && !plan.placement.points.empty())
    plan.endPastSplit = polylineLength(cutPathAt(plan.path, plan.placement.points.back())) >
                        plan.splitLength * (1.0 + 1e-9);
}

/// The joints an arc placed (an arc's first joint is its parent's, placed first).
void collectPlaced(const ArcPlan& plan, const ArcPlacementContext& c, PlacedJoints& placed) {
  const ArcPlacement& p = plan.placement;
  if (plan.virtualTop && p.points.size() > 1) {
    placed.head[c.headJoint] = p.points[1];
    placed.aim[c.headJoint] = std::make_pair(*c.headAim, p.points.front());
  }
  const int offset = plan.virtualTop ? 1 : 0;
  if (p.points.size() != plan.points.size() + offset) return;
  for (std::size_t k = 0; k < plan.points.size(); ++k) {
    const ArcPoint& a = plan.points[k];
    if (int(k) < plan.firstMoved) continue;
    const Eigen::Vector3d& x = p.points[k + offset];
    if (a.tail) {
      placed.tail[a.joint] = x;
    } else if (!placed.head[a.joint]) {
      placed.head[a.joint] = x;
    }
  }
  placed.angleTerm += p.angleTerm;
  placed.lengthTerm += p.lengthTerm;
  placed.distanceTerm += p.distanceTerm;
}

/// The child plans that start at plan `trunk`'s last point (its branching joint).
std::vector<int> branchesAtEnd(const std::vector<ArcPlan>& plans, int trunk) {
  std::vector<int> out;
  for (int c = 0; c < int(plans.size()); ++c)
    if (plans[c].parentPoint.first == trunk &&
        plans[c].parentPoint.second + 1 == int(plans[trunk].points.size()) &&
        plans[c].path.size() >= 2 && plans[c].chain.size() >= 2)
      out.push_back(c);
  return out;
}

/// Whether two chains leave a joint as mirror images about the trunk's line `along` (a pair of
/// arms or legs): their chords equally far along it and their sideways parts opposite.
bool mirrored(const Eigen::Vector3d& a, const Eigen::Vector3d& b, const Eigen::Vector3d& along,
              const PlacementHeuristics& h) {
  const Eigen::Vector3d sideA = a - a.dot(along) * along, sideB = b - b.dot(along) * along;
  const double sideways = sideA.norm() + sideB.norm();
  return sideways > 0.0 && (sideA + sideB).norm() <= h.continuationPairTolerance * sideways &&
         std::abs(a.dot(along) - b.dot(along)) <=
             h.continuationPairTolerance * std::max(a.norm(), b.norm());
}

/// Of `children` (branchesAtEnd), the one chain that goes on the way the trunk's last bone goes
/// (continuationCosine), not one of a mirrored pair (arms hanging straight down, legs), or -1.
int trunkContinuation(const std::vector<ArcPlan>& plans, int trunk,
                      const std::vector<int>& children, const PlacementHeuristics& h) {
  const std::vector<Eigen::Vector3d>& chain = plans[trunk].chain;
  const Eigen::Vector3d along = (chain.back() - chain[chain.size() - 2]).normalized();
  if (!along.allFinite()) return -1;
  const auto chord = [&](int c) { return plans[c].chain.back() - plans[c].chain.front(); };
  int continuation = -1, candidates = 0;
  for (int c : children) {
    if (!(chord(c).normalized().dot(along) > h.continuationCosine)) continue;
    bool paired = false;
    for (int o : children) paired = paired || (o != c && mirrored(chord(c), chord(o), along, h));
    if (!paired) continuation = c, ++candidates;
  }
  return candidates == 1 ? continuation : -1;
}

/// How far (skeleton units) the branching joint may lie past the split: the least rise of the
/// other `children`'s pivots (limbPivot) above it, against the trunk's last bone. A limb swings
/// from its pivot, so the mesh's split lies below it, never above: a T-posed arm's shoulder, level
/// with its chest joint, lets the chest go nowhere past the armpit.
double pivotsRise(const std::vector<ArcPlan>& plans, int trunk, const std::vector<int>& children,
                  int continuation, const PlacementHeuristics& h) {
  const std::vector<Eigen::Vector3d>& chain = plans[trunk].chain;
  const Eigen::Vector3d up = (chain[chain.size() - 2] - chain.back()).normalized();
  double rise = std::numeric_limits<double>::infinity();
  for (int c : children)
    if (c != continuation) {
      const std::vector<Eigen::Vector3d>& limb = plans[c].chain;
      rise = std::min(rise, (limb[limbPivot(limb, h)] - limb.front()).dot(up));
    }
  return std::isfinite(rise) ? rise : 0.0;
}

/// Whether the mesh's trunk goes on past the split as straight as it came (the matched path may
/// turn aside there: a branching's connectors, a cape taken for the spine): the chords of the
/// trunk path's last stretch and of `past` within continuationCosine, and `past` not wandering
/// (continuationStraightness).
bool goesOnStraight(const std::vector<Eigen::Vector3d>& path,
                    const std::vector<Eigen::Vector3d>& past, const PlacementHeuristics& h) {
  const double length = polylineLength(past);
  if (past.size() < 2 || !(length > 0.0)) return false;
  const std::vector<Eigen::Vector3d> last = pathPrefix({path.rbegin(), path.rend()}, length);
  const Eigen::Vector3d in = (last.front() - last.back()).normalized();
  const Eigen::Vector3d out = past.back() - past.front();
  return in.dot(out.normalized()) > h.continuationCosine &&
         out.norm() > h.continuationStraightness * length;
}

/// Appends `past` to a trunk's `path` and returns the length of the new path up to the split.
/// The centroids jog where the level sets split (one ring becomes several): smoothed there, from
/// as far before the split as the path goes on past it, the path crosses the split as the trunk
/// does; the rest of it stays the mesh's.
double extendPastSplit(std::vector<Eigen::Vector3d>& path, const std::vector<Eigen::Vector3d>& past,
                       const PlacementHeuristics& h) {
  const double before = polylineLength(path), beyond = polylineLength(past);
  const double kept = std::max(before - beyond, 0.0);
  std::vector<Eigen::Vector3d> around = pathPrefix({path.rbegin(), path.rend()}, before - kept);
  std::reverse(around.begin(), around.end());
  around.insert(around.end(), past.begin() + 1, past.end());
  around = smoothedLimbPath(around, h);
  path = pathPrefix(path, kept);
  path.insert(path.end(), around.begin() + 1, around.end());
  return kept + (before - kept) / (before - kept + beyond) * polylineLength(around);
}

}  // namespace

bool endLimbsHidden(int i, const std::vector<ArcPlan>& plans, double scale,
                    const PlacementHeuristics& h) {
  const int end = int(plans[i].points.size()) - 1;
  int limbs = 0;
  for (const ArcPlan& limb : plans) {
    if (limb.parentPoint.first != i || limb.parentPoint.second != end) continue;
    if (polylineLength(limb.path) >= h.hiddenLimbShare * scale * polylineLength(limb.chain))
      return false;
    ++limbs;
  }
  return limbs >= 2;
}

std::vector<int> markHiddenLimbs(std::vector<ArcPlan>& plans, double scale,
                                 const PlacementHeuristics& h) {
  std::vector<int> joints;
  for (int i = 0; i < int(plans.size()); ++i) {
    plans[i].hiddenLimbs = plans[i].branchEnd && endLimbsHidden(i, plans, scale, h);
    if (!plans[i].hiddenLimbs) continue;
    const int end = int(plans[i].points.size()) - 1;
    for (const ArcPlan& limb : plans)
      if (limb.parentPoint.first == i && limb.parentPoint.second == end)
        for (std::size_t k = 1; k < limb.points.size(); ++k)
          if (!limb.points[k].tail) joints.push_back(limb.points[k].joint);
  }
  return joints;
}

std::vector<ArcPlan> planArcs(const SkeletonGraph& graph, const GraphMatching& matching) {
  const TopologyGraph& g = graph.graph;
  const int count = int(matching.matches.size());
  std::vector<ArcPlan> plans(count);
  for (int i = 0; i < count; ++i) {
    const ArcMatch& m = matching.matches[i];
    ArcPlan& plan = plans[i];
    plan.match = i;
    plan.chain = g.arcs[m.skeletonArc].polyline;
    for (int e : m.extension)
      plan.chain.insert(plan.chain.end(), g.arcs[e].polyline.begin() + 1, g.arcs[e].polyline.end());
    plan.path = m.placementPath.empty() ? withoutHairpins(m.path) : m.placementPath;
    plan.points = arcPoints(g.arcs[m.skeletonArc]);
    for (int e : m.extension) {
      const std::vector<ArcPoint> more = arcPoints(g.arcs[e]);
      plan.points.insert(plan.points.end(), more.begin() + 1, more.end());
    }
    const int far = g.arcs[m.skeletonArc].to;
    if (m.extension.empty())
      for (const ArcMatch& other : matching.matches)
        if (g.arcs[other.skeletonArc].from == far) plan.branchEnd = true;
  }
  return plans;
}

double headBoneReach(const Eigen::Vector3d& headBone, const Eigen::Vector3d& away, double arcLength,
                     const PlacementHeuristics& h) {
  const double along = headBone.dot(away), length = headBone.norm();
  if (!(length > 0.0) || along >= h.headTurnCosine * length ||
      along <= h.headBoneAimCosine * length)
    return along;
  return std::max(along, std::min(length, arcLength));
}

std::optional<Eigen::Vector3d> addVirtualHeadBone(
    std::vector<ArcPlan>& plans, const SkeletonGraph& graph, const GraphMatching& matching,
    const std::vector<BoneShape>& shapes, double headSkin, std::optional<double> headBoneLength,
    const std::optional<Eigen::Vector3d>& looseTop, const PlacementHeuristics& h) {
  const TopologyGraph& g = graph.graph;
  const int headJoint = g.root >= 0 ? graph.nodeJoint[g.root] : -1;
  if (headJoint < 0) return std::nullopt;
  for (ArcPlan& plan : plans) {
    const GraphArc& arc = skeletonArc(plan, graph, matching);
    if (arc.from != g.root || arc.polyline.size() < 2) continue;
    const Eigen::Vector3d rootHead = arc.polyline[0];
    const Eigen::Vector3d away = (arc.polyline[0] - arc.polyline[1]).normalized();
    Eigen::Vector3d headBone = shapes[headJoint].tail - rootHead;
    if (headBoneLength && headBone.norm() > 0.0) headBone = *headBoneLength * headBone.normalized();
    const double along = headBone.dot(away);
    const double boneReach = headBoneReach(headBone, away, arc.length, h);
    double reach = boneReach;
    for (const UnmatchedArc& u : matching.unmatched)
      if (g.arcs[u.skeletonArc].from == g.root)
        for (const Eigen::Vector3d& p : g.arcs[u.skeletonArc].polyline)
          reach = std::max(reach, (p - rootHead).dot(away));
    if (!(reach > h.virtualTopMinReach * arc.length) || !away.allFinite()) return std::nullopt;
    const Eigen::Vector3d top = rootHead + reach * away;
    plan.chain.insert(plan.chain.begin(), top);
    plan.virtualTop = true;
    if (looseTop) plan.path.insert(plan.path.begin(), *looseTop);
    // The skeleton's highest point (a head bone's tip, a brow) lies under the skull.
    plan.path = trimPathStart(plan.path, headSkin);
    // Reached by the head bone's own length, the clicked far end of the skull lies along that
    // bone, not the neck's way out: the head turns to aim its bone there (aimed along the neck,
    // a horse's head bone pointed 55 degrees off its skull).
    if (reach == boneReach && boneReach > along)
      return Eigen::Vector3d(rootHead + reach * headBone.normalized());
    return top;
  }
  return std::nullopt;
}

void pruneTurnBacks(std::vector<ArcPlan>& plans, const PlacementHeuristics& h) {
  for (ArcPlan& plan : plans) {
    const std::size_t off = plan.virtualTop ? 1 : 0;
    const double chainLength = polylineLength(plan.chain);
    for (std::size_t k = 1; k + 1 < plan.points.size() && k + off + 1 < plan.chain.size(); ++k) {
      const std::size_t c = k + off;
      const Eigen::Vector3d in = plan.chain[c] - plan.chain[c - 1];
      const Eigen::Vector3d out = plan.chain[c + 1] - plan.chain[c];
      if (plan.points[k].tail || in.norm() < h.turnBackMinBone * chainLength ||
          out.norm() < h.turnBackMinBone * chainLength ||
          in.normalized().dot(out.normalized()) > h.turnBackCosine)
        continue;
      plan.chain.erase(plan.chain.begin() + long(c));
      plan.points.erase(plan.points.begin() + long(k));
      --k;
    }
  }
}

int scheduleGenerations(std::vector<ArcPlan>& plans, const SkeletonGraph& graph,
                        const GraphMatching& matching) {
  int generations = 0;
  for (std::size_t i = 0; i < plans.size(); ++i) {
    const GraphArc& arc = skeletonArc(plans[i], graph, matching);
    const int start = arc.members.empty() ? -1 : arc.members.front();
    for (std::size_t j = 0; j < i; ++j)
      for (std::size_t k = 0; k < plans[j].points.size(); ++k)
        if (!plans[j].points[k].tail && plans[j].points[k].joint == start) {
          plans[i].generation = std::max(plans[i].generation, plans[j].generation + 1);
          if (k > 0) plans[i].parentPoint = {int(j), int(k)};  // not a sibling starting there
        }
    generations = std::max(generations, plans[i].generation + 1);
  }
  return generations;
}

SkeletonFrame orientSkeleton(const std::vector<ArcPlan>& plans) {
  SkeletonFrame frame;
  std::vector<Eigen::Vector3d> chords, paths;
  for (const ArcPlan& p : plans) {
    chords.push_back(p.chain.back() - p.chain.front());
    paths.push_back(p.path.back() - p.path.front());
  }
  if (const auto r = bestRotation(chords, paths)) frame.facing = *r;

  const std::size_t count = plans.size();
  std::vector<double> routePath(count, 0.0), routeChain(count, 0.0);
  double meshRoutes = 0.0, chainRoutes = 0.0;
  for (std::size_t i = 0; i < count; ++i) {
    const ArcPlan& p = plans[i];
    const int parent = p.parentPoint.first;
    routePath[i] =
        (p.path.back() - p.path.front()).norm() + (parent >= 0 ? routePath[parent] : 0.0);
    routeChain[i] =
        (p.chain.back() - p.chain.front()).norm() + (parent >= 0 ? routeChain[parent] : 0.0);
    if (!p.branchEnd && !p.virtualTop) meshRoutes += routePath[i], chainRoutes += routeChain[i];
  }
  if (chainRoutes > 0.0 && meshRoutes > 0.0) frame.scale = meshRoutes / chainRoutes;
  return frame;
}

bool leavesAcross(const ArcPlan& trunk, const SkeletonFrame& frame, const Eigen::Vector3d& axis,
                  const PlacementHeuristics& h) {
  if (trunk.chain.size() < 2 || trunk.path.size() < 2) return false;
  const auto off = [&](const Eigen::Vector3d& along) {
    return along.allFinite() && std::abs(axis.dot(along)) <= h.limbAcrossTrunkCosine;
  };
  const Eigen::Vector3d lastBone =
      (frame.facing * (trunk.chain.back() - trunk.chain[trunk.chain.size() - 2])).normalized();
  const std::vector<Eigen::Vector3d> end = pathPrefix(
      {trunk.path.rbegin(), trunk.path.rend()}, h.trunkEndStretch * polylineLength(trunk.path));
  // The whole trunk too: a spine hung low in the hips (SpineDepthParams::profile) dips at its
  // end, across its legs as a whole though not in its last stretch.
  return off(lastBone) || off((end.front() - end.back()).normalized()) ||
         off((trunk.path.back() - trunk.path.front()).normalized());
}

void locateBranchingJoints(std::vector<ArcPlan>& plans, const SkeletonGraph& graph,
                           const GraphMatching& matching, const SkeletonFrame& frame,
                           const PlacementHeuristics& h) {
  if (matching.partial) return;
  for (ArcPlan& trunk : plans) {
    if (!trunk.branchEnd || trunk.chain.size() < 2) continue;
    const GraphArc& arc = skeletonArc(trunk, graph, matching);
    std::vector<LimbLine> limbs;
    for (const ArcPlan& limb : plans) {
      if (limb.branchEnd || skeletonArc(limb, graph, matching).from != arc.to ||
          limb.chain.size() < 3 || limb.path.size() < 3)
        continue;
      // An arc on the skeleton's axis (Poirier §5's primary tag: a tail hanging from the rump)
      // is no limb and says nothing of where the limbs start: counted, a cow's tail drew its
      // hips 7% of its height back.
      if (matching.matches[limb.match].skeletonTag == SymmetryTag::Primary) continue;
      const LimbAxis axis = limbAxis(limb.path, h);
      if (!axis.axis.allFinite() || !leavesAcross(trunk, frame, axis.axis, h)) continue;
      const std::size_t k = firstDistinctJoint(limb.chain);
      limbs.push_back({frame.scale * (frame.facing * (limb.chain[k] - limb.chain[0])),
                       limb.path[axis.first], axis.axis});
    }
    trunk.endFromLimbs = branchingFromLimbs(trunk.path, limbs, h);
  }
}

void continueTrunksPastSplits(std::vector<ArcPlan>& plans, const SkeletonFrame& frame,
                              const PlacementHeuristics& h) {
  for (int i = 0; i < int(plans.size()); ++i) {
    ArcPlan& trunk = plans[i];
    if (!trunk.branchEnd || trunk.chain.size() < 2 || trunk.path.size() < 2) continue;
    const std::vector<int> children = branchesAtEnd(plans, i);
    const int continuation = trunkContinuation(plans, i, children, h);
    if (continuation < 0) continue;
    trunk.continuation = continuation;
    if (trunk.endFromLimbs) continue;  // the limbs say where the joint is
    const std::vector<Eigen::Vector3d>& next = plans[continuation].path;
    const double reach = std::min(h.splitOvershoot * polylineLength(next),
                                  frame.scale * pivotsRise(plans, i, children, continuation, h));
    if (!(reach > 0.0)) continue;
    const std::vector<Eigen::Vector3d> past = pathPrefix(next, reach);
    if (!goesOnStraight(trunk.path, past, h)) continue;
    trunk.splitLength = extendPastSplit(trunk.path, past, h);
  }
}

PlacedJoints placeArcs(std::vector<ArcPlan>& plans, int generations,
                       const ArcPlacementContext& context, int jointCount) {
  PlacedJoints placed;
  placed.head.assign(jointCount, std::nullopt);
  placed.tail.assign(jointCount, std::nullopt);
  placed.aim.assign(jointCount, std::nullopt);
  for (int level = 0; level < generations; ++level) {
    std::vector<int> batch;
    for (int i = 0; i < int(plans.size()); ++i)
      if (plans[i].generation == level) batch.push_back(i);
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, batch.size(), 1),
                      [&](const tbb::blocked_range<std::size_t>& r) {
                        for (std::size_t k = r.begin(); k < r.end(); ++k)
                          placeArc(batch[k], plans, placed, context);
                      });
    for (int i : batch) collectPlaced(plans[i], context, placed);
  }
  return placed;
}

}  // namespace rw

#include "retarget/retarget_skeleton.h"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <Eigen/Eigenvalues>
#include <Eigen/Geometry>
#include <Eigen/SVD>
#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include "retarget/arc_plan.h"
#include "skeleton/bone_roll.h"

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

/// What the similarity and rest-pose stages read of the source skeleton.
struct SourcePose {
  const Skeleton& s;
  const std::vector<Transform>& globals;  ///< rest
  const std::vector<BoneShape>& shapes;
  double extent = 0.0;  ///< the skeleton's size: "too close" is relative to it
};

/// The similarity of a placed joint j: from its own head and tail (its placed children, else
/// the placed limb end, else the virtual head bone's aim, else the placed parent's bone).
std::optional<Similarity> similarityOfPlaced(int j, const SourcePose& src,
                                             const std::vector<std::vector<int>>& children,
                                             const PlacedJoints& placed) {
  const std::vector<Transform>& globals = src.globals;
  const auto& newHead = placed.head;
  const auto& newTail = placed.tail;
  const auto& aim = placed.aim;
  const auto& shapes = src.shapes;
  const double extent = src.extent;
  const Skeleton& s = src.s;
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
}

/// Similarity of every joint (§6.3), parents first. Placed joints: their own. Others: their
/// parent's; controls: their linked deform bone's, about that bone's tip.
std::vector<Similarity> jointSimilarities(const SourcePose& src, const PlacedJoints& placed,
                                          const std::vector<ControlLink>& links, bool partial,
                                          std::vector<JointFate>& fate) {
  const Skeleton& s = src.s;
  const int n = s.size();
  const std::vector<Transform>& globals = src.globals;
  const auto& newHead = placed.head;
  std::vector<std::optional<Similarity>> sim(n);
  auto borrow = [&](int j) -> Similarity {
    for (int p = s.joints[j].parent; p >= 0; p = s.joints[p].parent)
      if (sim[p]) return *sim[p];
    // Nothing above (a root that is not on the graph): the nearest placed joint — except in a
    // partial retarget, where the rest of the skeleton stays where it was.
    if (partial) {
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
  for (int j = 0; j < n; ++j) {
    if (newHead[j]) {
      fate[j] = JointFate::Placed;
      sim[j] = similarityOfPlaced(j, src, children, placed);
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
    if (newHead[j]) continue;  // a control on the graph (a moving root node) was placed
    if (link.deform >= 0 && sim[link.deform]) {
      sim[j] = sim[link.deform];
    } else {
      sim[j] = borrow(j);
    }
  }
  for (int j = 0; j < n; ++j)
    if (!sim[j]) sim[j] = borrow(j);
  std::vector<Similarity> out(n);
  for (int j = 0; j < n; ++j) out[j] = *sim[j];
  return out;
}

/// Joints of the arcs a mesh hides (the extension into one of a mirrored pair, and its twins),
/// placed about the joint they hang from by the skeleton's own offsets, scaled as the extension
/// chain was placed along the hiding mesh limb. Returns the joints so placed.
std::vector<int> predictHiddenPairs(const SourcePose& src, const SkeletonGraph& graph,
                                    const GraphMatching& matching, PlacedJoints& placed) {
  const Skeleton& s = src.s;
  std::vector<char> hiddenArc(graph.graph.arcs.size(), 0);
  for (const UnmatchedArc& u : matching.unmatched)
    if (u.hidden && u.skeletonArc >= 0) hiddenArc[u.skeletonArc] = 1;
  std::vector<int> predicted;
  for (const ArcMatch& m : matching.matches) {
    if (!m.hiddenPair || m.extension.empty()) continue;
    const std::vector<int>& first = graph.graph.arcs[m.extension.front()].members;
    if (first.empty()) continue;
    const int b = first.front();  // the joint the pair hangs from (the arc's `from` joint)
    if (!placed.head[b]) continue;
    std::vector<char> mine(graph.graph.arcs.size(), 0);
    for (int e : m.extension) mine[e] = 1;
    // The scale: the extension chain's placed length (the dynamic programming placed it along
    // the hiding limb in the skeleton's proportions) over its rest length.
    double placedLength = 0, restLength = 0;
    int previous = b;
    for (int e : m.extension)
      for (int j : graph.graph.arcs[e].members) {
        if (j == previous || !placed.head[j]) continue;
        placedLength += (*placed.head[j] - *placed.head[previous]).norm();
        restLength += (src.globals[j].translation() - src.globals[previous].translation()).norm();
        previous = j;
      }
    if (!(restLength > 0) || !(placedLength > 0)) continue;
    const double k = placedLength / restLength;
    const Eigen::Vector3d oldOrigin = src.globals[b].translation(), newOrigin = *placed.head[b];
    for (int j = 0; j < s.size(); ++j) {
      const int arc = graph.arcOfJoint[j];
      if (j == b || arc < 0 || !(mine[arc] || hiddenArc[arc])) continue;
      placed.head[j] = newOrigin + k * (src.globals[j].translation() - oldOrigin);
      placed.tail[j] = newOrigin + k * (src.shapes[j].tail - oldOrigin);
      placed.aim[j].reset();
      predicted.push_back(j);
    }
  }
  return predicted;
}

/// Joints placed by hand go exactly where they were put (the DP already fitted their arcs around
/// them, joint_placement.h); a parent bone whose tail was on a pinned joint's head keeps it
/// there. Returns the pinned joints.
std::vector<int> applyPins(const std::vector<JointPin>& pins, const Skeleton& s,
                           PlacedJoints& placed) {
  std::vector<int> pinned;
  for (const JointPin& pin : pins) {
    const int j = pin.joint;
    if (j < 0 || j >= s.size() || !pin.position.allFinite()) continue;
    const int p = s.joints[j].parent;
    if (p >= 0 && placed.tail[p] && placed.head[j] &&
        (*placed.tail[p] - *placed.head[j]).norm() <= 1e-9 * (1.0 + placed.head[j]->norm()))
      placed.tail[p] = pin.position;
    placed.head[j] = pin.position;
    pinned.push_back(j);
  }
  return pinned;
}

/// The new rest pose: placed heads, the others carried by their similarity; orientations
/// turned by the similarity's rotation (bone roll kept); tails moved likewise.
void rebuildRestPose(const SourcePose& src, const PlacedJoints& placed,
                     const std::vector<Similarity>& similarity, Skeleton& target) {
  const Skeleton& s = src.s;
  const int n = s.size();
  const std::vector<Transform>& globals = src.globals;
  const auto& newHead = placed.head;
  const auto& newTail = placed.tail;
  std::vector<Transform> newGlobals(n);
  for (int j = 0; j < n; ++j) {
    const Eigen::Vector3d head =
        newHead[j] ? *newHead[j] : similarity[j].apply(globals[j].translation());
    newGlobals[j].linear() = similarity[j].rotation * globals[j].linear();
    newGlobals[j].translation() = head;
    Joint& joint = target.joints[j];
    if (newTail[j]) {
      joint.tail = *newTail[j];
    } else if (joint.tail) {
      Similarity t = similarity[j];
      t.oldOrigin = globals[j].translation();
      t.newOrigin = head;
      joint.tail = t.apply(*s.joints[j].tail);
    }
  }
  for (int j = 0; j < n; ++j) {
    const int p = s.joints[j].parent;
    target.joints[j].restLocal = p >= 0 ? newGlobals[p].inverse() * newGlobals[j] : newGlobals[j];
  }
}

/// The skeleton before any joint is placed: deform joints followed, controls controls.
RetargetedSkeleton unplacedCopy(const Skeleton& s) {
  RetargetedSkeleton out;
  out.skeleton = s;
  out.fate.assign(s.size(), JointFate::Followed);
  for (int j = 0; j < s.size(); ++j)
    if (!s.joints[j].deform) out.fate[j] = JointFate::Control;
  return out;
}

/// The source's rest pose as placement reads it: globals, bone shapes, and its size (the
/// farthest joint from the first), the unit of "too close".
struct SourceRest {
  std::vector<Transform> globals;
  std::vector<BoneShape> shapes;
  double extent = 0.0;
};
SourceRest restOf(const Skeleton& s) {
  SourceRest r;
  r.globals = s.restGlobals();
  for (const Transform& g : r.globals)
    r.extent = std::max(r.extent, (g.translation() - r.globals[0].translation()).norm());
  r.shapes = s.boneShapes(std::max(r.extent, 1e-9));
  return r;
}

/// How far along `path` (arc length from its front) the point of it nearest `x` lies.
double arcLengthAt(const std::vector<Eigen::Vector3d>& path, const Eigen::Vector3d& x) {
  double best = std::numeric_limits<double>::infinity(), at = 0.0, walked = 0.0;
  for (std::size_t i = 1; i < path.size(); ++i) {
    const Eigen::Vector3d d = path[i] - path[i - 1];
    const double step = d.norm();
    const double t =
        step > 0.0 ? std::clamp((x - path[i - 1]).dot(d) / (step * step), 0.0, 1.0) : 0.0;
    const double distance = (path[i - 1] + t * d - x).norm();
    if (distance < best) best = distance, at = walked + t * step;
    walked += step;
  }
  return at;
}

/// The joints placed on the end of a path that goes on past a loop cut (ArcMatch::predictedEnd):
/// the mesh's graph does not show them.
std::vector<int> placedPastLoopCuts(const std::vector<ArcPlan>& plans,
                                    const GraphMatching& matching, const PlacedJoints& placed) {
  std::vector<int> joints;
  for (const ArcPlan& plan : plans) {
    const double added = matching.matches[plan.match].predictedEnd;
    if (!(added > 0.0) || plan.path.size() < 2) continue;
    const double from = polylineLength(plan.path) - added;
    for (const ArcPoint& point : plan.points)
      if (!point.tail && point.joint >= 0 && placed.head[point.joint] &&
          arcLengthAt(plan.path, *placed.head[point.joint]) > from)
        joints.push_back(point.joint);
  }
  return joints;
}

}  // namespace

RetargetedSkeleton placeSkeleton(const Skeleton& s, const SkeletonGraph& graph,
                                 const GraphMatching& matching,
                                 const std::vector<ControlLink>& links,
                                 const PlacementParams& params, const Progress* progress,
                                 const PlacementMesh& mesh) {
  const int n = s.size();
  RetargetedSkeleton out = unplacedCopy(s);
  if (n == 0) return out;

  const SourceRest sourceRest = restOf(s);
  const std::vector<Transform>& globals = sourceRest.globals;
  const double extent = sourceRest.extent;
  const std::vector<BoneShape>& shapes = sourceRest.shapes;

  // The matched arcs (arc_plan.h), stage by stage.
  const PlacementHeuristics& h = params.heuristics;
  std::vector<ArcPlan> plans = planArcs(graph, matching);
  // The angle at the head joint left free, the virtual bone's length alone places the joint:
  // as long as the skeleton's own body has it (PlacementParams::ownHeadReach).
  const bool freeHeadAngle = mesh.ownFourLeggedBody && h.freeOwnFourLeggedHeadAngle;
  const std::optional<Eigen::Vector3d> headAim =
      addVirtualHeadBone(plans, graph, matching, shapes, mesh.headSkin,
                         freeHeadAngle ? params.ownHeadReach : std::nullopt, mesh.looseHeadTop, h);
  pruneTurnBacks(plans, h);
  const int generations = scheduleGenerations(plans, graph, matching);
  const SkeletonFrame frame = orientSkeleton(plans);
  locateBranchingJoints(plans, graph, matching, frame, h);
  continueTrunksPastSplits(plans, frame, h);
  const std::vector<int> hiddenLimbs = markHiddenLimbs(plans, frame.scale, h);
  const int headJoint = graph.graph.root >= 0 ? graph.nodeJoint[graph.graph.root] : -1;
  PlacedJoints placed =
      placeArcs(plans, generations,
                {graph, matching, frame, params, headAim, headJoint, extent, freeHeadAngle}, n);
  out.angleTerm = placed.angleTerm;
  out.lengthTerm = placed.lengthTerm;
  out.distanceTerm = placed.distanceTerm;
  if (progress) progress->report("place", 0.7);

  const SourcePose src{s, globals, shapes, extent};
  const std::vector<int> predicted = predictHiddenPairs(src, graph, matching, placed);
  const std::vector<int> pastLoopCuts = placedPastLoopCuts(plans, matching, placed);
  const std::vector<int> pinned = applyPins(params.pins, s, placed);
  const std::vector<Similarity> similarity =
      jointSimilarities(src, placed, links, matching.partial, out.fate);
  for (int j : predicted) out.fate[j] = JointFate::Predicted;
  for (const std::vector<int>* unseen : {&hiddenLimbs, &pastLoopCuts})
    for (int j : *unseen)
      if (out.fate[j] == JointFate::Placed) out.fate[j] = JointFate::Predicted;
  for (int j : pinned) out.fate[j] = JointFate::Pinned;
  rebuildRestPose(src, placed, similarity, out.skeleton);
  // A bone ending on a pinned joint (its tail on the joint's head, as a connected bone's) ends
  // on it still.
  for (int j : pinned) {
    const int p = s.joints[j].parent;
    if (p >= 0 && s.joints[p].tail &&
        (*s.joints[p].tail - globals[j].translation()).norm() <= 1e-9 * std::max(extent, 1e-9))
      out.skeleton.joints[p].tail = out.skeleton.restGlobals()[j].translation();
  }
  // Rolls last: they turn frames about bones whose ends are now final.
  for (const JointRoll& roll : params.rolls) setBoneRoll(out.skeleton, roll.joint, roll.roll);
  if (progress) progress->report("place", 1.0);
  return out;
}

RetargetedSkeleton skeletonWithJointsAt(const Skeleton& s,
                                        const std::vector<std::optional<Eigen::Vector3d>>& heads,
                                        const std::vector<ControlLink>& links) {
  const int n = s.size();
  RetargetedSkeleton out = unplacedCopy(s);
  if (n == 0 || int(heads.size()) != n) return out;
  const SourceRest sourceRest = restOf(s);
  const std::vector<Transform>& globals = sourceRest.globals;
  const double extent = sourceRest.extent;
  const std::vector<BoneShape>& shapes = sourceRest.shapes;
  PlacedJoints placed;
  placed.head = heads;
  placed.tail.assign(n, std::nullopt);
  placed.aim.assign(n, std::nullopt);
  const SourcePose src{s, globals, shapes, extent};
  const std::vector<Similarity> similarity = jointSimilarities(src, placed, links, false, out.fate);
  rebuildRestPose(src, placed, similarity, out.skeleton);
  return out;
}

}  // namespace rw

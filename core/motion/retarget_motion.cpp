#include "motion/retarget_motion.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <numeric>

#include "motion/control_follow.h"
#include "util/best_rotation.h"

namespace rw {
namespace {

using Quat = Eigen::Quaterniond;
using Vec3 = Eigen::Vector3d;

struct RestFrame {
  std::vector<Vec3> localT, localS;
  std::vector<Quat> localR, globalR;
  std::vector<Vec3> globalP;
  /// Per joint: for the root of a tree apart from the body's (adoptOrphanTrees), the trunk joint
  /// it moves with, else -1; and its offset in that joint's rest frame.
  std::vector<int> adoptiveParent;
  std::vector<Vec3> adoptiveOffset;
  /// The order joints are placed in: parents first, the adopted trees after the body's.
  std::vector<int> placeOrder;
};

RestFrame restOf(const Skeleton& s) {
  RestFrame r;
  for (const Joint& j : s.joints) {
    Vec3 t, sc;
    Quat q;
    decompose(j.restLocal, t, q, sc);
    r.localT.push_back(t);
    r.localR.push_back(q);
    r.localS.push_back(sc);
  }
  for (int j = 0; j < s.size(); ++j) {
    const int p = s.joints[j].parent;
    r.globalR.push_back(p < 0 ? r.localR[j] : (r.globalR[p] * r.localR[j]).normalized());
    r.globalP.push_back(p < 0 ? r.localT[j] : Vec3(r.globalP[p] + r.globalR[p] * r.localT[j]));
  }
  r.adoptiveParent.assign(s.size(), -1);
  r.adoptiveOffset.assign(s.size(), Vec3::Zero());
  r.placeOrder.resize(s.size());
  std::iota(r.placeOrder.begin(), r.placeOrder.end(), 0);
  return r;
}

/// Rigs with several roots and no container (a game rig whose legs, shoulders or tail are trees
/// of their own beside the body's) animate each root's translation. The target's extra trees
/// would otherwise stay where they were at rest while the body walks away: each moves with the
/// trunk joint (body root or spine) nearest its root at rest — the shoulders with the chest, the
/// legs and the tail with the pelvis.
void adoptOrphanTrees(const Skeleton& s, const BodyLayout& layout, RestFrame& rest) {
  if (layout.root < 0) return;
  std::vector<int> top(s.size());
  for (int j = 0; j < s.size(); ++j) top[j] = s.joints[j].parent < 0 ? j : top[s.joints[j].parent];
  std::vector<int> trunk = layout.spine;
  trunk.insert(trunk.begin(), layout.root);
  for (int j = 0; j < s.size(); ++j) {
    if (s.joints[j].parent >= 0 || j == top[layout.root]) continue;
    int nearest = -1;
    for (int t : trunk)
      if (nearest < 0 || (rest.globalP[t] - rest.globalP[j]).squaredNorm() <
                             (rest.globalP[nearest] - rest.globalP[j]).squaredNorm())
        nearest = t;
    rest.adoptiveParent[j] = nearest;
    rest.adoptiveOffset[j] =
        rest.globalR[nearest].conjugate() * (rest.globalP[j] - rest.globalP[nearest]);
  }
  std::vector<char> adopted(s.size(), 0);
  for (int j = 0; j < s.size(); ++j)
    adopted[j] =
        rest.adoptiveParent[j] >= 0 || (s.joints[j].parent >= 0 && adopted[s.joints[j].parent]);
  std::stable_partition(rest.placeOrder.begin(), rest.placeOrder.end(),
                        [&](int j) { return !adopted[j]; });
}

/// Nearest mapped descendants of each target joint (no mapped joint in between).
std::vector<std::vector<int>> mappedChildren(const Skeleton& t, const std::vector<int>& sourceOf) {
  std::vector<std::vector<int>> out(t.size());
  for (int j = 0; j < t.size(); ++j) {
    if (sourceOf[j] < 0) continue;
    int p = t.joints[j].parent;
    while (p >= 0 && sourceOf[p] < 0) p = t.joints[p].parent;
    if (p >= 0) out[p].push_back(j);
  }
  return out;
}

/// The joint of a limb that meets the ground: its tip (toe, a foreleg's hoof, the fingers) when
/// it has one, else its end (a chain's role "end" is its third joint, above a hoof).
int groundJoint(const BodyLimb& limb) {
  return limb.tip >= 0 ? limb.tip : limb.end;
}

/// The four limbs in LimbEnd order (foot_soles.h): legs, then arms.
const BodyLimb& limbOf(const BodyLayout& layout, int k) {
  return k < 2 ? layout.legs[k] : layout.arms[k - 2];
}

/// Global rotations of the source at every frame (frame-major); positions go to the result.
std::vector<Quat> sampleSourcePoses(const Skeleton& source, const AnimationClip& clip,
                                    const RestFrame& rest, RetargetResult& r) {
  const int ns = source.size(), nf = r.frames;
  std::vector<int> channelOf(ns, -1);
  for (int c = 0; c < int(clip.channels.size()); ++c)
    if (clip.channels[c].joint >= 0 && clip.channels[c].joint < ns)
      channelOf[clip.channels[c].joint] = c;
  std::vector<Quat> sourceR(std::size_t(nf) * ns);
  r.sourcePositions.resize(std::size_t(nf) * ns);
  for (int f = 0; f < nf; ++f) {
    const double t = std::min(clip.duration, f / r.framesPerSecond);
    Quat* R = &sourceR[std::size_t(f) * ns];
    Vec3* P = &r.sourcePositions[std::size_t(f) * ns];
    for (int j = 0; j < ns; ++j) {
      Vec3 lt = rest.localT[j];
      Quat lr = rest.localR[j];
      if (channelOf[j] >= 0) {
        const JointChannel& c = clip.channels[channelOf[j]];
        lt = sampleVector(c.translation, t, lt);
        lr = sampleRotation(c.rotation, t, lr);
      }
      const int p = source.joints[j].parent;
      R[j] = p < 0 ? lr : R[p] * lr;
      P[j] = p < 0 ? lt : Vec3(P[p] + R[p] * lt);
    }
  }
  return sourceR;
}

/// A skeleton's own left at rest: its left limbs' roots against its right's, summed over the
/// pairs (zero when it has none).
Vec3 restLeft(const BodyLayout& layout, const RestFrame& rest) {
  Vec3 lateral = Vec3::Zero();
  for (const auto* pair : {&layout.legs, &layout.arms})
    if ((*pair)[0].valid() && (*pair)[1].valid())
      lateral += rest.globalP[(*pair)[0].upper] - rest.globalP[(*pair)[1].upper];
  return lateral;
}

/// The direction a skeleton faces at rest: its own left (restLeft) turned a quarter about the
/// vertical; zero when it has no paired limbs.
Vec3 restFacing(const BodyLayout& layout, const RestFrame& rest) {
  const Vec3 lateral = restLeft(layout, rest);
  Vec3 forward = lateral.cross(Vec3::UnitY());
  forward.y() = 0;
  return forward.norm() > 1e-12 ? Vec3(forward.normalized()) : Vec3::Zero();
}

/// Turns the source, its rest and every sampled pose, about the vertical so that it faces the
/// way the target does (to the nearest quarter turn): a motion captured facing +Z plays on a
/// character modelled facing -Z in the character's own facing, and the intermediate skeleton's
/// bones (aligned to the source's rest directions) keep the target's heading instead of folding its
/// body round.
void faceSourceLikeTarget(const BodyLayout& sl, const BodyLayout& tl, const RestFrame& trest,
                          RestFrame& srest, std::vector<Quat>& sourceR, RetargetResult& r) {
  const Vec3 from = restFacing(sl, srest), to = restFacing(tl, trest);
  if (from.isZero() || to.isZero()) return;
  // Characters are modelled facing an axis, and a facing read from limb roots is good to a few
  // degrees only (mocap calibrations are asymmetric): turn by the nearest quarter turn.
  const double angle = std::atan2(from.cross(to).y(), from.dot(to));
  const double quarters = std::round(angle / (M_PI / 2));
  if (quarters == 0) return;
  const Quat turn(Eigen::AngleAxisd(quarters * M_PI / 2, Vec3::UnitY()));
  for (Quat& q : srest.globalR) q = (turn * q).normalized();
  for (Vec3& p : srest.globalP) p = turn * p;
  for (Quat& q : sourceR) q = (turn * q).normalized();
  for (Vec3& p : r.sourcePositions) p = turn * p;
}

/// The turn taking target joint j's bone (to its mapped children `kids`, already turned by
/// `align`) onto source joint s's, the least rotation; with several children, of their summed
/// directions (a hand's fingers).
Quat alignBone(int j, int s, const std::vector<int>& kids, const std::vector<int>& sourceOf,
               const RestFrame& srest, const RestFrame& trest, const Quat& align) {
  Vec3 dt = Vec3::Zero(), ds = Vec3::Zero();
  for (int k : kids) {
    dt += trest.globalP[k] - trest.globalP[j];
    ds += srest.globalP[sourceOf[k]] - srest.globalP[s];
  }
  dt = align * dt;
  if (dt.norm() < 1e-12 || ds.norm() < 1e-12) return Quat::Identity();
  return Quat::FromTwoVectors(dt, ds);
}

/// The turn taking the target's axial chain (pelvis, spine, neck, head) onto the source's, as
/// one rotation: the best fit of every axial joint's bones to its mapped children (the thighs
/// and collars included: they fix the turn about the spine's own line), each weighted by its
/// length, so short bones, whose direction is mostly where each rig put its joints, count
/// little; not from a control bone (a master bone on the ground under the pelvis says nothing of
/// the posture). Rest postures differ as wholes (a four-legged source's spine lies level, a biped's
/// stands); bone by bone, over the same body, they differ by joint placement (one rig's neck
/// joint 35 degrees off the other's tipped the head down). The bodies' left-right axes
/// (restLeft) join the fit with `leftWeight` of the bones' (RetargetParams::axialLeftWeight).
Quat axialTurn(const Skeleton& target, const std::vector<bool>& axial,
               const std::vector<bool>& frame, const std::vector<std::vector<int>>& kids,
               const std::vector<int>& sourceOf, const RestFrame& srest, const RestFrame& trest,
               const Vec3& targetLeft, const Vec3& sourceLeft, double leftWeight) {
  std::vector<Vec3> dt, ds;
  double tl = 0, sl = 0;
  for (std::size_t j = 0; j < axial.size(); ++j) {
    if (!axial[j] || sourceOf[j] < 0 || !target.joints[j].deform) continue;
    for (int k : kids[j]) {
      if (!frame[k]) continue;
      dt.push_back(trest.globalP[k] - trest.globalP[j]);
      ds.push_back(srest.globalP[sourceOf[k]] - srest.globalP[sourceOf[j]]);
      tl += dt.back().norm(), sl += ds.back().norm();
    }
  }
  if (tl <= 0 || sl <= 0) return Quat::Identity();
  for (Vec3& v : dt) v /= tl;  // the two skeletons' sizes out
  for (Vec3& v : ds) v /= sl;
  if (targetLeft.norm() > 1e-12 && sourceLeft.norm() > 1e-12) {
    dt.push_back(leftWeight * targetLeft.normalized());
    ds.push_back(leftWeight * sourceLeft.normalized());
  }
  if (const auto fit = bestRotation(dt, ds)) return Quat(*fit);
  return Quat::Identity();
}

/// How much of a rest-posture turn of `angle` (radians) the intermediate skeleton applies: none
/// below `minDegrees`, all above `fullDegrees`, smoothly between.
double postureShare(double angle, double minDegrees, double fullDegrees) {
  const double low = minDegrees * M_PI / 180.0;
  const double high = fullDegrees * M_PI / 180.0;
  if (!(high > low)) return angle >= low ? 1.0 : 0.0;
  const double t = std::clamp((angle - low) / (high - low), 0.0, 1.0);
  return t * t * (3.0 - 2.0 * t);
}

/// The angle between two directions, in radians (0 when either is zero).
double angleBetween(const Vec3& a, const Vec3& b) {
  if (a.norm() < 1e-12 || b.norm() < 1e-12) return 0.0;
  return std::acos(std::clamp(a.normalized().dot(b.normalized()), -1.0, 1.0));
}

/// The angle between a target limb's rest direction, its upper joint to its end, and its
/// source's: the limb's posture difference as a whole (a T-posed arm against an A-posed one),
/// which joint placement inside the limb barely moves.
double limbPostureAngle(const BodyLimb& limb, const std::vector<int>& sourceOf,
                        const RestFrame& srest, const RestFrame& trest) {
  if (!limb.valid() || sourceOf[limb.upper] < 0 || sourceOf[limb.end] < 0) return 0.0;
  const Vec3 t = trest.globalP[limb.end] - trest.globalP[limb.upper];
  const Vec3 s = srest.globalP[sourceOf[limb.end]] - srest.globalP[sourceOf[limb.upper]];
  return angleBetween(t, s);
}

/// Per target joint, the share of its intermediate turn kept (postureShare): the axial chain's
/// from its turn as one, a limb's joints (its collar on, fingers and toes included) from the
/// limb's posture angle, every other joint its parent's (a tail, the face: the trunk's). All of
/// every turn when the source's rest is no mesh's bind pose (RetargetParams::sourceRestStands
/// off: a BVH's calibration pose), whose posture is the motion's own reference.
std::vector<double> postureShares(const Skeleton& target, const JointCorrespondence& map,
                                  const std::vector<bool>& axial, const Quat& axialAlign,
                                  const RestFrame& srest, const RestFrame& trest,
                                  const RetargetParams& params) {
  const int nt = target.size();
  if (!params.sourceRestStands) return std::vector<double>(nt, 1.0);  // a calibration pose
  std::vector<double> limbShare(nt, -1.0);
  for (int k = 0; k < 4; ++k) {
    const BodyLimb& limb = limbOf(map.target, k);
    if (!limb.valid()) continue;
    const double share =
        params.standingLimbsKeepPosture && map.standsInBoth[k]
            ? 0.0
            : postureShare(limbPostureAngle(limb, map.sourceOf, srest, trest),
                           params.limbPostureMinDegrees, params.limbPostureFullDegrees);
    const int first = limb.collar >= 0 ? limb.collar : limb.upper;
    limbShare[first] = share;
  }
  const double axialShare =
      postureShare(axialAlign.angularDistance(Quat::Identity()), params.axialPostureMinDegrees,
                   params.axialPostureFullDegrees);
  std::vector<double> share(nt, axialShare);
  for (int j = 0; j < nt; ++j) {
    const int p = target.joints[j].parent;
    if (axial[j])
      share[j] = axialShare;
    else if (limbShare[j] >= 0.0)
      share[j] = limbShare[j];
    else if (p >= 0)
      share[j] = share[p];
  }
  return share;
}

/// Intermediate skeleton (§3.1): the target's bones turned to the source's rest directions,
/// limb bones one by one (alignBone), the axial chain as one (axialTurn, with alignAxialAsOne).
/// Turns are kept only where the rest postures differ (postureShares): where they agree, what
/// is left of a turn is where each rig put its joints in the body (our own placement of a
/// skeleton into its own character's mesh turned a bull's trunk 18 degrees and a shoulder blade
/// 69), and turning the target there tips the mesh it is bound to.
/// Bone by bone, a pelvis's spine and thighs summed nearly cancel and leave a remainder pointing
/// anywhere (thigh joints above the pelvis joint on one rig, below on the other, tipped the whole
/// body forward by 90 degrees).
/// Returns, per target joint, the rotation that carries a source global rotation onto the
/// target (target global = source global · carry); fills the result's bone pairs.
std::vector<Quat> intermediateCarry(const Skeleton& target, const RestFrame& srest,
                                    const RestFrame& trest, const JointCorrespondence& map,
                                    const RetargetParams& params, RetargetResult& r) {
  const bool alignAxialAsOne = params.alignAxialAsOne;
  const int nt = target.size();
  const std::vector<int>& sourceOf = map.sourceOf;
  const auto kids = mappedChildren(target, sourceOf);
  std::vector<bool> axial(nt, false);
  for (int j : {map.target.root, map.target.head})
    if (j >= 0) axial[j] = true;
  for (const auto* chain : {&map.target.spine, &map.target.neck})
    for (int j : *chain) axial[j] = true;
  // The body's frame: the axial joints and the limbs' roots; not the face, tail or props.
  std::vector<bool> frame = axial;
  for (const auto* limbs : {&map.target.legs, &map.target.arms})
    for (const BodyLimb& limb : *limbs)
      for (int j : {limb.collar, limb.upper})
        if (j >= 0) frame[j] = true;
  const Quat axialAlign =
      axialTurn(target, axial, frame, kids, sourceOf, srest, trest, restLeft(map.target, trest),
                restLeft(map.source, srest), params.axialLeftWeight);
  std::vector<Quat> align(nt, Quat::Identity());
  for (int j = 0; j < nt; ++j) {
    const int p = target.joints[j].parent;
    align[j] = p < 0 ? Quat::Identity() : align[p];
    const int s = sourceOf[j];
    if (s >= 0 && axial[j] && alignAxialAsOne)
      align[j] = axialAlign;
    else if (s >= 0 && p >= 0 && !kids[j].empty())
      align[j] =
          (alignBone(j, s, kids[j], sourceOf, srest, trest, align[j]) * align[j]).normalized();
  }
  const std::vector<double> share =
      postureShares(target, map, axial, axialAlign, srest, trest, params);
  for (int j = 0; j < nt; ++j) align[j] = Quat::Identity().slerp(share[j], align[j]).normalized();
  for (int j = 0; j < nt; ++j)
    for (int k : kids[j]) r.bonePairs.push_back({j, k});
  std::vector<Quat> carry(nt, Quat::Identity());
  for (int j = 0; j < nt; ++j)
    if (sourceOf[j] >= 0)
      carry[j] =
          (srest.globalR[sourceOf[j]].conjugate() * align[j] * trest.globalR[j]).normalized();
  return carry;
}

/// Whether the skeletons walk on four limbs (Lu §3.4 takes four end effectors for an animal):
/// the source when its hands stand about as low as its feet over the clip, the target when its
/// rest pose stands on its hands too. With a four-legged source the target's arms are fitted to
/// reach the ground (fitLimbLength).
struct Stance {
  bool sourceOnFour = false, targetOnFour = false;
};

double quantileHeight(const RetargetResult& r, int joint, double quantile) {
  std::vector<double> heights(r.frames);
  for (int f = 0; f < r.frames; ++f) heights[f] = r.source(f, joint).y();
  const auto at = heights.begin() + std::ptrdiff_t(quantile * (r.frames - 1));
  std::nth_element(heights.begin(), at, heights.end());
  return *at;
}

Stance stanceOf(const BodyLayout& sl, const BodyLayout& tl, const RestFrame& trest,
                const RetargetParams& params, const RetargetResult& r) {
  Stance st;
  auto both = [](const std::array<BodyLimb, 2>& l) { return l[0].valid() && l[1].valid(); };
  if (!both(sl.legs) || !both(tl.legs) || !both(sl.arms) || !both(tl.arms) || sl.legLength <= 0 ||
      tl.legLength <= 0)
    return st;
  double sourceFeet = std::numeric_limits<double>::infinity(), sourceHands = -sourceFeet;
  double targetFeet = sourceFeet, targetHands = sourceHands;
  for (int side = 0; side < 2; ++side) {
    // Medians: a biped sitting or crawling for a while still has its hands high most of a clip.
    sourceFeet = std::min(sourceFeet, quantileHeight(r, groundJoint(sl.legs[side]), 0.5));
    sourceHands = std::max(sourceHands, quantileHeight(r, groundJoint(sl.arms[side]), 0.5));
    targetFeet = std::min(targetFeet, trest.globalP[groundJoint(tl.legs[side])].y());
    targetHands = std::max(targetHands, trest.globalP[groundJoint(tl.arms[side])].y());
  }
  st.sourceOnFour = sourceHands - sourceFeet < params.fourLimbFraction * sl.legLength;
  st.targetOnFour = targetHands - targetFeet < params.fourLimbFraction * tl.legLength;
  return st;
}

/// Lu §3.4's end effectors with their standing heights on both skeletons.
struct GroundModel {
  std::vector<std::pair<int, int>> effectors;  ///< (source joint, target joint)
  std::vector<double> sourceStand;             ///< height above the source's floor when standing
  std::vector<double> targetStand;  ///< absolute height when standing on the target's floor
  bool legs = false;

  /// How far source effector e is above its standing height at frame f.
  double clearance(const RetargetResult& r, int f, int e) const {
    return r.source(f, effectors[e].first).y() - r.sourceGround - sourceStand[e];
  }
};

/// The target's soles (foot_soles.h), skinned in one pose (linear blend, as the viewport).
struct Soles {
  struct Weighted {
    int joint;
    double weight;
    Vec3 offset;  ///< the point in the joint's rest frame
  };
  std::vector<int> limb;
  std::vector<std::vector<Weighted>> points;
  double floor = 0.0;

  Soles(const std::vector<SolePoint>& soles, const RestFrame& trest, double floorHeight)
      : floor(floorHeight) {
    for (const SolePoint& p : soles) {
      limb.push_back(p.limb);
      auto& w = points.emplace_back();
      for (const Influence& i : p.influences)
        w.push_back({i.joint, i.weight,
                     trest.globalR[i.joint].conjugate() * (p.rest - trest.globalP[i.joint])});
    }
  }
  bool empty() const { return points.empty(); }
  /// Height of the lowest sole point of `side` (-1: either) in the pose R, P; +inf without one.
  double lowest(int side, const Quat* R, const Vec3* P) const {
    double y = std::numeric_limits<double>::infinity();
    for (std::size_t k = 0; k < points.size(); ++k) {
      if (side >= 0 && limb[k] != side) continue;
      double h = 0;
      for (const Weighted& w : points[k])
        h += w.weight * (P[w.joint].y() + (R[w.joint] * w.offset).y());
      y = std::min(y, h);
    }
    return y;
  }
};

/// The effectors, the scale, the source's floor and both skeletons' standing heights (§3.4).
/// On the source, an effector stands at a low quantile of its heights over the clip (a rest pose
/// need not stand; the clip's planted feet do), and the floor is the lowest of them. On a target
/// with a floor of its own (params.targetFloor), an effector stands at its rest height: the rest
/// mesh stands on that floor, shifted by the clip's own standing against the source's rest when
/// that rest stands (params.sourceRestStands). Without one the target stands on the source's
/// floor, scaled.
GroundModel groundModel(const BodyLayout& sl, const BodyLayout& tl, const RestFrame& srest,
                        const RestFrame& trest, const RetargetParams& params, RetargetResult& r) {
  // On four limbs too the legs alone place the root (the pelvis they carry): Lu's lowest
  // effector switching between fore and hind feet moves the root by the difference of the two
  // chains' proportions in one frame (10% of the height on a bull). The forefeet are pinned and
  // their limbs fitted (fitLimbLength) instead.
  GroundModel g;
  for (int k = 0; k < 2; ++k) {
    const BodyLimb& a = sl.legs[k];
    const BodyLimb& b = tl.legs[k];
    if (!a.valid() || !b.valid()) continue;
    g.effectors.push_back({a.end, b.end});
    if (a.tip >= 0 && b.tip >= 0) g.effectors.push_back({a.tip, b.tip});
  }
  for (const auto& e : g.effectors) r.targetEffectors.push_back(e.second);
  for (int k = 0; k < 4; ++k) r.targetEnds[k] = limbOf(tl, k).valid() ? limbOf(tl, k).end : -1;
  r.targetAnkles = {r.targetEnds[kLeftFoot], r.targetEnds[kRightFoot]};
  g.legs = !g.effectors.empty() && sl.legLength > 0 && tl.legLength > 0;
  r.scale = g.legs ? tl.legLength / sl.legLength : 1.0;
  r.targetLegLength = tl.legLength;
  if (!g.legs) {
    r.notes.push_back(
        "no legs found on both skeletons: root translation copied, no ground constraint");
    r.targetGround = params.targetFloor.value_or(0.0);
    return g;
  }
  std::vector<double> lowest(g.effectors.size());
  const double quantile = params.targetFloor ? params.standQuantile : 0.0;
  double restLowest = std::numeric_limits<double>::infinity();
  for (std::size_t e = 0; e < g.effectors.size(); ++e) {
    lowest[e] = quantileHeight(r, g.effectors[e].first, quantile);
    restLowest = std::min(restLowest, srest.globalP[g.effectors[e].first].y());
  }
  r.sourceGround = *std::min_element(lowest.begin(), lowest.end());
  if (params.targetFloor && params.sourceRestStands)
    r.floorShift = r.scale * (r.sourceGround - restLowest);
  for (std::size_t e = 0; e < g.effectors.size(); ++e) {
    g.sourceStand.push_back(lowest[e] - r.sourceGround);
    g.targetStand.push_back(params.targetFloor
                                ? trest.globalP[g.effectors[e].second].y() + r.floorShift
                                : r.scale * lowest[e]);
    r.sourceEffectors.push_back(g.effectors[e].first);
  }
  r.targetGround =
      params.targetFloor ? *params.targetFloor + r.floorShift : r.scale * r.sourceGround;
  r.effectorStandHeight = g.targetStand;
  r.sourceStandHeight = g.sourceStand;
  return g;
}

/// Rotation about the vertical taking the horizontal part of `from` onto that of `to`.
Quat headingBetween(Vec3 from, Vec3 to) {
  from.y() = 0;
  to.y() = 0;
  if (from.norm() < 1e-12 || to.norm() < 1e-12) return Quat::Identity();
  return Quat::FromTwoVectors(from.normalized(), to.normalized());
}

/// Feet stand flat. A rest pose need not stand (a BVH's feet often point down at rest, and the
/// two skeletons put the ankle joint at different heights over the ball of the foot), so copying
/// the source foot's direction would tip the target's foot whenever the source stands. Instead,
/// at the frame where the source foot stands flattest (ankle and toe both nearest their
/// standing heights), the target's foot and toe take their own rest orientation, turned to the
/// source foot's heading; the rest of the clip turns them as the source's turn from there. A
/// foot whose rest lies as the source's does (RetargetParams::standingFootMaxDegrees), both
/// rests standing, is left to turn as the source's from its rest.
void standFeetFlat(const Skeleton& target, const BodyLayout& sl, const BodyLayout& tl,
                   const GroundModel& g, const RestFrame& srest, const RestFrame& trest,
                   const std::vector<Quat>& sourceR, const RetargetParams& params,
                   std::vector<Quat>& carry, RetargetResult& r) {
  const int ns = r.sourceJoints;
  auto effectorOf = [&](int sourceJoint) {
    for (int e = 0; e < int(g.effectors.size()); ++e)
      if (g.effectors[e].first == sourceJoint) return e;
    return -1;
  };
  for (int side = 0; side < 2; ++side) {
    const BodyLimb& a = sl.legs[side];
    const BodyLimb& b = tl.legs[side];
    if (!a.valid() || !b.valid() || a.tip < 0 || b.tip < 0) continue;
    const int ankle = effectorOf(a.end), tip = effectorOf(a.tip);
    if (ankle < 0 || tip < 0) continue;
    int stand = 0;
    double best = std::numeric_limits<double>::infinity();
    for (int f = 0; f < r.frames; ++f) {
      const double off = std::abs(g.clearance(r, f, ankle)) + std::abs(g.clearance(r, f, tip));
      if (off < best) best = off, stand = f;
    }
    // The target foot's heading follows the source foot's heading change from its rest.
    const Vec3 sourceRestDir = srest.globalP[a.tip] - srest.globalP[a.end];
    const Vec3 sourceStandDir = r.source(stand, a.tip) - r.source(stand, a.end);
    const Vec3 targetRestDir = trest.globalP[b.tip] - trest.globalP[b.end];
    if (params.sourceRestStands &&
        angleBetween(sourceRestDir, targetRestDir) * 180.0 / M_PI < params.standingFootMaxDegrees)
      continue;
    const Quat turn = headingBetween(sourceRestDir, sourceStandDir) *
                      headingBetween(targetRestDir, sourceRestDir);
    for (const auto& [s, t] : {std::pair{a.end, b.end}, std::pair{a.tip, b.tip}}) {
      if (target.joints[t].parent < 0) continue;
      const Quat standing = sourceR[std::size_t(stand) * ns + s];
      carry[t] = (standing.conjugate() * turn * trest.globalR[t]).normalized();
    }
  }
}

/// When the source's feet (and hands) are planted (foot_contacts.h): per limb and frame, how
/// firmly (1 in a contact, easing to 0 over params.pinBlendSeconds around it) and the contact's
/// firmest frame (the source's limb end lowest), where the target's limb end is pinned.
struct PlantSchedule {
  std::array<std::vector<double>, 4> weight;
  std::array<std::vector<int>, 4> pinFrame;  ///< -1 where the limb is free
  /// The contact slides with the source (a cycle in place): only its height is pinned.
  std::array<std::vector<char>, 4> inPlace;
};

PlantSchedule plantSchedule(const BodyLayout& sl, const BodyLayout& tl, bool handsAreFeet,
                            const RetargetParams& params, RetargetResult& r) {
  const int nf = r.frames;
  PlantSchedule plant;
  for (int k = 0; k < 4; ++k) {
    plant.weight[k].assign(nf, 0.0);
    plant.pinFrame[k].assign(nf, -1);
    plant.inPlace[k].assign(nf, 0);
  }
  if (!params.pinFeet || !sl.legs[0].valid() || !sl.legs[1].valid()) return plant;
  std::array<std::vector<Vec3>, 4> ends;
  for (int k = 0; k < 4; ++k)
    if (limbOf(sl, k).valid() && limbOf(tl, k).valid())
      for (int f = 0; f < nf; ++f)
        ends[k].push_back(r.source(f, k < 2 ? limbOf(sl, k).end : groundJoint(limbOf(sl, k))));
  r.contacts =
      detectFootContacts({ends[0], ends[1]}, r.framesPerSecond, sl.legLength, params.contacts);
  if (params.pinHands && !ends[2].empty() && !ends[3].empty()) {
    // On four limbs the forefeet are feet: planted near their own lowest. A biped's hand is on
    // the floor only when it comes down to the feet's floor.
    const bool inPlace = !r.contacts.empty() && r.contacts.front().inPlace;
    auto hands = handsAreFeet
                     ? detectFootContacts({ends[2], ends[3]}, r.framesPerSecond, sl.legLength,
                                          params.contacts)
                     : detectFloorContacts({ends[2], ends[3]}, r.framesPerSecond, sl.legLength,
                                           r.sourceGround, kLeftHand, inPlace, params.handContacts);
    if (handsAreFeet)
      for (FootContact& c : hands) c.foot += kLeftHand;
    r.contacts.insert(r.contacts.end(), hands.begin(), hands.end());
  }
  const int blend = std::max(0, int(std::lround(params.pinBlendSeconds * r.framesPerSecond)));
  for (const FootContact& c : r.contacts) {
    int firmest = c.first;
    for (int f = c.first; f <= c.last; ++f)
      if (ends[c.foot][f].y() < ends[c.foot][firmest].y()) firmest = f;
    for (int f = std::max(0, c.first - blend); f <= std::min(nf - 1, c.last + blend); ++f) {
      const int outside = f < c.first ? c.first - f : (f > c.last ? f - c.last : 0);
      const double w = 1.0 - double(outside) / double(blend + 1);
      if (w > plant.weight[c.foot][f]) {
        plant.weight[c.foot][f] = w;
        plant.pinFrame[c.foot][f] = firmest;
        plant.inPlace[c.foot][f] = c.inPlace;
      }
    }
  }
  return plant;
}

/// Global positions of the target from its global rotations, the body root at `rootPos`; the
/// trees apart from the body's after it, carried by their adoptive trunk joints. `slide`, when
/// given, adds to each joint its offset's slide off its rest (sourceSlides).
void placeChain(const Skeleton& target, const RestFrame& trest, int troot, const Quat* R,
                const Vec3& rootPos, Vec3* P, const Vec3* slide = nullptr) {
  for (int j : trest.placeOrder) {
    const int p = target.joints[j].parent;
    const int a = trest.adoptiveParent[j];
    if (j == troot)
      P[j] = rootPos;
    else if (a >= 0)
      P[j] = P[a] + R[a] * trest.adoptiveOffset[j];
    else
      P[j] = p < 0 ? trest.localT[j] : Vec3(P[p] + R[p] * trest.localT[j]);
    if (slide && j != troot) P[j] += slide[j];
  }
}

/// Joints whose clip slides them off their rest offsets: a limb's root translated in a walk (a
/// shoulder blade or a hip sliding along the trunk, keyed on the collar or the thigh, or on a
/// limb that is a tree of its own). Lu transfers rotations only, and the limb stayed where the
/// rest pose put it: a polar bear's forelegs 0.25 of its leg length off in every frame. Per source
/// joint, whether its local translation varies over the clip by more than `minSlide`; a constant
/// offset (a bone keyed where it was not bound) is not a slide.
std::vector<char> sourceSlides(const Skeleton& source, const AnimationClip& clip, double minSlide) {
  std::vector<char> slides(source.size(), 0);
  for (const JointChannel& c : clip.channels) {
    if (c.joint < 0 || c.joint >= source.size() || c.translation.size() < 2) continue;
    double range = 0;
    for (const auto& key : c.translation)
      range = std::max(range, (key.value - c.translation.front().value).norm());
    slides[c.joint] = range > minSlide;
  }
  return slides;
}

/// The world offset of source joint s from where its rest offset would put it, frame f.
Vec3 sourceSlide(const Skeleton& source, const RestFrame& srest, const Quat* SR,
                 const RetargetResult& r, int f, int s) {
  const int p = source.joints[s].parent;
  const int a = srest.adoptiveParent[s];
  if (p >= 0) return r.source(f, s) - r.source(f, p) - SR[p] * srest.localT[s];
  if (a >= 0) return r.source(f, s) - r.source(f, a) - SR[a] * srest.adoptiveOffset[s];
  return Vec3::Zero();
}

/// With soles, how far to lift the body at frame f: out of the floor, the foot sole deepest
/// under it, but no higher than every planted limb can still reach the floor from (straight, at
/// most params.maxLegStretch longer), so that a lower foot is raised by its own knee rather
/// than the other lifted off the floor: straight legs stay straight where they can. The legs
/// carry the body, on four limbs too: a hand or forefoot under the floor is raised by its own
/// limb (pinPlantedLimbs), since a foreleg a little long for the source's pose, lifting the body
/// in the frames where the hind legs could follow and not in the others, bounced a running
/// bull's root by 3-4% of its height from one frame to the next.
double soleLift(const BodyLayout& tl, const Soles& soles, const PlantSchedule& plant,
                const RetargetParams& params, int f, const Quat* R, const Vec3* P) {
  double depth = 0;
  for (int k = 0; k < 2; ++k) depth = std::max(depth, soles.floor - soles.lowest(k, R, P));
  double limit = std::numeric_limits<double>::infinity();
  for (int k = 0; k < 4; ++k) {
    const BodyLimb& limb = limbOf(tl, k);
    if (plant.weight[k][f] <= 0 || !limb.valid()) continue;
    const Vec3 &top = P[limb.upper], &end = P[limb.end];
    const double reach = (1.0 + params.maxLegStretch) * params.ik.maxReachFraction *
                         ((P[limb.lower] - top).norm() + (end - P[limb.lower]).norm());
    const double toFloor = soles.floor - soles.lowest(k, R, P);  // end move to touch
    if (!std::isfinite(toFloor)) continue;
    const double across = Eigen::Vector2d(end.x() - top.x(), end.z() - top.z()).norm();
    if (across >= reach) continue;
    // A limb easing into or out of its contact holds the body down only as firmly as it is
    // planted: the lift changes smoothly with the blend instead of jumping when it starts.
    const double reachable =
        std::sqrt(reach * reach - across * across) - (top.y() - end.y() - toFloor);
    limit = std::min(limit, reachable + (1.0 - plant.weight[k][f]) * depth);
  }
  return std::clamp(limit, 0.0, depth);
}

/// How far the body at frame f is under the floor, anywhere (0 when it is not).
double bodyDepth(const Soles& body, const Quat* R, const Vec3* P) {
  const double lowest = body.lowest(-1, R, P);
  return std::isfinite(lowest) ? std::max(0.0, body.floor - lowest) : 0.0;
}

/// Whether the source plays in place (a game's walk cycle on a treadmill): its root's horizontal
/// path is short against its effectors' (groundPathMemorySeconds). A motion that travels moves
/// its root about as far as its feet.
bool playsInPlace(const RetargetResult& r, const GroundModel& g, const RetargetParams& params) {
  auto horizontalPath = [&](int joint) {
    double length = 0.0;
    for (int f = 1; f < r.frames; ++f) {
      Vec3 step = r.source(f, joint) - r.source(f - 1, joint);
      step.y() = 0;
      length += step.norm();
    }
    return length;
  };
  if (g.effectors.empty()) return false;
  double effectors = 0.0;
  for (const auto& [source, target] : g.effectors) effectors += horizontalPath(source);
  effectors /= double(g.effectors.size());
  return effectors > 0.0 && horizontalPath(r.sourceRoot) < params.inPlaceRootPath * effectors;
}

/// Lu §3.4's root path, frame by frame: horizontally the least-clear effector moves as the
/// source's does (scaled) and the root follows it, its departure from the source root's own path
/// forgotten for a clip played in place (groundPathMemorySeconds); in height, the lowest of the
/// effectors' asks.
class LuRootPath {
 public:
  LuRootPath(const GroundModel& g, const RetargetParams& params, const RetargetResult& r,
             bool rootMapped)
      : g_(g),
        r_(r),
        rootMapped_(rootMapped),
        scaleLimited_(std::min(r.scale, 1.0)),
        keep_(params.groundPathMemorySeconds > 0 && r.framesPerSecond > 0 &&
                      playsInPlace(r, g, params)
                  ? std::exp(-1.0 / (params.groundPathMemorySeconds * r.framesPerSecond))
                  : 1.0),
        previousEffector_(g.effectors.size(), Vec3::Zero()) {}

  /// The root at frame f: `scaledPath` is the source root's path from its rest, scaled, and
  /// `P` the frame's pose with the root at the origin.
  Vec3 at(int f, const Vec3& scaledPath, const Vec3* P) {
    const int sroot = r_.sourceRoot;
    int m = 0;
    for (int e = 1; e < int(g_.effectors.size()); ++e)
      if (g_.clearance(r_, f, e) < g_.clearance(r_, f, m)) m = e;
    const int sm = g_.effectors[m].first;
    const Vec3 c = f == 0 ? Vec3(scaledPath + P[g_.effectors[m].second])
                          : Vec3(previousEffector_[m] +
                                 scaleLimited_ * (r_.source(f, sm) - r_.source(f - 1, sm)));
    // The source root's moves since frame 0, scaled as the effector's steps are, from where
    // Lu's path starts: with nothing forgotten, the path is Lu's.
    const Vec3 lu = c - P[g_.effectors[m].second];
    if (f == 0) start_ = lu;
    const Vec3 followed =
        start_ + (rootMapped_ ? Vec3(scaleLimited_ * (r_.source(f, sroot) - r_.source(0, sroot)))
                              : Vec3::Zero());
    if (f > 0)
      departure_ = keep_ * departure_ + (lu - previousRoot_) - (followed - previousFollowed_);
    departure_.y() = 0;  // the height is the ground constraint's, below
    previousFollowed_ = followed;
    Vec3 root = followed + departure_;
    // In height, every effector asks the root to stand where it puts that effector at its
    // standing height plus the source's clearance, scaled (standing is the floor: a source
    // foot dipping below its standing height stands); the lowest ask wins, the lift raises
    // whatever is then under the floor. Lu's single least-clear effector gives the same where
    // the two legs pose alike, and jumps where they do not (legs placed unequally in the mesh:
    // an elephant's root fell 14% of its height in one frame when the least-clear foot
    // switched sides).
    root.y() = std::numeric_limits<double>::infinity();
    for (int e = 0; e < int(g_.effectors.size()); ++e)
      root.y() =
          std::min(root.y(), g_.targetStand[e] + r_.scale * std::max(0.0, g_.clearance(r_, f, e)) -
                                 P[g_.effectors[e].second].y());
    return root;
  }

  /// Where frame f's root and effectors ended up (after the lift).
  void placed(const Vec3& root, const Vec3* P) {
    previousRoot_ = root;
    for (int e = 0; e < int(g_.effectors.size()); ++e)
      previousEffector_[e] = P[g_.effectors[e].second];
  }

 private:
  const GroundModel& g_;
  const RetargetResult& r_;
  bool rootMapped_;
  double scaleLimited_, keep_;
  std::vector<Vec3> previousEffector_;
  Vec3 departure_ = Vec3::Zero(), previousFollowed_ = Vec3::Zero(), previousRoot_ = Vec3::Zero();
  Vec3 start_ = Vec3::Zero();  // Lu's root at frame 0
};

/// How far the root must rise at frame f so that nothing is under the target's floor: its
/// effectors under their standing heights, or (with sole points) its soles and body. `P` is the
/// pose with the root at the origin; `root` the root placed so far.
double floorLift(const Skeleton& target, const RestFrame& trest, const GroundModel& g,
                 const BodyLayout& tl, const Soles& soles, const Soles& body,
                 const PlantSchedule& plant, const RetargetParams& params, int f, const Quat* R,
                 const Vec3& root, Vec3* P, const Vec3* slide, int troot) {
  double deepest = 0;
  if (soles.empty()) {
    for (int e = 0; e < int(g.effectors.size()); ++e)
      deepest = std::max(deepest, g.targetStand[e] - (root.y() + P[g.effectors[e].second].y()));
    return deepest;
  }
  placeChain(target, trest, troot, R, root, P, slide);
  return std::max(soleLift(tl, soles, plant, params, f, R, P), bodyDepth(body, R, P));
}

/// Pass 1: rotations transferred through the intermediate skeleton, the root placed on the
/// target's floor by Lu §3.4's least-clear effector (horizontally, when the source's rest stands,
/// by the source root's path, scaled: RetargetParams::rootFollowsStandingSource), then lifted out
/// of the floor.
std::vector<Quat> transferAndPlaceRoot(const Skeleton& source, const std::vector<char>& slides,
                                       const Skeleton& target, const RestFrame& srest,
                                       const RestFrame& trest, const std::vector<Quat>& sourceR,
                                       const std::vector<Quat>& carry, const GroundModel& g,
                                       const BodyLayout& tl, const Soles& soles, const Soles& body,
                                       const PlantSchedule& plant, const RetargetParams& params,
                                       RetargetResult& r) {
  const int nt = target.size(), ns = r.sourceJoints, nf = r.frames;
  const int troot = r.targetRoot, sroot = r.sourceRoot;
  std::vector<Quat> targetR(std::size_t(nf) * nt);
  r.targetPositions.resize(std::size_t(nf) * nt);
  std::vector<Vec3> slide(nt, Vec3::Zero());
  const bool rootMapped = r.sourceOf[troot] >= 0;
  const bool followSource =
      params.rootFollowsStandingSource && params.sourceRestStands && rootMapped;
  LuRootPath lu(g, params, r, rootMapped);
  for (int f = 0; f < nf; ++f) {
    const Quat* SR = &sourceR[std::size_t(f) * ns];
    Quat* R = &targetR[std::size_t(f) * nt];
    Vec3* P = &r.targetPositions[std::size_t(f) * nt];
    for (int j = 0; j < nt; ++j) {
      const int s = r.sourceOf[j];
      const int p = target.joints[j].parent;
      R[j] = s >= 0 ? SR[s] * carry[j] : (p < 0 ? trest.localR[j] : R[p] * trest.localR[j]);
      slide[j] = s >= 0 && slides[s] && s != sroot
                     ? Vec3(r.scale * sourceSlide(source, srest, SR, r, f, s))
                     : Vec3::Zero();
    }
    // The root moves as the source's does from its rest, scaled; Lu's ground constraint then
    // replaces its height and (but for a standing source) its horizontal path.
    Vec3 rootPos = trest.globalP[troot];
    if (rootMapped) rootPos += r.scale * (r.source(f, sroot) - srest.globalP[sroot]);
    if (g.legs && params.groundConstraint) {
      placeChain(target, trest, troot, R, Vec3::Zero(), P, slide.data());
      const Vec3 luRoot = lu.at(f, rootPos, P);
      if (followSource)
        rootPos.y() = luRoot.y();
      else
        rootPos = luRoot;
      rootPos.y() += floorLift(target, trest, g, tl, soles, body, plant, params, f, R, rootPos, P,
                               slide.data(), troot);
    }
    placeChain(target, trest, troot, R, rootPos, P, slide.data());
    lu.placed(rootPos, P);
  }
  return targetR;
}

/// Joints whose position depends on `top`: its subtree (joint indices are parents first).
std::vector<int> subtreeOf(const Skeleton& s, int top) {
  std::vector<bool> in(s.size(), false);
  std::vector<int> out;
  for (int j = top; j < s.size(); ++j) {
    in[j] = j == top || (s.joints[j].parent >= 0 && in[s.joints[j].parent]);
    if (in[j]) out.push_back(j);
  }
  return out;
}

/// Moves a limb's end joint to `want` with two-bone IK on its upper and lower bones; the end
/// keeps its global orientation (a foot stays flat, its toes with it). A straight limb that
/// still falls short is lengthened by up to params.maxLegStretch (Lu §3.2 adjusts the
/// intermediate skeleton's segment lengths): invisible at that size, where lowering the pelvis
/// would bend the other, planted knee.
void reachWithLimb(const Skeleton& target, const RestFrame& trest, const BodyLimb& limb,
                   const std::vector<int>& below, const Vec3& want, double length,
                   const RetargetParams& params, Quat* R, Vec3* P) {
  const Quat endR = R[limb.end];
  Quat upperR = R[limb.upper], lowerR = R[limb.lower];
  const double miss =
      solveTwoBoneIk(P[limb.upper], P[limb.lower], P[limb.end], want, upperR, lowerR, params.ik);
  double stretch = 1.0;
  if (miss > 0) {
    const double length =
        (P[limb.lower] - P[limb.upper]).norm() + (P[limb.end] - P[limb.lower]).norm();
    stretch = std::clamp((want - P[limb.upper]).norm() / (params.ik.maxReachFraction * length), 1.0,
                         1.0 + params.maxLegStretch);
  }
  R[limb.lower] = lowerR;
  R[limb.end] = endR;
  R[limb.upper] = upperR;
  for (int j : below) {
    if (j == limb.upper) continue;
    const int p = target.joints[j].parent;
    const double k = j == limb.lower || j == limb.end ? length * stretch : 1.0;
    P[j] = P[p] + R[p] * (k * trest.localT[j]);
  }
}

/// A four-legged walk on a target whose forelimbs are short for it (a human, a short-legged
/// animal): Lu §3.2 (Fig. 1) lengthens the intermediate skeleton's upper limbs so the hands
/// reach the ground. The factor here is what the planted hand needs: over the frames it is
/// fully planted, the largest (distance from the shoulder to the hand put on the floor) /
/// (the arm's reach), at least 1 and at most params.maxArmStretch, applied to the forearm and
/// hand offsets over the whole clip (one length, not a limb that pumps; where it is longer than
/// a frame needs, the elbow bends).
double fitLimbLength(const Skeleton& target, const RestFrame& trest, const BodyLimb& limb, int k,
                     const std::vector<int>& below, const Soles& soles, const PlantSchedule& plant,
                     const RetargetParams& params, std::vector<Quat>& targetR, RetargetResult& r) {
  const int nt = target.size();
  std::vector<double> needs;
  for (int f = 0; f < r.frames; ++f) {
    if (plant.weight[k][f] < 1.0) continue;
    const Quat* R = &targetR[std::size_t(f) * nt];
    const Vec3* P = &r.targetPositions[std::size_t(f) * nt];
    const double sole = soles.lowest(k, R, P);
    if (!std::isfinite(sole)) continue;
    const Vec3 want = P[limb.end] + Vec3(0, soles.floor - sole, 0);
    const double reach = params.ik.maxReachFraction * ((P[limb.lower] - P[limb.upper]).norm() +
                                                       (P[limb.end] - P[limb.lower]).norm());
    needs.push_back((want - P[limb.upper]).norm() / reach);
  }
  if (needs.empty()) return 1.0;
  const double length =
      std::clamp(*std::max_element(needs.begin(), needs.end()), 1.0, params.maxArmStretch);
  if (length == 1.0) return length;
  for (int f = 0; f < r.frames; ++f) {
    const Quat* R = &targetR[std::size_t(f) * nt];
    Vec3* P = &r.targetPositions[std::size_t(f) * nt];
    for (int j : below) {
      if (j == limb.upper) continue;
      const int p = target.joints[j].parent;
      const double scale = j == limb.lower || j == limb.end ? length : 1.0;
      P[j] = P[p] + R[p] * (scale * trest.localT[j]);
    }
  }
  return length;
}

/// A target limb end carried by the source's limb (RetargetParams::standingEndsFollowSource):
/// the point of the source bone nearest where the end is at rest rides with that bone; a rest
/// too far from the source's (another body) rides on the followed joint alone.
struct Rider {
  int bone = -1;              ///< source joint whose bone (head and turn) carries the point
  int anchor = -1;            ///< the target trunk joint the limb hangs from (mapped)
  Vec3 rest = Vec3::Zero();   ///< the point at rest, in the source's space
  Vec3 start = Vec3::Zero();  ///< where the target's end is at rest
  bool sameSpace = false;     ///< the two rests are one body's: the point is where the end is
};

Rider riderOf(const Skeleton& target, const BodyLimb& targetLimb, const BodyLimb& sourceLimb,
              int followed, const RestFrame& trest, const RestFrame& srest, const RetargetResult& r,
              const RetargetParams& params) {
  const Vec3 targetEnd = trest.globalP[targetLimb.end];
  int anchor = target.joints[targetLimb.collar >= 0 ? targetLimb.collar : targetLimb.upper].parent;
  while (anchor >= 0 && r.sourceOf[anchor] < 0) anchor = target.joints[anchor].parent;
  Rider ride{followed, anchor, srest.globalP[followed], targetEnd};
  if ((targetEnd - srest.globalP[followed]).norm() > params.maxRideOffset * r.targetLegLength)
    return ride;
  // The bones of the source limb, head to the next role joint's head; the last ends at its head.
  std::vector<int> chain;
  for (int j : sourceLimb.roles())
    if (j >= 0) chain.push_back(j);
  double best = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < chain.size(); ++i) {
    const Vec3 a = srest.globalP[chain[i]];
    const Vec3 b = i + 1 < chain.size() ? srest.globalP[chain[i + 1]] : a;
    const Vec3 ab = b - a;
    const double t = ab.squaredNorm() > 0
                         ? std::clamp((targetEnd - a).dot(ab) / ab.squaredNorm(), 0.0, 1.0)
                         : 0.0;
    const double d = (a + t * ab - targetEnd).norm();
    if (d < best) best = d, ride.bone = chain[i];
  }
  ride.rest = targetEnd;
  ride.sameSpace = true;
  return ride;
}

/// Where the rider puts the target's end at frame f: the point's path relative to the source
/// joint of the trunk joint the limb hangs from, scaled, from that trunk joint of the target
/// (at `P`); the two rests' difference turns with it. Relative to the trunk, not the world: the
/// target's root takes its own path (Lu's ground constraint's), and a source's root may be a
/// control whose turns its children undo.
Vec3 ridingPoint(const Rider& ride, const std::vector<Quat>& sourceR, const RestFrame& srest,
                 const RestFrame& trest, const RetargetResult& r, int f, const Vec3* P) {
  const std::size_t frame = std::size_t(f) * r.sourceJoints;
  const int tAnchor = ride.anchor, sAnchor = r.sourceOf[ride.anchor];
  const Quat turn = sourceR[frame + ride.bone] * srest.globalR[ride.bone].conjugate();
  const Quat anchorTurn = sourceR[frame + sAnchor] * srest.globalR[sAnchor].conjugate();
  const Vec3 offset = ride.rest - srest.globalP[ride.bone];
  // One body: the bone's travel from its rest, scaled (the target's root follows the source's
  // from its rest: RetargetParams::rootFollowsStandingSource; the root's bob under Lu's
  // constraint left out), and its turn of the point, in the body's own units: the scale is the
  // two rigs' leg lengths, which differ by where each put its joints, not by the body's size
  // (scaled, a human's own skeleton played its walk 1.43% of its height off the artist's rig,
  // unscaled 1.27).
  if (ride.sameSpace)
    return ride.start + r.scale * (r.source(f, ride.bone) - srest.globalP[ride.bone]) +
           (turn * offset - offset);
  const Vec3 point = r.source(f, ride.bone) + turn * offset;
  const Vec3 restDifference =
      (ride.start - trest.globalP[tAnchor]) - r.scale * (ride.rest - srest.globalP[sAnchor]);
  return P[tAnchor] + r.scale * (point - r.source(f, sAnchor)) + anchorTurn * restDifference;
}

/// Pass 2 (beyond the paper): the source's planted feet (and hands) pinned on the target with
/// two-bone IK, eased in and out over params.pinBlendSeconds. A limb end is pinned, in the
/// ground plane, where the target's is at the contact's firmest frame (one that follows the
/// source, RetargetParams::standingEndsFollowSource: where the source's limb carries it, in
/// every frame, planted or free); in height, its lowest
/// contact point (foot_soles.h) goes on the floor, or without points (feet only) the ankle at
/// the ground model's height for it: on the floor when the source's is, raised by the source's
/// raise scaled. A free limb end that would go under the floor is raised by its own limb.
void pinPlantedLimbs(const Skeleton& target, const RestFrame& trest, const RestFrame& srest,
                     const BodyLayout& sl, const BodyLayout& tl, const std::array<int, 4>& followed,
                     const std::vector<Quat>& sourceR, const GroundModel& g, const Soles& soles,
                     const PlantSchedule& plant, bool handsAreFeet, const RetargetParams& params,
                     std::vector<Quat>& targetR, RetargetResult& r) {
  const int nt = target.size(), nf = r.frames;
  for (int k = 0; k < 4; ++k) {
    const BodyLimb& limb = limbOf(tl, k);
    if (!limb.valid()) continue;
    if (target.joints[limb.lower].parent != limb.upper ||
        target.joints[limb.end].parent != limb.lower) {
      r.notes.push_back(std::string(k < 2 ? "leg " : "arm ") + std::to_string(k % 2) +
                        " of the rig is not a chain of three joints: it is not pinned");
      continue;
    }
    int effector = -1;  // the ankle's Lu effector, for a foot without sole points
    for (int e = 0; e < int(g.effectors.size()); ++e)
      if (g.effectors[e].second == limb.end) effector = e;
    const std::vector<int> below = subtreeOf(target, limb.upper);
    const double length = k >= 2 && handsAreFeet ? fitLimbLength(target, trest, limb, k, below,
                                                                 soles, plant, params, targetR, r)
                                                 : 1.0;
    if (k >= 2) r.armStretch = std::max(r.armStretch, length);
    const Rider ride = followed[k] >= 0 ? riderOf(target, limb, limbOf(sl, k), followed[k], trest,
                                                  srest, r, params)
                                        : Rider{};
    const bool follow = ride.anchor >= 0;
    for (int f = 0; f < nf; ++f) {
      Quat* R = &targetR[std::size_t(f) * nt];
      Vec3* P = &r.targetPositions[std::size_t(f) * nt];
      const double sole = soles.lowest(k, R, P);
      const double onFloor = P[limb.end].y() + soles.floor - sole;  // end height: sole on floor
      double w = plant.weight[k][f];
      Vec3 free = P[limb.end];
      if (follow) {
        const Vec3 along = ridingPoint(ride, sourceR, srest, trest, r, f, P);
        free.x() = along.x(), free.z() = along.z();
      }
      // A planted end is pinned where it was at the contact's firmest frame, so that it does not
      // skate; one that follows the source's in one body goes where the source's goes, which
      // stands as still as the source's (and slides with it under a walk played in place, which
      // contacts read from a few slow frames took for a travelling one: a lion's forepaw held
      // 15% of its height ahead of the artist's).
      const bool pinnedInPlace = w > 0 && !plant.inPlace[k][f] && !(follow && ride.sameSpace);
      Vec3 pin = pinnedInPlace ? r.target(plant.pinFrame[k][f], limb.end) : free;
      if (w <= 0 && follow) {
        w = 1.0;
      } else if (w <= 0) {
        if (!(sole < soles.floor)) continue;
        w = 1.0;
        pin.y() = onFloor;
      } else if (std::isfinite(sole)) {
        pin.y() = onFloor;
      } else if (effector >= 0) {
        pin.y() = g.targetStand[effector] + r.scale * std::max(0.0, g.clearance(r, f, effector));
      } else {
        continue;  // a hand without contact points: nothing says where the floor meets it
      }
      Vec3 want = P[limb.end] + w * (pin - P[limb.end]);
      // Easing in or out of a contact never leaves the sole under the floor.
      if (std::isfinite(sole)) want.y() = std::max(want.y(), onFloor);
      reachWithLimb(target, trest, limb, below, want, length, params, R, P);
    }
  }
}

/// Per limb (LimbEnd), the source joint whose path from its rest its end follows
/// (RetargetParams::standingEndsFollowSource), or -1.
std::array<int, 4> followedEnds(const JointCorrespondence& map, const RetargetParams& params) {
  std::array<int, 4> followed{-1, -1, -1, -1};
  if (!params.standingEndsFollowSource || !params.sourceRestStands) return followed;
  for (int k = 0; k < 4; ++k) {
    const BodyLimb& limb = limbOf(map.target, k);
    if (map.standsInBoth[k] && limb.valid()) followed[k] = map.sourceOf[limb.end];
  }
  return followed;
}

/// Pinning can put a toe under its standing height: lift those frames by the depth (Lu §3.4's
/// rule, applied again after IK; vertical only, so it adds no horizontal skate).
void liftAboveFloor(const GroundModel& g, const Soles& soles, const Soles& body,
                    const std::vector<Quat>& targetR, RetargetResult& r) {
  const int nt = r.targetJoints;
  for (int f = 0; f < r.frames; ++f) {
    double deepest = 0;
    for (int e = 0; e < int(g.effectors.size()) && soles.empty(); ++e)
      deepest = std::max(deepest, g.targetStand[e] - r.target(f, g.effectors[e].second).y());
    const double sole =
        soles.lowest(-1, &targetR[std::size_t(f) * nt], &r.targetPositions[std::size_t(f) * nt]);
    if (std::isfinite(sole)) deepest = std::max(deepest, soles.floor - sole);
    deepest = std::max(deepest, bodyDepth(body, &targetR[std::size_t(f) * nt],
                                          &r.targetPositions[std::size_t(f) * nt]));
    if (deepest <= 0) continue;
    for (int j = 0; j < nt; ++j) r.targetPositions[std::size_t(f) * nt + j].y() += deepest;
  }
}

/// Control bones with no motion of their own follow their deform bones (control_follow.h).
void followControls(const Skeleton& target, std::optional<double> floor, std::vector<Quat>& targetR,
                    RetargetResult& r) {
  const int nt = target.size();
  std::vector<bool> driven(nt, false);
  for (int j = 0; j < nt; ++j) driven[j] = r.sourceOf[j] >= 0 || j == r.targetRoot;
  const auto followers = findControlFollowers(target, driven, r.targetRoot);
  const std::vector<Transform> rest = target.restGlobals();
  for (int f = 0; f < r.frames; ++f)
    applyControlFollowers(target, rest, followers, &targetR[std::size_t(f) * nt],
                          &r.targetPositions[std::size_t(f) * nt], floor);
  for (const ControlFollower& c : followers) r.followedControls.push_back(c.control);
}

/// The clip: every joint's local rotation per frame; local translations for the joints that
/// move off their rest offsets (the body root, controls that follow).
void writeClip(const Skeleton& target, const RestFrame& trest, const std::string& name,
               const std::vector<Quat>& targetR, RetargetResult& r) {
  const int nt = target.size(), nf = r.frames;
  r.clip.name = name;
  r.clip.framesPerSecond = r.framesPerSecond;
  r.clip.duration = (nf - 1) / r.framesPerSecond;
  r.clip.channels.resize(nt);
  double extent = 0;
  for (const Vec3& p : trest.globalP) extent = std::max(extent, (p - trest.globalP[0]).norm());
  const double still = 1e-9 * std::max(extent, 1e-12);
  auto localTranslation = [&](int f, int j) {
    const int p = target.joints[j].parent;
    const Quat* R = &targetR[std::size_t(f) * nt];
    return p < 0 ? r.target(f, j) : Vec3(R[p].conjugate() * (r.target(f, j) - r.target(f, p)));
  };
  for (int j = 0; j < nt; ++j) {
    JointChannel& c = r.clip.channels[j];
    c.joint = j;
    c.rotation.resize(nf);
    const int p = target.joints[j].parent;
    for (int f = 0; f < nf; ++f) {
      const Quat* R = &targetR[std::size_t(f) * nt];
      c.rotation[f] = {f / r.framesPerSecond,
                       (p < 0 ? R[j] : Quat(R[p].conjugate() * R[j])).normalized()};
    }
    // Translation keys only where the joint leaves its rest offset (most joints never do).
    bool moves = j == r.targetRoot;
    for (int f = 0; f < nf && !moves; ++f)
      moves = (localTranslation(f, j) - target.joints[j].restLocal.translation()).norm() > still;
    if (!moves) continue;
    c.translation.resize(nf);
    for (int f = 0; f < nf; ++f) c.translation[f] = {f / r.framesPerSecond, localTranslation(f, j)};
  }
}

}  // namespace

Expected<RetargetResult> retargetMotion(const Skeleton& source, const AnimationClip& clip,
                                        const Skeleton& target, const JointCorrespondence& map,
                                        const RetargetParams& params) {
  if (source.empty() || target.empty()) return Error{"retargeting needs two skeletons"};
  if (int(map.sourceOf.size()) != target.size())
    return Error{"the joint correspondence was made for another rig"};
  for (int s : map.sourceOf)
    if (s >= source.size()) return Error{"the joint correspondence was made for another motion"};
  if (!std::isfinite(clip.duration) || clip.duration < 0)
    return Error{"the clip '" + clip.name + "' has an invalid duration"};
  if (params.targetFloor && !std::isfinite(*params.targetFloor))
    return Error{"the rig's floor height is not a finite number"};
  for (const auto* points : {&params.targetSoles, &params.targetBody})
    for (const SolePoint& p : *points)
      for (const Influence& i : p.influences)
        if (i.joint < 0 || i.joint >= target.size() || !p.rest.allFinite())
          return Error{"a sole point of the rig is not on one of its joints"};

  RetargetResult r;
  r.framesPerSecond = params.framesPerSecond > 0 && std::isfinite(params.framesPerSecond)
                          ? params.framesPerSecond
                          : (clip.framesPerSecond > 0 ? clip.framesPerSecond : 30.0);
  r.frames = int(std::lround(clip.duration * r.framesPerSecond)) + 1;
  if (r.frames > 10'000'000) return Error{"the clip is too long to retarget"};
  r.sourceJoints = source.size();
  r.targetJoints = target.size();
  r.sourceOf = map.sourceOf;
  r.sourceRoot = map.source.root >= 0 ? map.source.root : 0;
  r.targetRoot = map.target.root >= 0 ? map.target.root : 0;

  RestFrame srest = restOf(source);
  RestFrame trest = restOf(target);
  adoptOrphanTrees(source, map.source, srest);
  adoptOrphanTrees(target, map.target, trest);
  std::vector<Quat> sourceR = sampleSourcePoses(source, clip, srest, r);
  if (params.faceLikeTarget) faceSourceLikeTarget(map.source, map.target, trest, srest, sourceR, r);
  std::vector<Quat> carry = intermediateCarry(target, srest, trest, map, params, r);
  const Stance stance = stanceOf(map.source, map.target, trest, params, r);
  r.sourceOnFourLimbs = stance.sourceOnFour;
  r.targetOnFourLimbs = stance.targetOnFour;
  const GroundModel ground = groundModel(map.source, map.target, srest, trest, params, r);
  if (params.standFeetFlat && params.targetFloor)
    standFeetFlat(target, map.source, map.target, ground, srest, trest, sourceR, params, carry, r);
  const Soles soles(params.targetFloor ? params.targetSoles : std::vector<SolePoint>{}, trest,
                    r.targetGround);
  const Soles body(params.targetFloor ? params.targetBody : std::vector<SolePoint>{}, trest,
                   r.targetGround);
  const PlantSchedule plant = plantSchedule(map.source, map.target, stance.sourceOnFour, params, r);
  double low = std::numeric_limits<double>::infinity(), high = -low;
  for (const Vec3& p : srest.globalP) low = std::min(low, p.y()), high = std::max(high, p.y());
  const std::vector<char> slides =
      params.transferSlides ? sourceSlides(source, clip, params.minSlideFraction * (high - low))
                            : std::vector<char>(source.size(), 0);
  std::vector<Quat> targetR =
      transferAndPlaceRoot(source, slides, target, srest, trest, sourceR, carry, ground, map.target,
                           soles, body, plant, params, r);
  if (params.pinFeet && ground.legs)
    pinPlantedLimbs(target, trest, srest, map.source, map.target, followedEnds(map, params),
                    sourceR, ground, soles, plant, stance.sourceOnFour, params, targetR, r);
  if (ground.legs && params.groundConstraint) liftAboveFloor(ground, soles, body, targetR, r);
  if (params.followControls) followControls(target, params.targetFloor, targetR, r);
  writeClip(target, trest, clip.name, targetR, r);
  return r;
}

}  // namespace rw

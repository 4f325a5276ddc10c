#include "motion/retarget_motion.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace rw {
namespace {

using Quat = Eigen::Quaterniond;
using Vec3 = Eigen::Vector3d;

struct RestFrame {
  std::vector<Vec3> localT, localS;
  std::vector<Quat> localR, globalR;
  std::vector<Vec3> globalP;
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
  return r;
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

  RetargetResult r;
  r.framesPerSecond = params.framesPerSecond > 0 && std::isfinite(params.framesPerSecond)
                          ? params.framesPerSecond
                          : (clip.framesPerSecond > 0 ? clip.framesPerSecond : 30.0);
  r.frames = int(std::lround(clip.duration * r.framesPerSecond)) + 1;
  if (r.frames > 10'000'000) return Error{"the clip is too long to retarget"};
  const int ns = source.size(), nt = target.size(), nf = r.frames;
  r.sourceJoints = ns;
  r.targetJoints = nt;
  r.sourceOf = map.sourceOf;

  // --- Source poses (global rotations and positions per frame). ---
  const RestFrame srest = restOf(source);
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
      Vec3 lt = srest.localT[j];
      Quat lr = srest.localR[j];
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

  // --- Intermediate skeleton (§3.1): target bones turned to the source's rest directions. ---
  const RestFrame trest = restOf(target);
  const auto kids = mappedChildren(target, map.sourceOf);
  std::vector<Quat> align(nt, Quat::Identity());
  for (int j = 0; j < nt; ++j) {
    const int p = target.joints[j].parent;
    align[j] = p < 0 ? Quat::Identity() : align[p];
    const int s = map.sourceOf[j];
    if (s < 0 || p < 0 || kids[j].empty()) continue;
    Vec3 dt = Vec3::Zero(), ds = Vec3::Zero();
    for (int k : kids[j]) {
      dt += trest.globalP[k] - trest.globalP[j];
      ds += srest.globalP[map.sourceOf[k]] - srest.globalP[s];
    }
    dt = align[j] * dt;
    if (dt.norm() < 1e-12 || ds.norm() < 1e-12) continue;
    align[j] = (Quat::FromTwoVectors(dt, ds) * align[j]).normalized();
  }
  for (int j = 0; j < nt; ++j)
    for (int k : kids[j]) r.bonePairs.push_back({j, k});
  // Target global rotation = source global rotation · carry[j] for mapped joints.
  std::vector<Quat> carry(nt, Quat::Identity());
  for (int j = 0; j < nt; ++j)
    if (map.sourceOf[j] >= 0)
      carry[j] =
          (srest.globalR[map.sourceOf[j]].conjugate() * align[j] * trest.globalR[j]).normalized();

  // --- Effectors and scale (§3.4). ---
  const BodyLayout& sl = map.source;
  const BodyLayout& tl = map.target;
  std::vector<std::pair<int, int>> effectors;  // (source joint, target joint)
  for (int side = 0; side < 2; ++side) {
    const BodyLimb& a = sl.legs[side];
    const BodyLimb& b = tl.legs[side];
    if (!a.valid() || !b.valid()) continue;
    effectors.push_back({a.end, b.end});
    if (a.tip >= 0 && b.tip >= 0) effectors.push_back({a.tip, b.tip});
  }
  for (const auto& e : effectors) r.targetEffectors.push_back(e.second);
  r.targetAnkles = {tl.legs[0].valid() ? tl.legs[0].end : -1,
                    tl.legs[1].valid() ? tl.legs[1].end : -1};
  const bool legs = !effectors.empty() && sl.legLength > 0 && tl.legLength > 0;
  r.scale = legs ? tl.legLength / sl.legLength : 1.0;
  r.targetLegLength = tl.legLength;
  if (!legs)
    r.notes.push_back(
        "no legs found on both skeletons: root translation copied, no ground constraint");
  const double scaleLimited = std::min(r.scale, 1.0);
  if (legs) {
    double g = std::numeric_limits<double>::infinity();
    for (int f = 0; f < nf; ++f)
      for (const auto& e : effectors) g = std::min(g, r.source(f, e.first).y());
    r.sourceGround = g;
  }
  r.targetGround = r.scale * r.sourceGround;

  // --- Pass 1: rotations transferred, root placed (Lu). ---
  std::vector<Quat> targetR(std::size_t(nf) * nt);
  r.targetPositions.resize(std::size_t(nf) * nt);
  const int troot = tl.root >= 0 ? tl.root : 0;
  const int sroot = sl.root >= 0 ? sl.root : 0;
  std::vector<Vec3> prevEffector(effectors.size(), Vec3::Zero());
  auto placeChain = [&](int f, const Vec3& rootPos) {
    const Quat* R = &targetR[std::size_t(f) * nt];
    Vec3* P = &r.targetPositions[std::size_t(f) * nt];
    for (int j = 0; j < nt; ++j) {
      const int p = target.joints[j].parent;
      P[j] = p < 0 ? (j == troot ? rootPos : trest.localT[j]) : Vec3(P[p] + R[p] * trest.localT[j]);
    }
  };
  for (int f = 0; f < nf; ++f) {
    const Quat* SR = &sourceR[std::size_t(f) * ns];
    Quat* R = &targetR[std::size_t(f) * nt];
    for (int j = 0; j < nt; ++j) {
      const int s = map.sourceOf[j];
      const int p = target.joints[j].parent;
      if (s >= 0)
        R[j] = SR[s] * carry[j];
      else
        R[j] = p < 0 ? trest.localR[j] : R[p] * trest.localR[j];
    }
    // Root translation: the source's, scaled, unless the ground constraint places it.
    Vec3 rootPos = r.scale * r.source(f, sroot);
    if (!legs && map.sourceOf[troot] < 0) rootPos = trest.localT[troot];
    if (legs && params.groundConstraint) {
      placeChain(f, Vec3::Zero());
      const Vec3* P = &r.targetPositions[std::size_t(f) * nt];
      int m = 0;
      for (int e = 1; e < int(effectors.size()); ++e)
        if (r.source(f, effectors[e].first).y() < r.source(f, effectors[m].first).y()) m = e;
      const int sm = effectors[m].first;
      Vec3 c;
      if (f == 0) {
        c = rootPos + P[effectors[m].second];
      } else {
        c = prevEffector[m] + scaleLimited * (r.source(f, sm) - r.source(f - 1, sm));
      }
      c.y() = r.targetGround + r.scale * (r.source(f, sm).y() - r.sourceGround);
      rootPos = c - P[effectors[m].second];
      double lowest = 0;
      for (const auto& e : effectors)
        lowest = std::min(lowest, rootPos.y() + P[e.second].y() - r.targetGround);
      rootPos.y() -= lowest;  // lift: Y_min < 0 pulls the root up
    }
    placeChain(f, rootPos);
    for (int e = 0; e < int(effectors.size()); ++e)
      prevEffector[e] = r.target(f, effectors[e].second);
  }

  // --- Pass 2: pin planted feet (beyond the paper). ---
  const bool canPin = params.pinFeet && legs;
  if (canPin) {
    std::vector<std::vector<Vec3>> ankles(2);
    for (int side = 0; side < 2; ++side)
      for (int f = 0; f < nf; ++f) ankles[side].push_back(r.source(f, sl.legs[side].end));
    r.contacts = detectFootContacts(ankles, r.framesPerSecond, sl.legLength, params.contacts);
    const int blend = std::max(0, int(std::lround(params.pinBlendSeconds * r.framesPerSecond)));
    std::vector<std::vector<double>> weight(2, std::vector<double>(nf, 0.0));
    std::vector<std::vector<Vec3>> goal(2, std::vector<Vec3>(nf, Vec3::Zero()));
    for (const FootContact& c : r.contacts) {
      const int ankle = tl.legs[c.foot].end;
      Vec3 pin = Vec3::Zero();
      for (int f = c.first; f <= c.last; ++f) pin += r.target(f, ankle);
      pin /= double(c.last - c.first + 1);
      for (int f = std::max(0, c.first - blend); f <= std::min(nf - 1, c.last + blend); ++f) {
        const int outside = f < c.first ? c.first - f : (f > c.last ? f - c.last : 0);
        const double w = 1.0 - double(outside) / double(blend + 1);
        if (w > weight[c.foot][f]) {
          weight[c.foot][f] = w;
          goal[c.foot][f] = pin;
        }
      }
    }
    for (int side = 0; side < 2; ++side) {
      const BodyLimb& leg = tl.legs[side];
      if (target.joints[leg.lower].parent != leg.upper ||
          target.joints[leg.end].parent != leg.lower) {
        r.notes.push_back("leg " + std::to_string(side) +
                          " of the rig is not thigh-shin-foot: feet not pinned");
        continue;
      }
      // Joints whose position depends on the leg: the subtree of the thigh.
      std::vector<int> below;
      for (int j = leg.upper; j < nt; ++j) {
        int p = j;
        while (p >= 0 && p != leg.upper) p = target.joints[p].parent;
        if (p == leg.upper) below.push_back(j);
      }
      for (int f = 0; f < nf; ++f) {
        const double w = weight[side][f];
        if (w <= 0) continue;
        Quat* R = &targetR[std::size_t(f) * nt];
        Vec3* P = &r.targetPositions[std::size_t(f) * nt];
        const Vec3 want = P[leg.end] + w * (goal[side][f] - P[leg.end]);
        const Quat endR = R[leg.end];
        Quat upperR = R[leg.upper], lowerR = R[leg.lower];
        solveTwoBoneIk(P[leg.upper], P[leg.lower], P[leg.end], want, upperR, lowerR, params.ik);
        // Thigh and shin turn; the foot keeps its global orientation, so the toes below it
        // keep theirs too and only move with the ankle.
        R[leg.lower] = lowerR;
        R[leg.end] = endR;
        R[leg.upper] = upperR;
        for (int j : below) {
          const int p = target.joints[j].parent;
          P[j] = P[p] + R[p] * trest.localT[j];
        }
      }
    }
  }

  // Pinning can put a toe under the ground: lift those frames by the depth (Lu §3.4's rule,
  // applied again after IK; vertical only, so it adds no horizontal skate).
  if (legs && params.groundConstraint) {
    for (int f = 0; f < nf; ++f) {
      double lowest = 0;
      for (const auto& e : effectors)
        lowest = std::min(lowest, r.target(f, e.second).y() - r.targetGround);
      if (lowest >= 0) continue;
      for (int j = 0; j < nt; ++j) r.targetPositions[std::size_t(f) * nt + j].y() -= lowest;
    }
  }

  // --- The clip: local rotations of every joint, root translation. ---
  r.clip.name = clip.name;
  r.clip.framesPerSecond = r.framesPerSecond;
  r.clip.duration = (nf - 1) / r.framesPerSecond;
  r.clip.channels.resize(nt);
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
    if (j == troot) {
      c.translation.resize(nf);
      for (int f = 0; f < nf; ++f) c.translation[f] = {f / r.framesPerSecond, r.target(f, j)};
    }
  }
  return r;
}

}  // namespace rw

#include "motion/ground_contact.h"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "motion/body_layout.h"
#include "motion/foot_soles.h"
#include "skin/skinning_deformer.h"

namespace rw {
namespace {

/// Per source vertex: the limb end (index into `ends`) holding it, -1 none.
std::vector<int> footOfVertex(const Character& c, const std::array<int, 4>& ends, double share) {
  const Skeleton& s = c.skeleton;
  const std::vector<int> footOfJoint = limbEndOfJoint(s, ends);
  std::vector<int> out(c.mesh.source.positions.size(), -1);
  for (std::size_t v = 0; v < out.size() && v < c.skin.perVertex.size(); ++v) {
    std::array<double, 4> w{0, 0, 0, 0};
    double total = 0;
    for (const Influence& i : c.skin.perVertex[v]) {
      if (i.joint < 0 || i.joint >= s.size()) continue;
      total += i.weight;
      if (footOfJoint[i.joint] >= 0) w[footOfJoint[i.joint]] += i.weight;
    }
    for (int side = 0; side < 4; ++side)
      if (total > 0 && w[side] >= share * total) out[v] = side;
  }
  return out;
}

}  // namespace

double restFloorHeight(const Character& c) {
  double lowest = std::numeric_limits<double>::infinity();
  for (const Eigen::Vector3d& p : c.mesh.source.positions) lowest = std::min(lowest, p.y());
  if (std::isfinite(lowest)) return lowest;
  for (const Transform& t : c.skeleton.restGlobals())
    lowest = std::min(lowest, t.translation().y());
  return std::isfinite(lowest) ? lowest : 0.0;
}

double restHeight(const Character& c) {
  double lo = std::numeric_limits<double>::infinity(), hi = -lo;
  for (const Eigen::Vector3d& p : c.mesh.source.positions)
    lo = std::min(lo, p.y()), hi = std::max(hi, p.y());
  if (!std::isfinite(lo))
    for (const Transform& t : c.skeleton.restGlobals())
      lo = std::min(lo, t.translation().y()), hi = std::max(hi, t.translation().y());
  return std::isfinite(lo) ? hi - lo : 0.0;
}

GroundContact measureGroundContact(const Character& c, const AnimationClip& clip,
                                   const std::array<int, 4>& ends,
                                   const std::vector<FootContact>& contacts,
                                   const GroundContactParams& params) {
  GroundContact g;
  g.floor = restFloorHeight(c);
  g.height = restHeight(c);
  g.framesPerSecond = clip.framesPerSecond > 0 ? clip.framesPerSecond : 30.0;
  g.frames = std::max(1, int(std::lround(clip.duration * g.framesPerSecond)) + 1);
  const std::vector<int> foot = footOfVertex(c, ends, params.footWeightShare);
  const double inf = std::numeric_limits<double>::infinity();
  g.lowest.assign(g.frames, inf);
  for (auto& s : g.sole) s.assign(g.frames, inf);
  std::array<std::vector<Eigen::Vector2d>, 4> centroid;
  for (auto& c : centroid) c.assign(g.frames, Eigen::Vector2d::Zero());
  tbb::parallel_for(0, g.frames, [&](int f) {
    const double t = std::min(clip.duration, f / g.framesPerSecond);
    const auto globals = c.skeleton.globalsFromLocals(clip.sampleLocals(c.skeleton, t));
    const auto skinned = skinCharacter(c, globals, SkinningMethod::LinearBlend);
    std::array<int, 4> count{0, 0, 0, 0};
    for (std::size_t v = 0; v < skinned.size(); ++v) {
      const double y = skinned[v].y() - g.floor;
      g.lowest[f] = std::min(g.lowest[f], y);
      if (foot[v] < 0) continue;
      g.sole[foot[v]][f] = std::min(g.sole[foot[v]][f], y);
      centroid[foot[v]][f] += Eigen::Vector2d(skinned[v].x(), skinned[v].z());
      ++count[foot[v]];
    }
    for (int side = 0; side < 4; ++side)
      if (count[side] > 0) centroid[side][f] /= count[side];
  });
  for (double y : g.lowest)
    if (std::isfinite(y)) g.maxPenetration = std::max(g.maxPenetration, -y);
  double sum = 0, skate = 0;
  int steps = 0;
  for (const FootContact& contact : contacts) {
    if (contact.foot < 0 || contact.foot > 3) continue;
    const int first = std::max(0, contact.first), last = std::min(g.frames - 1, contact.last);
    for (int f = first; f <= last; ++f) {
      const double y = g.sole[contact.foot][f];
      if (!std::isfinite(y)) continue;
      sum += y;
      g.maxPlantedOffset = std::max(g.maxPlantedOffset, std::abs(y));
      g.maxPlantedFloat = std::max(g.maxPlantedFloat, y);
      ++g.plantedFootFrames;
      if (f > first) {
        skate += (centroid[contact.foot][f] - centroid[contact.foot][f - 1]).norm();
        ++steps;
      }
    }
  }
  if (g.plantedFootFrames > 0) g.meanPlantedOffset = sum / g.plantedFootFrames;
  if (steps > 0) g.plantedSkate = skate / steps * g.framesPerSecond;
  return g;
}

GroundContact measureClipGroundContact(const Character& c, const AnimationClip& clip,
                                       const GroundContactParams& params) {
  const BodyLayout layout = analyzeBodyLayout(c.skeleton);
  std::array<int, 4> ends{-1, -1, -1, -1};
  for (int side = 0; side < 2; ++side) {
    if (layout.legs[side].valid()) ends[side] = layout.legs[side].end;
    if (layout.arms[side].valid()) ends[2 + side] = layout.arms[side].end;
  }
  std::vector<FootContact> contacts;
  if (layout.hasLegs()) {
    const double fps = clip.framesPerSecond > 0 ? clip.framesPerSecond : 30.0;
    const int frames = std::max(1, int(std::lround(clip.duration * fps)) + 1);
    std::vector<std::vector<Eigen::Vector3d>> ankles(2);
    for (int f = 0; f < frames; ++f) {
      const auto globals = c.skeleton.globalsFromLocals(
          clip.sampleLocals(c.skeleton, std::min(clip.duration, f / fps)));
      for (int side = 0; side < 2; ++side)
        ankles[side].push_back(globals[ends[side]].translation());
    }
    contacts = detectFootContacts(ankles, fps, layout.legLength);
  }
  return measureGroundContact(c, clip, ends, contacts, params);
}

}  // namespace rw

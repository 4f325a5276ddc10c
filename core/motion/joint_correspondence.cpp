#include "motion/joint_correspondence.h"

#include <cmath>
#include <unordered_map>

#include "motion/standing_limb_match.h"

namespace rw {
namespace {

/// Fraction of the chain's rest length at each joint's head (the last joint at 1).
std::vector<double> chainFractions(const Skeleton& s, const std::vector<int>& chain, int base) {
  const std::vector<Transform> rest = s.restGlobals();
  std::vector<double> along;
  double sum = 0;
  Eigen::Vector3d prev = rest[base].translation();
  for (int j : chain) {
    sum += (rest[j].translation() - prev).norm();
    prev = rest[j].translation();
    along.push_back(sum);
  }
  for (std::size_t i = 0; i < along.size(); ++i)
    along[i] = sum > 0 ? along[i] / sum : double(i + 1) / double(along.size());
  return along;
}

void matchChain(const Skeleton& src, const std::vector<int>& srcChain, int srcBase,
                const Skeleton& tgt, const std::vector<int>& tgtChain, int tgtBase,
                std::vector<int>& sourceOf) {
  if (srcChain.empty() || tgtChain.empty() || srcBase < 0 || tgtBase < 0) return;
  // One to one: each source joint drives the target joint nearest to it along the chain;
  // the chain ends (chest, head) always correspond.
  const auto fs = chainFractions(src, srcChain, srcBase);
  const auto ft = chainFractions(tgt, tgtChain, tgtBase);
  std::vector<bool> taken(tgtChain.size(), false);
  taken.back() = true;
  sourceOf[tgtChain.back()] = srcChain.back();
  for (std::size_t k = 0; k + 1 < fs.size(); ++k) {
    int best = -1;
    for (std::size_t i = 0; i + 1 < ft.size(); ++i)
      if (!taken[i] && (best < 0 || std::abs(ft[i] - fs[k]) < std::abs(ft[best] - fs[k])))
        best = int(i);
    if (best < 0) break;
    taken[best] = true;
    sourceOf[tgtChain[best]] = srcChain[k];
  }
}

/// A limb's joints: by height where both limbs stand on the floor (StandingLimbParams), else
/// role to role.
/// Returns whether both stand.
bool matchLimb(const std::optional<RigBody>& source, const BodyLimb& s,
               const std::optional<RigBody>& target, const BodyLimb& t,
               const StandingLimbParams& params, std::vector<int>& sourceOf) {
  if (!s.valid() || !t.valid()) return false;
  if (params.enabled && source && target) {
    const auto sp = standingProfile(*source, s, params);
    const auto tp = standingProfile(*target, t, params);
    if (sp && tp) {
      for (const auto& [sj, tj] : alignStandingLimbs(*sp, *tp, params)) sourceOf[tj] = sj;
      return true;
    }
  }
  const std::array<int, 5> sr = s.roles(), tr = t.roles();
  for (int r = 0; r < 5; ++r)
    if (sr[r] >= 0 && tr[r] >= 0) sourceOf[tr[r]] = sr[r];
  return false;
}

/// The joint both legs hang from (nearest common ancestor of the thighs), or -1.
int pelvisOf(const Skeleton& s, const BodyLayout& layout) {
  if (!layout.legs[0].valid() || !layout.legs[1].valid()) return -1;
  std::vector<bool> above(s.size(), false);
  for (int j = layout.legs[0].upper; j >= 0; j = s.joints[j].parent) above[j] = true;
  for (int j = s.joints[layout.legs[1].upper].parent; j >= 0; j = s.joints[j].parent)
    if (above[j]) return j;
  return -1;
}

}  // namespace

int JointCorrespondence::mappedCount() const {
  int n = 0;
  for (int s : sourceOf) n += s >= 0 ? 1 : 0;
  return n;
}

Expected<JointCorrespondence> matchJoints(const Skeleton& source, const Skeleton& target,
                                          const std::map<std::string, std::string>& userMap,
                                          const JointMatchParams& params) {
  if (source.empty()) return Error{"the motion has no skeleton"};
  if (target.empty()) return Error{"the rig has no skeleton"};
  JointCorrespondence m;
  m.source = analyzeBodyLayout(source, params.layout);
  m.target = analyzeBodyLayout(target, params.layout);
  m.sourceOf.assign(target.size(), -1);
  auto body = [](const Skeleton& skeleton, const BodyLayout& layout,
                 const std::optional<BodyExtent>& given) -> std::optional<RigBody> {
    std::vector<Transform> rest = skeleton.restGlobals();
    const std::optional<BodyExtent> extent = given ? given : skeletonExtent(skeleton, layout, rest);
    if (!extent) return std::nullopt;
    return RigBody{skeleton, layout, std::move(rest), *extent};
  };
  const std::optional<RigBody> sourceBody = body(source, m.source, params.sourceBody);
  const std::optional<RigBody> targetBody = body(target, m.target, params.targetBody);

  // 1. Body roles.
  const BodyLayout& s = m.source;
  const BodyLayout& t = m.target;
  m.sourceOf[t.root] = s.root;
  matchChain(source, s.spine, s.root, target, t.spine, t.root, m.sourceOf);
  matchChain(source, s.neck, s.chest >= 0 ? s.chest : s.root, target, t.neck,
             t.chest >= 0 ? t.chest : t.root, m.sourceOf);
  if (!s.tail.empty() && !t.tail.empty())
    matchChain(source, s.tail, source.joints[s.tail.front()].parent, target, t.tail,
               target.joints[t.tail.front()].parent, m.sourceOf);
  for (int side = 0; side < 2; ++side) {
    m.standsInBoth[2 + side] = matchLimb(sourceBody, s.arms[side], targetBody, t.arms[side],
                                         params.standingLimbs, m.sourceOf);
    m.standsInBoth[side] = matchLimb(sourceBody, s.legs[side], targetBody, t.legs[side],
                                     params.standingLimbs, m.sourceOf);
  }
  // The pelvis, the joint both legs hang from, turns as the source's pelvis does: a source
  // root that is a control above it (a bull's Root between its front and back spines, whose
  // spin its children undo) would turn the target's hips with a rotation the source's own hips
  // never make.
  const int sourcePelvis = pelvisOf(source, s), targetPelvis = pelvisOf(target, t);
  if (sourcePelvis >= 0 && targetPelvis >= 0 && sourcePelvis != s.root)
    m.sourceOf[targetPelvis] = sourcePelvis;

  // 2. Equal normalized names for what the roles left out.
  std::vector<bool> used(source.size(), false);
  for (int j : m.sourceOf)
    if (j >= 0) used[j] = true;
  std::unordered_map<std::string, int> byKey;
  for (int j = 0; j < source.size(); ++j)
    if (!used[j]) byKey.emplace(normalizedJointKey(source.joints[j].name), j);
  for (int j = 0; j < target.size(); ++j) {
    if (m.sourceOf[j] >= 0) continue;
    auto it = byKey.find(normalizedJointKey(target.joints[j].name));
    if (it != byKey.end() && !used[it->second]) {
      m.sourceOf[j] = it->second;
      used[it->second] = true;
    }
  }

  // 3. The user's map wins.
  for (const auto& [srcName, tgtName] : userMap) {
    const int sj = source.indexOf(srcName);
    const int tj = target.indexOf(tgtName);
    if (sj < 0) return Error{"joint map: the motion has no joint '" + srcName + "'"};
    if (tj < 0) return Error{"joint map: the rig has no joint '" + tgtName + "'"};
    m.sourceOf[tj] = sj;
  }

  if (m.mappedCount() == 0)
    return Error{"no joint of the motion corresponds to a joint of the rig"};
  used.assign(source.size(), false);
  for (int j : m.sourceOf)
    if (j >= 0) used[j] = true;
  for (int j = 0; j < source.size(); ++j)
    if (!used[j]) m.unmappedSource.push_back(source.joints[j].name);
  for (int j = 0; j < target.size(); ++j)
    if (m.sourceOf[j] < 0) m.unmappedTarget.push_back(target.joints[j].name);
  return m;
}

}  // namespace rw

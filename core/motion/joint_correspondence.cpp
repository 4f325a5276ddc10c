#include "motion/joint_correspondence.h"

#include <cmath>
#include <limits>
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

/// Pairs of inner joints (indices into two chains' inner joints at places `fs` and `ft` along
/// them) that keep both chains' order: as many pairs as the shorter chain has joints, at the least
/// total difference of place. Nearest-first pairing crossed joints where two rigs of one body cut
/// a neck differently (a root on the floor puts the first neck joint far up the chain): the
/// first neck joint drove the second and the second the first.
std::vector<std::pair<int, int>> orderedPairs(const std::vector<double>& fs,
                                              const std::vector<double>& ft) {
  const int n = int(fs.size()), m = int(ft.size());
  const double inf = std::numeric_limits<double>::infinity();
  // cost[i][j]: the first i source joints against the first j target joints, the longer
  // chain's extra joints skipped.
  std::vector<std::vector<double>> cost(n + 1, std::vector<double>(m + 1, inf));
  cost[0][0] = 0.0;
  for (int i = 0; i <= n; ++i)
    for (int j = 0; j <= m; ++j) {
      if (i > 0 && j > 0)
        cost[i][j] = std::min(cost[i][j], cost[i - 1][j - 1] + std::abs(fs[i - 1] - ft[j - 1]));
      if (j > 0 && n <= m) cost[i][j] = std::min(cost[i][j], cost[i][j - 1]);
      if (i > 0 && n > m) cost[i][j] = std::min(cost[i][j], cost[i - 1][j]);
    }
  std::vector<std::pair<int, int>> pairs;
  for (int i = n, j = m; i > 0 && j > 0;) {
    if (cost[i][j] == cost[i - 1][j - 1] + std::abs(fs[i - 1] - ft[j - 1])) {
      pairs.emplace_back(i - 1, j - 1);
      --i, --j;
    } else if (n <= m) {
      --j;
    } else {
      --i;
    }
  }
  return pairs;
}

void matchChain(const Skeleton& src, const std::vector<int>& srcChain, int srcBase,
                const Skeleton& tgt, const std::vector<int>& tgtChain, int tgtBase,
                std::vector<int>& sourceOf) {
  if (srcChain.empty() || tgtChain.empty() || srcBase < 0 || tgtBase < 0) return;
  // One to one, in order: the chain ends (chest, head) correspond, and the inner joints pair
  // by their places along the chains.
  std::vector<double> fs = chainFractions(src, srcChain, srcBase);
  std::vector<double> ft = chainFractions(tgt, tgtChain, tgtBase);
  sourceOf[tgtChain.back()] = srcChain.back();
  fs.pop_back(), ft.pop_back();
  for (const auto& [k, i] : orderedPairs(fs, ft)) sourceOf[tgtChain[i]] = srcChain[k];
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

#include "motion/body_layout.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace rw {
namespace {

// A four-legged rig names its forelegs after legs too ("ForeLeg", "front_thigh"): "fore" and
// "front" count for the arm, "hind" and "rear" for the leg, so the forelegs take the arms' roles
// and the hind legs the legs'.
const std::vector<std::string> kLegWords = {"leg",  "thigh", "knee", "shin", "calf", "ankle",
                                            "foot", "toe",   "hip",  "hind", "rear"};
const std::vector<std::string> kArmWords = {"arm",   "shoulder", "clavicle", "collar",
                                            "elbow", "wrist",    "hand",     "finger",
                                            "thumb", "fore",     "front"};

struct Geometry {
  std::vector<Eigen::Vector3d> head;
  std::vector<double> length;  ///< rest bone length (to the mean child head, or the tail)
  std::vector<std::vector<int>> children;
};

Geometry geometryOf(const Skeleton& s) {
  Geometry g;
  const std::vector<Transform> rest = s.restGlobals();
  for (const Transform& t : rest) g.head.push_back(t.translation());
  g.children.resize(s.size());
  for (int j = 0; j < s.size(); ++j)
    if (s.joints[j].parent >= 0) g.children[s.joints[j].parent].push_back(j);
  double height = 0;
  for (const auto& p : g.head) height = std::max(height, std::abs(p.y() - g.head[0].y()));
  for (const BoneShape& b : s.boneShapes(height)) g.length.push_back(b.length());
  return g;
}

/// The joints' greatest height difference from the root.
double skeletonHeight(const Geometry& g, int root) {
  double height = 0;
  for (const auto& p : g.head) height = std::max(height, std::abs(p.y() - g.head[root].y()));
  return height;
}

/// Path from `start` to the leaf that is farthest along the bones.
std::vector<int> longestChain(const Geometry& g, int start) {
  std::vector<int> best{start};
  double bestLength = -1;
  std::vector<std::pair<std::vector<int>, double>> stack{{{start}, 0.0}};
  while (!stack.empty()) {
    auto [path, length] = std::move(stack.back());
    stack.pop_back();
    const int last = path.back();
    if (g.children[last].empty()) {
      const double total = length + g.length[last];
      if (total > bestLength) bestLength = total, best = path;
      continue;
    }
    for (int c : g.children[last]) {
      auto next = path;
      next.push_back(c);
      stack.push_back({std::move(next), length + (g.head[c] - g.head[last]).norm()});
    }
  }
  return best;
}

double chainLength(const Geometry& g, const std::vector<int>& chain) {
  double sum = 0;
  for (std::size_t i = 0; i + 1 < chain.size(); ++i)
    sum += (g.head[chain[i + 1]] - g.head[chain[i]]).norm();
  return sum + g.length[chain.back()];
}

bool keyHas(const Skeleton& s, int j, const std::vector<std::string>& parts) {
  const std::string key = normalizedJointKey(s.joints[j].name);
  for (const std::string& p : parts)
    if (key.find(p) != std::string::npos) return true;
  return false;
}

BodyLimb rolesFrom(const std::vector<int>& chain, std::size_t upper) {
  BodyLimb limb;
  limb.collar = upper > 0 ? chain[upper - 1] : -1;
  limb.upper = chain[upper];
  limb.lower = chain[upper + 1];
  limb.end = chain[upper + 2];
  limb.tip = upper + 3 < chain.size() ? chain[upper + 3] : -1;
  return limb;
}

/// Roles inside a limb chain. The hand / foot and the forearm / shin are named alike in every
/// convention we know (hand, wrist, foot, ankle; forearm, elbow, knee, shin, calf), unlike the
/// upper bones ("shoulder" is the collarbone for CMU, the upper arm for others), so those
/// names place the limb; without them the two consecutive bones with the largest summed length
/// are the upper and lower bones.
BodyLimb limbRoles(const Skeleton& s, const Geometry& g, const std::vector<int>& chain) {
  if (chain.size() < 3) return {};
  static const std::vector<std::string> kEnd = {"hand", "wrist", "foot", "ankle"};
  static const std::vector<std::string> kLower = {"forearm", "elbow", "lowerarm", "knee",
                                                  "shin",    "calf",  "lowerleg"};
  for (std::size_t k = 2; k < chain.size(); ++k)
    if (keyHas(s, chain[k], kEnd)) return rolesFrom(chain, k - 2);
  for (std::size_t k = 1; k + 1 < chain.size(); ++k)
    if (keyHas(s, chain[k], kLower)) return rolesFrom(chain, k - 1);
  auto bone = [&](std::size_t k) {
    return k + 1 < chain.size() ? (g.head[chain[k + 1]] - g.head[chain[k]]).norm()
                                : g.length[chain[k]];
  };
  std::size_t bestK = 0;
  double best = -1;
  for (std::size_t k = 0; k + 2 < chain.size(); ++k) {
    const double sum = bone(k) + bone(k + 1);
    if (sum > best + 1e-12) best = sum, bestK = k;
  }
  return rolesFrom(chain, bestK);
}

int commonAncestor(const Skeleton& s, int a, int b) {
  std::vector<bool> onPath(s.size(), false);
  for (int j = a; j >= 0; j = s.joints[j].parent) onPath[j] = true;
  for (int j = b; j >= 0; j = s.joints[j].parent)
    if (onPath[j]) return j;
  return -1;
}

std::vector<int> pathBetween(const Skeleton& s, int ancestor, int descendant) {
  std::vector<int> path;
  for (int j = descendant; j >= 0 && j != ancestor; j = s.joints[j].parent) path.push_back(j);
  std::reverse(path.begin(), path.end());
  return path;
}

int wordScore(const Skeleton& s, const std::vector<int>& chain,
              const std::vector<std::string>& words) {
  int score = 0;
  for (int j : chain) score += nameHasWord(s.joints[j].name, words) ? 1 : 0;
  return score;
}

}  // namespace

namespace {

/// Joints in each joint's subtree, itself included.
std::vector<int> subtreeSizes(const Skeleton& s) {
  std::vector<int> subtree(s.size(), 1);
  for (int j = s.size() - 1; j >= 0; --j)
    if (s.joints[j].parent >= 0) subtree[s.joints[j].parent] += subtree[j];
  return subtree;
}

/// The body's root: the root with the largest subtree. A production rig's master control
/// ("root" on the ground, carrying the hips and the IK controls) is not the body: descend to the
/// one deform joint all its deform bones hang from. A control joining two deform trees (an
/// animated root node) stays the root.
int bodyRoot(const Skeleton& s, const std::vector<int>& subtree) {
  int root = -1;
  for (int r : s.roots())
    if (root < 0 || subtree[r] > subtree[root]) root = r;
  std::vector<char> deformBelow(s.size(), 0);
  for (int j = s.size() - 1; j >= 0; --j) {
    deformBelow[j] = deformBelow[j] || s.joints[j].deform;
    if (s.joints[j].parent >= 0 && deformBelow[j]) deformBelow[s.joints[j].parent] = 1;
  }
  while (!s.joints[root].deform) {
    std::vector<int> carriers;
    for (int c : s.children(root))
      if (deformBelow[c]) carriers.push_back(c);
    if (carriers.size() != 1) break;
    root = carriers.front();
  }
  return root;
}

/// Sides: from names, inherited by unnamed children; by position when no name has a side. The
/// root is the body's centre whatever its name says (a root may be named after one side's
/// pelvis).
std::vector<BodySide> bodySides(const Skeleton& s, const Geometry& g, int root,
                                const BodyLayoutParams& params) {
  double height = 0;
  for (const auto& p : g.head) height = std::max(height, std::abs(p.y() - g.head[root].y()));
  std::vector<BodySide> sides(s.size(), BodySide::Center);
  bool anyNamed = false;
  for (int j = 0; j < s.size(); ++j) {
    sides[j] = sideFromName(s.joints[j].name);
    anyNamed = anyNamed || sides[j] != BodySide::Center;
  }
  for (int j = 0; j < s.size(); ++j) {
    const int p = s.joints[j].parent;
    if (!anyNamed) {
      const double x = g.head[j].x() - g.head[root].x();
      if (std::abs(x) > params.sideByPositionFraction * height)
        sides[j] = x > 0 ? BodySide::Left : BodySide::Right;
    }
    if (sides[j] == BodySide::Center && p >= 0 && p != root) sides[j] = sides[p];
  }
  for (int r : s.roots()) sides[r] = BodySide::Center;
  for (int j = 0; j < s.size(); ++j) {
    const int p = s.joints[j].parent;
    if (p >= 0 && sideFromName(s.joints[j].name) == BodySide::Center)
      sides[j] = p == root ? (anyNamed ? BodySide::Center : sides[j]) : sides[p];
  }
  return sides;
}

/// A leg ends below the body's root; a root on the ground (a game rig's master bone, which may
/// skin nothing or be in the skin all the same) says nothing, so then below the joints' mean
/// height.
double legReferenceHeight(const Geometry& g, int root, const BodyLayoutParams& params) {
  double legReference = g.head[root].y();
  double lo = legReference, hi = legReference, sum = 0;
  for (const auto& p : g.head) lo = std::min(lo, p.y()), hi = std::max(hi, p.y()), sum += p.y();
  if (legReference < lo + params.groundRootFraction * (hi - lo))
    legReference = sum / double(g.head.size());
  return legReference;
}

/// One side's limbs. Limb roots are that side's joints under a joint of another side; the leg
/// is the limb with the most leg words (else the one reaching lowest) if it ends below
/// `legReference`, the arm the remaining one with the most arm words (else the longest).
void sideLimbs(const Skeleton& s, const Geometry& g, int side, double legReference,
               const BodyLayoutParams& params, BodyLayout& layout) {
  const BodySide want = side == 0 ? BodySide::Left : BodySide::Right;
  struct Candidate {
    std::vector<int> chain;
    double length;
    int legScore, armScore;
    double lowest;
    int hops;  ///< joints from the body's root down to the limb's first joint
  };
  auto hopsFromRoot = [&](int j) {
    int n = 0;
    for (; j >= 0 && j != layout.root; j = s.joints[j].parent) ++n;
    return j == layout.root ? n : s.size();
  };
  const double standing = params.stanceFraction * skeletonHeight(g, layout.root);
  std::vector<Candidate> limbs;
  double longest = 0;
  for (int j = 0; j < s.size(); ++j) {
    const int p = s.joints[j].parent;
    if (layout.sides[j] != want || (p >= 0 && layout.sides[p] == want)) continue;
    Candidate c{longestChain(g, j), 0, 0, 0, 0, hopsFromRoot(j)};
    c.length = chainLength(g, c.chain);
    c.legScore = wordScore(s, c.chain, kLegWords);
    c.armScore = wordScore(s, c.chain, kArmWords);
    c.lowest = g.head[c.chain.back()].y() - legReference;
    longest = std::max(longest, c.length);
    limbs.push_back(std::move(c));
  }
  std::erase_if(limbs, [&](const Candidate& c) {
    return c.length < params.minLimbFraction * longest || c.chain.size() < 3;
  });
  if (limbs.empty()) return;
  // Names first; then the lower limb, or, when both stand on the ground (four legs named alike),
  // the one hanging nearer the root: the pelvis carries the hind legs.
  auto legIt = std::max_element(limbs.begin(), limbs.end(), [&](const auto& a, const auto& b) {
    if (a.legScore - a.armScore != b.legScore - b.armScore)
      return a.legScore - a.armScore < b.legScore - b.armScore;
    if (std::abs(a.lowest - b.lowest) <= standing && a.hops != b.hops) return a.hops > b.hops;
    return a.lowest > b.lowest;
  });
  if (legIt->lowest < 0) {
    layout.legs[side] = limbRoles(s, g, legIt->chain);
    limbs.erase(legIt);
  }
  if (limbs.empty()) return;
  auto armIt = std::max_element(limbs.begin(), limbs.end(), [](const auto& a, const auto& b) {
    if (a.armScore != b.armScore) return a.armScore < b.armScore;
    return a.length < b.length;
  });
  layout.arms[side] = limbRoles(s, g, armIt->chain);
}

/// Chest: where both arms branch off (the one arm's parent with one arm); spine: root to chest.
void chestAndSpine(const Skeleton& s, BodyLayout& layout) {
  auto armStart = [&](const BodyLimb& a) { return a.collar >= 0 ? a.collar : a.upper; };
  if (layout.arms[0].valid() && layout.arms[1].valid())
    layout.chest = commonAncestor(s, armStart(layout.arms[0]), armStart(layout.arms[1]));
  else if (layout.arms[0].valid() || layout.arms[1].valid())
    layout.chest =
        s.joints[armStart(layout.arms[0].valid() ? layout.arms[0] : layout.arms[1])].parent;
  if (layout.chest >= 0) layout.spine = pathBetween(s, layout.root, layout.chest);
}

/// Per joint: whether a leg's thigh hangs in its subtree (the way to the hind legs, not the
/// neck).
std::vector<bool> holdsLegs(const Skeleton& s, const BodyLayout& layout) {
  std::vector<bool> holds(s.size(), false);
  for (const BodyLimb& leg : layout.legs)
    if (leg.valid())
      for (int j = leg.upper; j >= 0; j = s.joints[j].parent) holds[j] = true;
  return holds;
}

/// Neck and head, in the chest's centre subtree away from the legs: the joint nearest the chest
/// with "head" among its name's words, else follow single centre children from the chest until
/// a joint branches (a head carrying face bones).
void neckAndHead(const Skeleton& s, const Geometry& g, const std::vector<int>& subtree,
                 BodyLayout& layout) {
  const int root = layout.root;
  const int neckBase = layout.chest >= 0 ? layout.chest : root;
  const std::vector<bool> legward = holdsLegs(s, layout);
  std::vector<bool> inCentre(s.size(), false);
  std::vector<int> depth(s.size(), 0);
  for (int j = 0; j < s.size(); ++j) {
    const int p = s.joints[j].parent;
    if (p < 0 || layout.sides[j] != BodySide::Center || legward[j]) continue;
    if (p == neckBase || inCentre[p])
      inCentre[j] = true, depth[j] = p == neckBase ? 1 : depth[p] + 1;
  }
  std::vector<int> centreChildren;
  for (int c : g.children[neckBase])
    if (inCentre[c] && (layout.chest >= 0 || g.head[c].y() > g.head[root].y()))
      centreChildren.push_back(c);
  // Named: nearest the chest in its centre subtree, else anywhere in the centre away from the
  // legs (a game rig may hang the head from the pelvis).
  auto hops = [&](int j) {
    int n = 0;
    for (int p = s.joints[j].parent; p >= 0; p = s.joints[p].parent) ++n;
    return n;
  };
  auto rank = [&](int j) { return inCentre[j] ? depth[j] : s.size() + hops(j); };
  for (int j = 0; j < s.size(); ++j) {
    if (layout.sides[j] != BodySide::Center || legward[j] || j == root) continue;
    const std::vector<std::string> words = nameWords(s.joints[j].name);
    if (std::find(words.begin(), words.end(), "head") == words.end()) continue;
    if (layout.head < 0 || rank(j) < rank(layout.head)) layout.head = j;
  }
  if (layout.head < 0 && !centreChildren.empty()) {
    int j = *std::max_element(centreChildren.begin(), centreChildren.end(),
                              [&](int a, int b) { return subtree[a] < subtree[b]; });
    while (true) {
      std::vector<int> next;
      for (int c : g.children[j])
        if (inCentre[c]) next.push_back(c);
      if (next.size() != 1 || g.children[j].size() != 1) break;
      j = next[0];
    }
    layout.head = j;
  }
  if (layout.head < 0) return;
  layout.neck =
      inCentre[layout.head] ? pathBetween(s, neckBase, layout.head) : std::vector<int>{layout.head};
}

/// The legs' mean rest length, thigh plus shin.
double meanLegLength(const Geometry& g, const BodyLayout& layout) {
  double length = 0;
  int legs = 0;
  for (const BodyLimb& leg : layout.legs) {
    if (!leg.valid()) continue;
    length += (g.head[leg.lower] - g.head[leg.upper]).norm() +
              (g.head[leg.end] - g.head[leg.lower]).norm();
    ++legs;
  }
  return legs > 0 ? length / legs : 0.0;
}

/// The horizontal way the body faces at rest, or zero when the rest pose does not say: a
/// four-legged stance (forelegs reaching as low as the hind legs) faces from the hind legs to
/// the forelegs; else both feet's toes pointing one way say it.
Eigen::Vector3d restFacing(const Geometry& g, const BodyLayout& layout,
                           const BodyLayoutParams& params) {
  auto horizontal = [](Eigen::Vector3d v) {
    v.y() = 0;
    return v;
  };
  if (!layout.hasLegs()) return {0, 0, 0};
  const double height = skeletonHeight(g, layout.root);
  if (layout.arms[0].valid() && layout.arms[1].valid()) {
    auto mean = [&](const std::array<BodyLimb, 2>& pair, auto role) {
      return 0.5 * (g.head[pair[0].*role] + g.head[pair[1].*role]);
    };
    const double armsLow = mean(layout.arms, &BodyLimb::end).y();
    const double legsLow = mean(layout.legs, &BodyLimb::end).y();
    const Eigen::Vector3d ahead =
        horizontal(mean(layout.arms, &BodyLimb::upper) - mean(layout.legs, &BodyLimb::upper));
    if (armsLow - legsLow < params.stanceFraction * height &&
        ahead.norm() > params.stanceFacingFraction * height)
      return ahead.normalized();
  }
  if (layout.legs[0].tip < 0 || layout.legs[1].tip < 0) return {0, 0, 0};
  Eigen::Vector3d toes[2];
  for (int side = 0; side < 2; ++side) {
    const BodyLimb& leg = layout.legs[side];
    toes[side] = horizontal(g.head[leg.tip] - g.head[leg.end]);
    const double foot = (g.head[leg.tip] - g.head[leg.end]).norm();
    if (foot <= 0 || toes[side].norm() < params.toeFacingReach * foot) return {0, 0, 0};
    toes[side].normalize();
  }
  const Eigen::Vector3d mean = (toes[0] + toes[1]).normalized();
  if (mean.dot(toes[0]) < params.toeFacingCosine || mean.dot(toes[1]) < params.toeFacingCosine)
    return {0, 0, 0};
  return mean;
}

/// Exchanges a limb pair whose named left lies on the body's right (left = up x facing), with
/// the sides of every joint in both limbs; returns the pairs exchanged.
int exchangeMisnamedSides(const Geometry& g, const Eigen::Vector3d& facing,
                          const BodyLayoutParams& params, BodyLayout& layout) {
  if (facing.isZero()) return 0;
  const double minSpread = params.sideByPositionFraction * skeletonHeight(g, layout.root);
  const Eigen::Vector3d left = Eigen::Vector3d::UnitY().cross(facing);
  int exchanged = 0;
  for (auto* pair : {&layout.arms, &layout.legs}) {
    if (!(*pair)[0].valid() || !(*pair)[1].valid()) continue;
    // Whole limbs, not their first joints: two thighs may start at one pelvis point.
    auto centre = [&](const BodyLimb& limb) {
      return (g.head[limb.upper] + g.head[limb.lower] + g.head[limb.end]) / 3.0;
    };
    const double spread = (centre((*pair)[0]) - centre((*pair)[1])).dot(left);
    if (spread > -minSpread) continue;
    std::swap((*pair)[0], (*pair)[1]);
    for (const BodyLimb& limb : *pair)
      for (int start : {limb.collar, limb.upper}) {
        if (start < 0) continue;
        const BodySide side =
            layout.sides[start] == BodySide::Left ? BodySide::Right : BodySide::Left;
        std::vector<int> stack{start};
        while (!stack.empty()) {
          const int j = stack.back();
          stack.pop_back();
          layout.sides[j] = side;
          for (int c : g.children[j]) stack.push_back(c);
        }
        break;
      }
    ++exchanged;
  }
  return exchanged;
}

/// The tail: the longest chain of centre joints hanging from the body's root that is not the
/// spine, the neck or a leg's way, reaching away from the chest (from the head without one) and
/// at least params.minTailFraction of the spine's length long; empty when there is none.
std::vector<int> tailChain(const Skeleton& s, const Geometry& g, const BodyLayout& layout,
                           const BodyLayoutParams& params) {
  const int root = layout.root;
  const int front = layout.chest >= 0 ? layout.chest : layout.head;
  if (root < 0 || front < 0 || front == root) return {};
  const Eigen::Vector3d forward = g.head[front] - g.head[root];
  const std::vector<bool> legward = holdsLegs(s, layout);
  std::vector<bool> headward(s.size(), false);
  for (int j : {layout.chest, layout.head})
    for (; j >= 0; j = s.joints[j].parent) headward[j] = true;
  std::vector<int> best;
  double bestLength = params.minTailFraction * forward.norm();
  for (int c : g.children[root]) {
    if (layout.sides[c] != BodySide::Center || legward[c] || headward[c] || !s.joints[c].deform)
      continue;
    std::vector<int> chain = longestChain(g, c);
    if (chain.size() < 2 || (g.head[chain.back()] - g.head[root]).dot(forward) >= 0) continue;
    const double length = chainLength(g, chain);
    if (length > bestLength) bestLength = length, best = std::move(chain);
  }
  return best;
}

}  // namespace

BodyLayout analyzeBodyLayout(const Skeleton& s, const BodyLayoutParams& params) {
  BodyLayout layout;
  if (s.empty()) return layout;
  const Geometry g = geometryOf(s);
  const std::vector<int> subtree = subtreeSizes(s);
  layout.root = bodyRoot(s, subtree);
  layout.sides = bodySides(s, g, layout.root, params);
  const double legReference = legReferenceHeight(g, layout.root, params);
  for (int side = 0; side < 2; ++side) sideLimbs(s, g, side, legReference, params, layout);
  chestAndSpine(s, layout);
  neckAndHead(s, g, subtree, layout);
  layout.tail = tailChain(s, g, layout, params);
  layout.sidesExchanged = exchangeMisnamedSides(g, restFacing(g, layout, params), params, layout);
  layout.legLength = meanLegLength(g, layout);
  return layout;
}

}  // namespace rw

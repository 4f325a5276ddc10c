#include "retarget/joint_placement.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace rw {
namespace {

double angleBetween(const Eigen::Vector3d& a, const Eigen::Vector3d& b) {
  const double na = a.norm(), nb = b.norm();
  if (na < 1e-300 || nb < 1e-300) return 0.0;
  return std::atan2(a.cross(b).norm(), a.dot(b));
}

double distanceToSegment(const Eigen::Vector3d& p, const Eigen::Vector3d& a,
                         const Eigen::Vector3d& b) {
  const Eigen::Vector3d ab = b - a;
  const double len2 = ab.squaredNorm();
  const double t = len2 > 0.0 ? std::clamp((p - a).dot(ab) / len2, 0.0, 1.0) : 0.0;
  return (a + t * ab - p).norm();
}

}  // namespace

std::vector<Eigen::Vector3d> resamplePath(const std::vector<Eigen::Vector3d>& path, int count) {
  std::vector<Eigen::Vector3d> out;
  if (path.empty() || count < 1) return out;
  if (count == 1 || path.size() == 1) return std::vector<Eigen::Vector3d>(count, path.front());
  std::vector<double> along(path.size(), 0.0);
  for (std::size_t i = 1; i < path.size(); ++i)
    along[i] = along[i - 1] + (path[i] - path[i - 1]).norm();
  const double total = along.back();
  out.reserve(count);
  std::size_t segment = 0;
  for (int k = 0; k < count; ++k) {
    const double s = total * k / (count - 1);
    while (segment + 2 < path.size() && along[segment + 1] < s) ++segment;
    const double span = along[segment + 1] - along[segment];
    const double t = span > 0.0 ? std::clamp((s - along[segment]) / span, 0.0, 1.0) : 0.0;
    out.push_back(path[segment] + t * (path[segment + 1] - path[segment]));
  }
  out.front() = path.front();
  out.back() = path.back();
  return out;
}

namespace {

/// Equation 1's terms over the m path samples, tabulated for the DP: per bone and sample pair the
/// length term (the chain first scaled to the path) and the distance term (the largest distance
/// of the samples between, in path lengths); per joint and three samples the angle term.
class PlacementTerms {
 public:
  /// `pinnedSample`: per chain point, the only sample it may take (-1: any).
  PlacementTerms(const std::vector<Eigen::Vector3d>& chain, std::vector<Eigen::Vector3d> samples,
                 double pathLength, const PlacementParams& params, const PlacementOptions& options,
                 std::vector<int> pinnedSample)
      : v_(std::move(samples)),
        pinnedSample_(std::move(pinnedSample)),
        m_(int(v_.size())),
        t_(int(chain.size()) - 1),
        pathLength_(pathLength),
        firstAngleFree_(options.firstAngleFree),
        params_(params),
        boneLength_(t_),
        restAngle_(t_ + 1, 0.0),
        reach_(std::size_t(m_) * m_, 0.0),
        direction_(std::size_t(m_) * m_, Eigen::Vector3d::Zero()) {
    double chainLength = 0.0;
    for (int i = 0; i < t_; ++i) chainLength += boneLength_[i] = (chain[i + 1] - chain[i]).norm();
    scale_ = options.scale > 0.0 ? options.scale
             : chainLength > 0.0 ? pathLength_ / chainLength
                                 : 1.0;
    for (int i = 1; i < t_; ++i)
      restAngle_[i] = angleBetween(chain[i] - chain[i - 1], chain[i + 1] - chain[i]);
    for (int a = 0; a < m_; ++a)
      for (int b = a + 1; b < m_; ++b) {
        double worst = 0.0;
        for (int k = a + 1; k < b; ++k)
          worst = std::max(worst, distanceToSegment(v_[k], v_[a], v_[b]));
        reach_[std::size_t(a) * m_ + b] = worst / pathLength_;
        // Unit directions: the angle term is evaluated O(t·m³) times.
        const Eigen::Vector3d d = v_[b] - v_[a];
        const double n = d.norm();
        if (n > 0.0) direction_[std::size_t(a) * m_ + b] = d / n;
      }
  }

  int samples() const { return m_; }
  int bones() const { return t_; }
  const Eigen::Vector3d& sample(int k) const { return v_[k]; }

  double length(int bone, int a, int b) const {
    const double rest = scale_ * boneLength_[bone];
    if (rest <= 1e-12 * pathLength_) return 0.0;
    const double l = ((v_[b] - v_[a]).norm() - rest) / rest;
    return l * l;
  }
  double distance(int a, int b) const { return reach_[std::size_t(a) * m_ + b]; }
  double angle(int joint, int p, int c, int n) const {
    if (joint == 1 && firstAngleFree_) return 0.0;
    const double cosine =
        direction_[std::size_t(p) * m_ + c].dot(direction_[std::size_t(c) * m_ + n]);
    return std::abs(std::acos(std::clamp(cosine, -1.0, 1.0)) - restAngle_[joint]);
  }
  double bone(int bone, int a, int b) const {
    return params_.gammaLength * length(bone, a, b) + params_.gammaDistance * distance(a, b) +
           pinPenalty(bone, a) + pinPenalty(bone + 1, b);
  }
  /// A pinned point anywhere but its sample costs more than any placement does (finite, so that
  /// the DP's pruning stays exact).
  double pinPenalty(int point, int sample) const {
    const int pinned = pinnedSample_[std::size_t(point)];
    return pinned >= 0 && pinned != sample ? 1e9 : 0.0;
  }

 private:
  std::vector<Eigen::Vector3d> v_;
  std::vector<int> pinnedSample_;
  int m_, t_;
  double pathLength_, scale_ = 1.0;
  bool firstAngleFree_ = false;
  const PlacementParams& params_;
  std::vector<double> boneLength_, restAngle_, reach_;
  std::vector<Eigen::Vector3d> direction_;
};

/// The samples of the joints with the least total cost (Algorithm 2's solveInnerJoints,
/// tabulated bottom-up instead of memoized): best[i][p][c] is the least cost of bones i..t-1
/// and the angles at joints i..t-1 with joint i at sample c and joint i-1 at p. The first joint
/// is at sample 0; the last at m-1, or anywhere from `lastMin` on (a free end).
std::vector<int> cheapestSamples(const PlacementTerms& terms, const PlacementParams& params,
                                 int lastMin) {
  const int m = terms.samples(), t = terms.bones();
  constexpr double kInf = std::numeric_limits<double>::infinity();
  const std::size_t mm = std::size_t(m) * m;
  std::vector<double> best(std::size_t(t) * mm, kInf);
  std::vector<int> next(std::size_t(t) * mm, -1);
  auto at = [&](int i, int p, int c) { return std::size_t(i) * mm + std::size_t(p) * m + c; };
  for (int i = t - 1; i >= 1; --i) {
    // joint i lies in [i, m-1-(t-i)], joint i-1 before it.
    for (int c = i; c <= m - 1 - (t - i); ++c)
      for (int p = i - 1; p < c; ++p) {
        double bestCost = kInf;
        int bestNext = -1;
        if (i == t - 1) {
          for (int n = std::max(c + 1, lastMin); n <= m - 1; ++n) {
            const double total = params.gammaAngle * terms.angle(i, p, c, n) + terms.bone(i, c, n);
            if (total < bestCost) bestCost = total, bestNext = n;
          }
        } else {
          for (int n = c + 1; n <= m - 1 - (t - i - 1); ++n) {
            const double w = params.gammaAngle * terms.angle(i, p, c, n) + terms.bone(i, c, n);
            if (w >= bestCost) continue;  // skip the recursion: already too expensive
            const double total = w + best[at(i + 1, c, n)];
            if (total < bestCost) bestCost = total, bestNext = n;
          }
        }
        best[at(i, p, c)] = bestCost;
        next[at(i, p, c)] = bestNext;
      }
  }
  std::vector<int> k(t + 1, 0);
  k[t] = m - 1;
  double bestCost = kInf;
  if (t == 1) {
    for (int n = lastMin; n <= m - 1; ++n)
      if (const double w = terms.bone(0, 0, n); w < bestCost) bestCost = w, k[1] = n;
  } else {
    for (int c = 1; c <= m - t; ++c) {
      const double total = terms.bone(0, 0, c) + best[at(1, 0, c)];
      if (total < bestCost) bestCost = total, k[1] = c;
    }
    for (int i = 1; i < t; ++i) k[i + 1] = next[at(i, k[i - 1], k[i])];
  }
  return k;
}

/// Per chain point (t bones), the sample a pin holds it at (-1: free), that sample moved onto
/// the pin. A pin goes to the sample nearest to it among those that leave room for the points
/// before and after it, after the previous pin's.
std::vector<int> pinSamples(const std::vector<std::pair<int, Eigen::Vector3d>>& pins, int t,
                            std::vector<Eigen::Vector3d>& v) {
  const int m = int(v.size());
  std::vector<int> pinned(std::size_t(t) + 1, -1);
  std::vector<std::pair<int, Eigen::Vector3d>> inner;
  for (const auto& pin : pins)
    if (pin.first > 0 && pin.first < t) inner.push_back(pin);
  std::sort(inner.begin(), inner.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  int previousPoint = 0, previousSample = 0;
  for (const auto& [i, position] : inner) {
    const int lo = previousSample + (i - previousPoint), hi = m - 1 - (t - i);
    int best = -1;
    for (int k = lo; k <= hi; ++k)
      if (best < 0 || (v[k] - position).squaredNorm() < (v[best] - position).squaredNorm())
        best = k;
    if (best < 0) continue;  // out of order with an earlier pin: the caller puts it afterwards
    pinned[std::size_t(i)] = best;
    v[best] = position;
    previousPoint = i;
    previousSample = best;
  }
  return pinned;
}

ArcPlacement placeDistinctJoints(const std::vector<Eigen::Vector3d>& chain,
                                 const std::vector<Eigen::Vector3d>& path,
                                 const PlacementParams& params, const PlacementOptions& options) {
  ArcPlacement result;
  const int t = int(chain.size()) - 1;  // bones
  if (t < 1 || path.empty()) return result;
  const int m = std::max({params.samples, 2 * t + 1, 2});
  std::vector<Eigen::Vector3d> v = resamplePath(path, m);
  double pathLength = 0.0;
  for (int k = 1; k < m; ++k) pathLength += (v[k] - v[k - 1]).norm();
  if (pathLength <= 0.0) {
    result.points.assign(t + 1, path.front());
    result.sampleIndex.assign(t + 1, 0);
    return result;
  }
  std::vector<int> pinnedSample = pinSamples(options.pins, t, v);
  const PlacementTerms terms(chain, std::move(v), pathLength, params, options,
                             std::move(pinnedSample));
  // Samples the last joint may take: m-1 only, or the last `freeEnd` of them.
  const int lastMin = std::clamp(int(std::ceil((m - 1) * (1.0 - options.freeEnd))), t, m - 1);
  const std::vector<int> k = cheapestSamples(terms, params, lastMin);
  result.sampleIndex = k;
  for (int i = 0; i <= t; ++i) result.points.push_back(terms.sample(k[i]));
  for (int i = 0; i < t; ++i) {
    result.lengthTerm += terms.length(i, k[i], k[i + 1]);
    result.distanceTerm += terms.distance(k[i], k[i + 1]);
    if (i >= 1) result.angleTerm += terms.angle(i, k[i - 1], k[i], k[i + 1]);
  }
  result.cost = params.gammaAngle * result.angleTerm + params.gammaLength * result.lengthTerm +
                params.gammaDistance * result.distanceTerm;
  return result;
}

/// Cumulative lengths along a polyline (0 at its first point).
std::vector<double> cumulativeLengths(const std::vector<Eigen::Vector3d>& line) {
  std::vector<double> along(line.size(), 0.0);
  for (std::size_t i = 1; i < line.size(); ++i)
    along[i] = along[i - 1] + (line[i] - line[i - 1]).norm();
  return along;
}

/// The point at arc length `s` along `path` (clamped to its ends).
Eigen::Vector3d pointAtLength(const std::vector<Eigen::Vector3d>& path,
                              const std::vector<double>& along, double s) {
  if (s <= 0.0 || path.size() < 2) return path.front();
  if (s >= along.back()) return path.back();
  const std::size_t i =
      std::size_t(std::upper_bound(along.begin(), along.end(), s) - along.begin());
  const double span = along[i] - along[i - 1];
  const double t = span > 0.0 ? (s - along[i - 1]) / span : 0.0;
  return path[i - 1] + t * (path[i] - path[i - 1]);
}

/// The joints of a long chain the DP places: the first, the last, and the ones nearest to
/// `bones` equal shares of the chain's length (strictly increasing indices).
std::vector<int> keyJoints(const std::vector<double>& chainAlong, int bones) {
  const int t = int(chainAlong.size()) - 1;
  std::vector<int> keys = {0};
  for (int g = 1; g < bones; ++g) {
    const double target = chainAlong.back() * g / bones;
    int i =
        int(std::lower_bound(chainAlong.begin(), chainAlong.end(), target) - chainAlong.begin());
    if (i > 0 && target - chainAlong[i - 1] < chainAlong[i] - target) --i;
    i = std::clamp(i, keys.back() + 1, t - (bones - g));
    keys.push_back(i);
  }
  keys.push_back(t);
  return keys;
}

/// A chain longer than the DP affords (PlacementHeuristics::maxExactBones): its key joints are
/// placed exactly, and each joint between two keys goes along the path between theirs, at the
/// share of the chain's length it has between them. The terms are the key chain's. Sample
/// indices count 2t+1 samples evenly spread along the path.
ArcPlacement placeLongChain(const std::vector<Eigen::Vector3d>& chain,
                            const std::vector<Eigen::Vector3d>& path, const PlacementParams& params,
                            const PlacementOptions& options) {
  const std::vector<double> chainAlong = cumulativeLengths(chain);
  const std::vector<int> keys = keyJoints(chainAlong, params.heuristics.maxExactBones);
  std::vector<Eigen::Vector3d> keyChain;
  for (int k : keys) keyChain.push_back(chain[k]);
  // A pinned key joint keeps its pin in the DP; pins between keys are the caller's to apply.
  PlacementOptions keyOptions = options;
  keyOptions.pins.clear();
  for (const auto& [i, position] : options.pins)
    if (const auto key = std::find(keys.begin(), keys.end(), i); key != keys.end())
      keyOptions.pins.emplace_back(int(key - keys.begin()), position);
  ArcPlacement result = placeDistinctJoints(keyChain, path, params, keyOptions);
  if (result.points.size() != keyChain.size()) return result;
  const int t = int(chain.size()) - 1;
  const int m = std::max({params.samples, 2 * int(keys.size() - 1) + 1, 2});
  const std::vector<double> pathAlong = cumulativeLengths(path);
  const double length = pathAlong.back();
  std::vector<double> keyAt;  // arc length of each placed key joint: its sample, evenly spread
  for (int k : result.sampleIndex) keyAt.push_back(length * k / (m - 1));
  result.points.assign(t + 1, Eigen::Vector3d::Zero());
  result.sampleIndex.assign(t + 1, 0);
  for (std::size_t g = 0; g + 1 < keys.size(); ++g) {
    const double from = chainAlong[keys[g]], span = chainAlong[keys[g + 1]] - from;
    for (int i = keys[g]; i <= keys[g + 1]; ++i) {
      const double share = span > 0.0 ? (chainAlong[i] - from) / span : 0.0;
      const double s = keyAt[g] + share * (keyAt[g + 1] - keyAt[g]);
      result.points[i] = pointAtLength(path, pathAlong, s);
      result.sampleIndex[i] = length > 0.0 ? int(std::lround(2.0 * t * s / length)) : 0;
    }
  }
  return result;
}

}  // namespace

ArcPlacement placeJoints(const std::vector<Eigen::Vector3d>& chain,
                         const std::vector<Eigen::Vector3d>& path, const PlacementParams& params,
                         const PlacementOptions& options) {
  // Coincident joints (a rig's zero-length helper bones, e.g. at a neck's root) are one joint: a
  // zero-length bone has no length to keep, and would otherwise soak up any stretch for free.
  double chainLength = 0.0;
  for (std::size_t i = 1; i < chain.size(); ++i) chainLength += (chain[i] - chain[i - 1]).norm();
  std::vector<Eigen::Vector3d> distinct;
  std::vector<int> distinctOf(chain.size(), 0);
  for (std::size_t i = 0; i < chain.size(); ++i) {
    if (distinct.empty() || (chain[i] - distinct.back()).norm() > 1e-9 * chainLength)
      distinct.push_back(chain[i]);
    distinctOf[i] = int(distinct.size()) - 1;
  }
  const int maxBones = std::max(1, params.heuristics.maxExactBones);
  auto place = [&](const std::vector<Eigen::Vector3d>& joints, const PlacementOptions& o) {
    return int(joints.size()) - 1 > maxBones ? placeLongChain(joints, path, params, o)
                                             : placeDistinctJoints(joints, path, params, o);
  };
  if (distinct.size() == chain.size() || distinct.size() < 2) return place(chain, options);
  PlacementOptions reducedOptions = options;
  for (auto& pin : reducedOptions.pins) pin.first = distinctOf[std::size_t(pin.first)];
  const ArcPlacement reduced = place(distinct, reducedOptions);
  if (reduced.points.size() != distinct.size()) return reduced;
  ArcPlacement result = reduced;
  result.points.clear();
  result.sampleIndex.clear();
  for (int d : distinctOf) {
    result.points.push_back(reduced.points[d]);
    result.sampleIndex.push_back(reduced.sampleIndex[d]);
  }
  return result;
}

}  // namespace rw

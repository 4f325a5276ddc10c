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

ArcPlacement placeDistinctJoints(const std::vector<Eigen::Vector3d>& chain,
                                 const std::vector<Eigen::Vector3d>& path,
                                 const PlacementParams& params, const PlacementOptions& options) {
  ArcPlacement result;
  const int t = int(chain.size()) - 1;  // bones
  if (t < 1 || path.empty()) return result;
  const int m = std::max({params.samples, 2 * t + 1, 2});
  const std::vector<Eigen::Vector3d> v = resamplePath(path, m);
  double pathLength = 0.0, chainLength = 0.0;
  for (int k = 1; k < m; ++k) pathLength += (v[k] - v[k - 1]).norm();
  std::vector<double> boneLength(t);
  for (int i = 0; i < t; ++i) chainLength += boneLength[i] = (chain[i + 1] - chain[i]).norm();
  if (pathLength <= 0.0) {
    result.points.assign(t + 1, path.front());
    result.sampleIndex.assign(t + 1, 0);
    return result;
  }
  // Scale-free terms: the skeleton arc is first scaled to the mesh arc's length, distances are
  // measured in mesh-arc lengths.
  const double scale = options.scale > 0.0 ? options.scale
                       : chainLength > 0.0 ? pathLength / chainLength
                                           : 1.0;
  // Samples the last joint may take: m-1 only, or the last `freeEnd` of them.
  const int lastMin = std::clamp(int(std::ceil((m - 1) * (1.0 - options.freeEnd))), t, m - 1);
  std::vector<double> restAngle(t + 1, 0.0);  // at inner joint i (1..t-1)
  for (int i = 1; i < t; ++i)
    restAngle[i] = angleBetween(chain[i] - chain[i - 1], chain[i + 1] - chain[i]);

  // Per (a, b): the bone's distance term (largest distance of the samples between a and b).
  std::vector<double> reach(std::size_t(m) * m, 0.0);
  for (int a = 0; a < m; ++a)
    for (int b = a + 1; b < m; ++b) {
      double worst = 0.0;
      for (int k = a + 1; k < b; ++k) worst = std::max(worst, distanceToSegment(v[k], v[a], v[b]));
      reach[std::size_t(a) * m + b] = worst / pathLength;
    }
  auto lengthTerm = [&](int bone, int a, int b) {
    const double rest = scale * boneLength[bone];
    if (rest <= 1e-12 * pathLength) return 0.0;
    const double l = ((v[b] - v[a]).norm() - rest) / rest;
    return l * l;
  };
  // Unit directions between every pair of samples: the angle term is evaluated O(t·m³) times.
  std::vector<Eigen::Vector3d> direction(std::size_t(m) * m, Eigen::Vector3d::Zero());
  for (int a = 0; a < m; ++a)
    for (int b = a + 1; b < m; ++b) {
      const Eigen::Vector3d d = v[b] - v[a];
      const double n = d.norm();
      if (n > 0.0) direction[std::size_t(a) * m + b] = d / n;
    }
  auto angleTerm = [&](int joint, int p, int c, int n) {
    const double cosine = direction[std::size_t(p) * m + c].dot(direction[std::size_t(c) * m + n]);
    return std::abs(std::acos(std::clamp(cosine, -1.0, 1.0)) - restAngle[joint]);
  };
  auto boneCost = [&](int bone, int a, int b) {
    return params.gammaLength * lengthTerm(bone, a, b) +
           params.gammaDistance * reach[std::size_t(a) * m + b];
  };

  // best[i][p][c]: joint i at sample c, joint i-1 at p; least cost of bones i..t-1 and angles at
  // joints i..t-1 (Algorithm 2's solveInnerJoints, tabulated bottom-up instead of memoized).
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
            const double total = params.gammaAngle * angleTerm(i, p, c, n) + boneCost(i, c, n);
            if (total < bestCost) bestCost = total, bestNext = n;
          }
        } else {
          for (int n = c + 1; n <= m - 1 - (t - i - 1); ++n) {
            const double w = params.gammaAngle * angleTerm(i, p, c, n) + boneCost(i, c, n);
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
  if (t == 1) {
    double bestCost = kInf;
    for (int n = lastMin; n <= m - 1; ++n)
      if (const double w = boneCost(0, 0, n); w < bestCost) bestCost = w, k[1] = n;
  } else {
    double bestCost = kInf;
    for (int c = 1; c <= m - t; ++c) {
      const double total = boneCost(0, 0, c) + best[at(1, 0, c)];
      if (total < bestCost) bestCost = total, k[1] = c;
    }
    for (int i = 1; i < t; ++i) k[i + 1] = next[at(i, k[i - 1], k[i])];
  }
  result.sampleIndex = k;
  for (int i = 0; i <= t; ++i) result.points.push_back(v[k[i]]);
  for (int i = 0; i < t; ++i) {
    result.lengthTerm += lengthTerm(i, k[i], k[i + 1]);
    result.distanceTerm += reach[std::size_t(k[i]) * m + k[i + 1]];
    if (i >= 1) result.angleTerm += angleTerm(i, k[i - 1], k[i], k[i + 1]);
  }
  result.cost = params.gammaAngle * result.angleTerm + params.gammaLength * result.lengthTerm +
                params.gammaDistance * result.distanceTerm;
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
  if (distinct.size() == chain.size() || distinct.size() < 2)
    return placeDistinctJoints(chain, path, params, options);
  const ArcPlacement reduced = placeDistinctJoints(distinct, path, params, options);
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

#include "skin/skin_eval.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <limits>
#include <map>

#include "skin/linear_blend_skinning.h"
#include "skin/skinning_deformer.h"

namespace rw {
namespace {

/// A vertex's influences with duplicate joints merged, by joint.
std::map<int, double> merged(const std::vector<Influence>& influences) {
  std::map<int, double> w;
  for (const Influence& i : influences) w[i.joint] += i.weight;
  return w;
}

/// Weight-vector metrics: precision, recall, L1, dominant agreement.
void compareWeights(const SkinWeights& reference, const SkinWeights& ours, int n,
                    const SkinEvalParams& params, SkinEvalMetrics& m) {
  long long common = 0, ourCount = 0, refCount = 0;
  int agree = 0, referenced = 0;
  double l1 = 0.0;
  std::map<std::pair<int, int>, int> mismatched;  // (reference, ours) -> vertices
  for (int v = 0; v < n; ++v) {
    std::map<int, std::pair<double, double>> w;  // joint -> (ours, reference)
    for (const Influence& i : ours.perVertex[v]) w[i.joint].first += i.weight;
    for (const Influence& i : reference.perVertex[v]) w[i.joint].second += i.weight;
    for (const auto& [joint, pair] : w) {
      const bool a = pair.first > params.influenceThreshold,
                 b = pair.second > params.influenceThreshold;
      ourCount += a;
      refCount += b;
      common += a && b;
      l1 += std::abs(pair.first - pair.second);
    }
    const int theirs = dominantJoint(reference.perVertex[v]);
    if (theirs < 0) continue;
    ++referenced;
    const int mine = dominantJoint(ours.perVertex[v]);
    if (mine == theirs)
      ++agree;
    else
      ++mismatched[{theirs, mine}];
  }
  for (const auto& [pair, count] : mismatched)
    m.mismatches.push_back({pair.first, pair.second, count});
  std::stable_sort(
      m.mismatches.begin(), m.mismatches.end(),
      [](const DominantMismatch& a, const DominantMismatch& b) { return a.vertices > b.vertices; });
  if (int(m.mismatches.size()) > params.mismatchesListed)
    m.mismatches.resize(std::size_t(std::max(0, params.mismatchesListed)));
  m.precision = ourCount ? double(common) / double(ourCount) : 0.0;
  m.recall = refCount ? double(common) / double(refCount) : 0.0;
  m.meanL1 = n ? l1 / n : 0.0;
  m.dominantAgreement = referenced ? double(agree) / double(referenced) : 0.0;
}

/// Deformation distances over `clip` (our weights and the reference's, the reference skeleton).
void compareDeformation(const Character& reference, const SkinWeights& ours, int n,
                        const AnimationClip& c, const SkinEvalParams& params, SkinEvalMetrics& m) {
  m.clip = c.name;
  const int poses = std::max(2, params.framesPerClip);
  std::vector<double> distances;
  distances.reserve(std::size_t(poses) * std::size_t(n));
  for (int k = 0; k < poses; ++k) {
    const double t = c.duration * double(k) / double(poses - 1);
    const std::vector<Transform> globals =
        reference.skeleton.globalsFromLocals(c.sampleLocals(reference.skeleton, t));
    const std::vector<Transform> matrices = skinningMatrices(reference.skeleton, globals);
    const auto a = deformVertices(reference.mesh.source.positions, ours, matrices,
                                  SkinningMethod::LinearBlend);
    const auto b = deformVertices(reference.mesh.source.positions, reference.skin, matrices,
                                  SkinningMethod::LinearBlend);
    for (int v = 0; v < n; ++v) distances.push_back((a[v] - b[v]).norm());
  }
  m.poses = poses;
  if (distances.empty()) return;
  double sum = 0.0;
  for (double d : distances) sum += d;
  m.meanDistance = sum / double(distances.size());
  m.maxDistance = *std::max_element(distances.begin(), distances.end());
  const std::size_t at95 = std::min(distances.size() - 1, std::size_t(0.95 * distances.size()));
  std::nth_element(distances.begin(), distances.begin() + std::ptrdiff_t(at95), distances.end());
  m.p95Distance = distances[at95];
  const double size = reference.mesh.size();
  if (size > 0) {
    m.meanDistanceRelative = m.meanDistance / size;
    m.maxDistanceRelative = m.maxDistance / size;
  }
  double low = std::numeric_limits<double>::infinity(), high = -low;
  for (const Eigen::Vector3d& p : reference.mesh.source.positions) {
    low = std::min(low, p.y());
    high = std::max(high, p.y());
  }
  m.height = high > low ? high - low : 0.0;
  if (m.height > 0) {
    m.meanDistanceHeight = m.meanDistance / m.height;
    m.p95DistanceHeight = m.p95Distance / m.height;
  }
}

}  // namespace

int dominantJoint(const std::vector<Influence>& influences) {
  // Duplicate joints summed in place, without a map: this runs for every vertex of a mesh
  // several times, on lists of a few influences. Ties go to the lower joint index.
  int best = -1;
  double bestWeight = 0.0;
  const std::size_t n = influences.size();
  for (std::size_t i = 0; i < n; ++i) {
    const int joint = influences[i].joint;
    bool counted = false;  // an earlier entry of the same joint summed it already
    for (std::size_t k = 0; k < i && !counted; ++k) counted = influences[k].joint == joint;
    if (counted) continue;
    double weight = 0.0;
    for (std::size_t k = i; k < n; ++k)
      if (influences[k].joint == joint) weight += influences[k].weight;
    if (weight > bestWeight || (weight > 0.0 && weight == bestWeight && joint < best)) {
      best = joint;
      bestWeight = weight;
    }
  }
  return best;
}

std::vector<std::vector<int>> jointHops(const Skeleton& skeleton) {
  const int n = skeleton.size();
  const int far = std::numeric_limits<int>::max() / 2;
  std::vector<std::vector<int>> neighbours(n);
  for (int j = 0; j < n; ++j) {
    const int p = skeleton.joints[j].parent;
    if (p < 0 || p >= n) continue;
    neighbours[j].push_back(p);
    neighbours[p].push_back(j);
  }
  std::vector<std::vector<int>> hops(n, std::vector<int>(n, far));
  for (int s = 0; s < n; ++s) {  // a breadth-first walk from each joint (skeletons are small)
    std::deque<int> queue{s};
    hops[s][s] = 0;
    while (!queue.empty()) {
      const int j = queue.front();
      queue.pop_front();
      for (int k : neighbours[j])
        if (hops[s][k] == far) {
          hops[s][k] = hops[s][j] + 1;
          queue.push_back(k);
        }
    }
  }
  return hops;
}

double bleedShare(const SkinWeights& weights, const std::vector<std::vector<int>>& hopsBetween,
                  double weight, int hops) {
  const int joints = int(hopsBetween.size());
  int counted = 0, bleeding = 0;
  for (const std::vector<Influence>& influences : weights.perVertex) {
    const int dominant = dominantJoint(influences);
    if (dominant < 0 || dominant >= joints) continue;
    ++counted;
    for (const auto& [joint, w] : merged(influences))
      if (w > weight && joint >= 0 && joint < joints && hopsBetween[dominant][joint] > hops) {
        ++bleeding;
        break;
      }
  }
  return counted ? double(bleeding) / double(counted) : 0.0;
}

int findClip(const std::vector<AnimationClip>& clips, const std::string& name) {
  for (std::size_t k = 0; k < clips.size(); ++k)
    if (clips[k].name == name) return int(k);
  for (std::size_t k = 0; k < clips.size(); ++k)
    if (!name.empty() && clips[k].name.find(name) != std::string::npos) return int(k);
  return -1;
}

SkinEvalMetrics evaluateSkin(const Character& reference, const SkinWeights& ours, int clip,
                             const SkinEvalParams& params) {
  SkinEvalMetrics m;
  const int n = int(std::min(reference.skin.perVertex.size(), ours.perVertex.size()));
  m.vertices = n;
  compareWeights(reference.skin, ours, n, params, m);
  const std::vector<std::vector<int>> hops = jointHops(reference.skeleton);
  m.bleed = bleedShare(ours, hops, params.bleedWeight, params.bleedHops);
  m.referenceBleed = bleedShare(reference.skin, hops, params.bleedWeight, params.bleedHops);
  if (clip < 0 || clip >= int(reference.clips.size()) || n == 0) return m;
  compareDeformation(reference, ours, n, reference.clips[clip], params, m);
  return m;
}

}  // namespace rw

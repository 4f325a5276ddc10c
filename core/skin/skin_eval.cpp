#include "skin/skin_eval.h"

#include <algorithm>
#include <map>

#include "skin/linear_blend_skinning.h"
#include "skin/skinning_deformer.h"

namespace rw {

SkinEvalMetrics evaluateSkin(const Character& reference, const SkinWeights& ours, int clip,
                             const SkinEvalParams& params) {
  SkinEvalMetrics m;
  const int n = int(std::min(reference.skin.perVertex.size(), ours.perVertex.size()));
  m.vertices = n;
  long long common = 0, ourCount = 0, refCount = 0;
  double l1 = 0.0;
  for (int v = 0; v < n; ++v) {
    std::map<int, std::pair<double, double>> w;  // joint -> (ours, reference)
    for (const Influence& i : ours.perVertex[v]) w[i.joint].first += i.weight;
    for (const Influence& i : reference.skin.perVertex[v]) w[i.joint].second += i.weight;
    for (const auto& [joint, pair] : w) {
      const bool a = pair.first > params.influenceThreshold,
                 b = pair.second > params.influenceThreshold;
      ourCount += a;
      refCount += b;
      common += a && b;
      l1 += std::abs(pair.first - pair.second);
    }
  }
  m.precision = ourCount ? double(common) / double(ourCount) : 0.0;
  m.recall = refCount ? double(common) / double(refCount) : 0.0;
  m.meanL1 = n ? l1 / n : 0.0;

  if (clip < 0 || clip >= int(reference.clips.size()) || n == 0) return m;
  const AnimationClip& c = reference.clips[clip];
  m.clip = c.name;
  const int poses = std::max(2, params.framesPerClip);
  double sum = 0.0;
  long long count = 0;
  for (int k = 0; k < poses; ++k) {
    const double t = c.duration * double(k) / double(poses - 1);
    const std::vector<Transform> globals =
        reference.skeleton.globalsFromLocals(c.sampleLocals(reference.skeleton, t));
    const std::vector<Transform> matrices = skinningMatrices(reference.skeleton, globals);
    const auto a = deformVertices(reference.mesh.source.positions, ours, matrices,
                                  SkinningMethod::LinearBlend);
    const auto b = deformVertices(reference.mesh.source.positions, reference.skin, matrices,
                                  SkinningMethod::LinearBlend);
    for (int v = 0; v < n; ++v) {
      const double d = (a[v] - b[v]).norm();
      sum += d;
      m.maxDistance = std::max(m.maxDistance, d);
      ++count;
    }
  }
  m.poses = poses;
  m.meanDistance = count ? sum / double(count) : 0.0;
  const double size = reference.mesh.size();
  if (size > 0) {
    m.meanDistanceRelative = m.meanDistance / size;
    m.maxDistanceRelative = m.maxDistance / size;
  }
  return m;
}

}  // namespace rw

#include "skin/weight_tools.h"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <algorithm>

#include "skin/bone_heat.h"
#include "skin/bone_segments.h"
#include "skin/weight_limits.h"

namespace rw {
namespace {

/// Adds `scale` × `influences` into `sum` (a short list, joints unique).
void accumulate(std::vector<Influence>& sum, const std::vector<Influence>& influences,
                double scale) {
  for (const Influence& i : influences) {
    auto it = std::find_if(sum.begin(), sum.end(),
                           [&](const Influence& s) { return s.joint == i.joint; });
    if (it == sum.end())
      sum.push_back({i.joint, scale * i.weight});
    else
      it->weight += scale * i.weight;
  }
}

/// Sorted strongest first and scaled to sum to 1 (non-positive weights dropped).
void normalizeInfluences(std::vector<Influence>& influences) {
  SkinWeights one;
  one.perVertex = {std::move(influences)};
  one.normalize();
  influences = std::move(one.perVertex[0]);
}

/// Per welded vertex of `mesh`, the mean of its source vertices' weights.
std::vector<std::vector<Influence>> weldedWeights(const Mesh& mesh, const SkinWeights& weights) {
  const int n = int(mesh.positions.size());
  std::vector<std::vector<Influence>> welded(n);
  std::vector<int> count(n, 0);
  for (std::size_t s = 0; s < weights.perVertex.size() && s < mesh.weldedOfSource.size(); ++s) {
    const int v = mesh.weldedOfSource[s];
    if (v < 0 || v >= n || weights.perVertex[s].empty()) continue;
    accumulate(welded[v], weights.perVertex[s], 1.0);
    ++count[v];
  }
  for (int v = 0; v < n; ++v)
    if (count[v] > 0) normalizeInfluences(welded[v]);
  return welded;
}

/// Each source vertex takes its welded vertex's weights (those without one keep theirs).
void toSourceVertices(const Mesh& mesh, const std::vector<std::vector<Influence>>& welded,
                      SkinWeights& weights) {
  for (std::size_t s = 0; s < weights.perVertex.size() && s < mesh.weldedOfSource.size(); ++s) {
    const int v = mesh.weldedOfSource[s];
    if (v >= 0 && v < int(welded.size()) && !welded[v].empty()) weights.perVertex[s] = welded[v];
  }
}

}  // namespace

std::vector<std::vector<int>> surfaceNeighbours(int vertexCount,
                                                const std::vector<Eigen::Vector3i>& triangles) {
  const auto forEachEdge = [&](const auto& visit) {
    for (const Eigen::Vector3i& t : triangles)
      for (int k = 0; k < 3; ++k) {
        const int a = t[k], b = t[(k + 1) % 3];
        if (a < 0 || b < 0 || a >= vertexCount || b >= vertexCount || a == b) continue;
        visit(a, b);
      }
  };
  // Counted first, so that each list is allocated once (growing by push_back took five
  // allocations per vertex: a quarter of a 548K-triangle skin's weight-island stage).
  std::vector<int> count(std::size_t(std::max(vertexCount, 0)), 0);
  forEachEdge([&](int a, int b) { ++count[a], ++count[b]; });
  std::vector<std::vector<int>> neighbours(vertexCount);
  for (int v = 0; v < vertexCount; ++v) neighbours[v].reserve(count[v]);
  forEachEdge([&](int a, int b) {
    neighbours[a].push_back(b);
    neighbours[b].push_back(a);
  });
  for (std::vector<int>& list : neighbours) {
    std::sort(list.begin(), list.end());
    list.erase(std::unique(list.begin(), list.end()), list.end());
  }
  return neighbours;
}

void smoothInfluences(const std::vector<std::vector<int>>& neighbours,
                      std::vector<std::vector<Influence>>& perVertex, const SmoothParams& params) {
  const int n = int(std::min(neighbours.size(), perVertex.size()));
  const double s = std::clamp(params.strength, 0.0, 1.0);
  if (s == 0.0) return;
  std::vector<std::vector<Influence>> next(n);
  for (int pass = 0; pass < params.passes; ++pass) {
    tbb::parallel_for(tbb::blocked_range<int>(0, n), [&](const tbb::blocked_range<int>& r) {
      for (int v = r.begin(); v < r.end(); ++v) {
        std::vector<Influence>& out = next[v];
        out.clear();
        int weighted = 0;
        for (int u : neighbours[v]) weighted += !perVertex[u].empty();
        if (weighted == 0) {
          out = perVertex[v];
          continue;
        }
        accumulate(out, perVertex[v], perVertex[v].empty() ? 0.0 : 1.0 - s);
        const double share = (perVertex[v].empty() ? 1.0 : s) / double(weighted);
        for (int u : neighbours[v]) accumulate(out, perVertex[u], share);
        normalizeInfluences(out);
      }
    });
    for (int v = 0; v < n; ++v) perVertex[v].swap(next[v]);
  }
}

void smoothWeights(const Mesh& mesh, SkinWeights& weights, const SmoothParams& params) {
  std::vector<std::vector<Influence>> welded = weldedWeights(mesh, weights);
  smoothInfluences(surfaceNeighbours(int(mesh.positions.size()), mesh.triangles), welded, params);
  toSourceVertices(mesh, welded, weights);
}

int pruneWeights(SkinWeights& weights, double threshold) {
  int removed = 0;
  for (std::vector<Influence>& influences : weights.perVertex)
    removed += pruneInfluences(influences, threshold, threshold);  // no ramp: a plain cut
  return removed;
}

MirrorReport mirrorSkinWeights(const Mesh& mesh, const Skeleton& skeleton, SkinWeights& weights,
                               const MirrorParams& params) {
  const double size = mesh.size();
  // Tailless leaves sized as bone heat sizes them, so the same bones are found mirrors.
  const std::vector<BoneSegment> segments =
      deformBoneSegments(skeleton, BoneHeatParams{}.fallbackBoneFraction * size);
  std::vector<int> segmentOf(skeleton.size(), -1);
  for (std::size_t b = 0; b < segments.size(); ++b) segmentOf[segments[b].joint] = int(b);
  std::vector<std::vector<Influence>> welded = weldedWeights(mesh, weights);
  for (std::vector<Influence>& influences : welded)
    for (Influence& i : influences) {
      const int b = i.joint >= 0 && i.joint < skeleton.size() ? segmentOf[i.joint] : -1;
      if (b < 0) {
        MirrorReport report;
        report.reason =
            "a weight lies on joint " + std::to_string(i.joint) + ", which is not a deform bone";
        return report;
      }
      i.joint = b;
    }
  const MirrorReport report = mirrorWeights(mesh.positions, welded, segments, size, params);
  if (!report.applied) return report;
  for (std::vector<Influence>& influences : welded) {
    for (Influence& i : influences) i.joint = segments[i.joint].joint;
    normalizeInfluences(influences);
  }
  toSourceVertices(mesh, welded, weights);
  return report;
}

}  // namespace rw

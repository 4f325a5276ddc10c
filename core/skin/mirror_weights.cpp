#include "skin/mirror_weights.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include <tbb/parallel_for.h>

#include "mesh/vertex_grid.h"

namespace rw {
namespace {

Eigen::Vector3d reflect(const Eigen::Vector3d& p, double c) {
  return {2 * c - p.x(), p.y(), p.z()};
}

/// w(v) from w(v) and the mirrored w(v') of each mutual pair (v, v'), per `source`.
void applyMirror(const std::vector<Eigen::Vector3d>& positions, double c,
                 const std::vector<int>& mirror, const std::vector<int>& mirrorBone,
                 MirrorSource source, std::vector<std::vector<Influence>>& perVertex) {
  auto mirrored = [&](const std::vector<Influence>& w) {
    std::vector<Influence> out = w;
    for (Influence& i : out) i.joint = mirrorBone[i.joint];
    return out;
  };
  // Each mutual pair reads and writes its own two vertices only: pairs are independent.
  tbb::parallel_for(size_t(0), positions.size(), [&](size_t v) {
    const int u = mirror[v];
    if (u < 0 || mirror[u] != int(v) || u < int(v)) return;
    if (source != MirrorSource::Average && u != int(v)) {
      const bool vOnSource = (positions[v].x() > c) == (source == MirrorSource::PositiveX);
      if (vOnSource)
        perVertex[u] = mirrored(perVertex[v]);
      else
        perVertex[v] = mirrored(perVertex[u]);
      return;
    }
    // Half of each side's weight per bone, summed in the order met, then by bone: a vertex
    // has a few influences, and a map per vertex was a third of the skin's last stage.
    std::vector<Influence> average;
    average.reserve(perVertex[v].size() + perVertex[u].size());
    const auto add = [&](int bone, double weight) {
      for (Influence& a : average)
        if (a.joint == bone) {
          a.weight += 0.5 * weight;
          return;
        }
      average.push_back({bone, 0.0 + 0.5 * weight});
    };
    for (const Influence& i : perVertex[v]) add(i.joint, i.weight);
    for (const Influence& i : perVertex[u]) add(mirrorBone[i.joint], i.weight);
    std::sort(average.begin(), average.end(),
              [](const Influence& a, const Influence& b) { return a.joint < b.joint; });
    perVertex[v] = average;
    if (u != int(v)) perVertex[u] = mirrored(average);
  });
}

/// Per vertex, its nearest mirror image across x = c, or -1.
std::vector<int> mirrorVertices(const VertexGrid& grid,
                                const std::vector<Eigen::Vector3d>& positions, double c) {
  std::vector<int> mirror(positions.size(), -1);
  tbb::parallel_for(size_t(0), positions.size(),
                    [&](size_t v) { mirror[v] = grid.nearest(reflect(positions[v], c)); });
  return mirror;
}

/// The plane among `candidates` across which the most of a sample of the vertices (about 4000,
/// spread over the file) have a mirror image.
double bestPlane(const VertexGrid& grid, const std::vector<Eigen::Vector3d>& positions,
                 const std::vector<double>& candidates) {
  const size_t stride = std::max<size_t>(1, positions.size() / 4096);
  double best = candidates.front();
  int bestCount = -1;
  for (double c : candidates) {
    int count = 0;
    for (size_t v = 0; v < positions.size(); v += stride)
      count += grid.nearest(reflect(positions[v], c)) >= 0;
    if (count > bestCount) {
      bestCount = count;
      best = c;
    }
  }
  return best;
}

/// Vertices whose mirror has them as its mirror (themselves on the plane included).
int mutualPairs(const std::vector<int>& mirror) {
  int paired = 0;
  for (size_t v = 0; v < mirror.size(); ++v)
    if (mirror[v] >= 0 && mirror[mirror[v]] == int(v)) ++paired;
  return paired;
}

}  // namespace

MirrorPairing pairMirrors(const std::vector<Eigen::Vector3d>& positions,
                          const std::vector<BoneSegment>& segments, double meshSize,
                          const MirrorParams& params) {
  MirrorPairing pairing;
  MirrorReport& report = pairing.report;
  if (!params.enabled) {
    report.reason = "disabled";
    return pairing;
  }
  if (segments.empty() || positions.empty() || !(meshSize > 0.0)) {
    report.reason = "nothing to mirror";
    return pairing;
  }
  // The plane: of the places it could be (the skeleton's centre, which a retargeted skeleton
  // placed arc by arc misses slightly; the mesh's box centre, which a prop on one side moves;
  // its vertices' mean, which uneven detail moves), the one that pairs the most vertices.
  double boneCentre = 0.0;
  for (const BoneSegment& s : segments) boneCentre += 0.5 * (s.head.x() + s.tail.x());
  boneCentre /= double(segments.size());
  double low = positions.front().x(), high = low, mean = 0.0;
  for (const Eigen::Vector3d& p : positions) {
    low = std::min(low, p.x());
    high = std::max(high, p.x());
    mean += p.x();
  }
  const VertexGrid grid(positions, params.vertexTolerance * meshSize);
  const double c =
      bestPlane(grid, positions, {boneCentre, 0.5 * (low + high), mean / double(positions.size())});
  report.planeX = c;

  // Bones: the mirror of each, an involution.
  const double boneTol = params.boneTolerance * meshSize;
  std::vector<int> mirrorBone(segments.size(), -1);
  for (size_t a = 0; a < segments.size(); ++a) {
    double best = std::numeric_limits<double>::infinity();
    for (size_t b = 0; b < segments.size(); ++b) {
      const double d = std::max((reflect(segments[a].head, c) - segments[b].head).norm(),
                                (reflect(segments[a].tail, c) - segments[b].tail).norm());
      if (d < best && d <= boneTol) {
        best = d;
        mirrorBone[a] = int(b);
      }
    }
  }
  for (size_t a = 0; a < segments.size(); ++a) {
    if (mirrorBone[a] < 0 || mirrorBone[mirrorBone[a]] != int(a)) {
      report.reason = "the skeleton is not symmetric (joint " + std::to_string(segments[a].joint) +
                      " has no mirror)";
      return pairing;
    }
    if (mirrorBone[a] != int(a)) ++report.pairedBones;
  }

  const std::vector<int> mirror = mirrorVertices(grid, positions, c);
  const int paired = mutualPairs(mirror);
  report.pairedVertices = paired;
  if (paired < params.minPairedFraction * double(positions.size())) {
    report.reason = "the mesh is not symmetric (" + std::to_string(paired) + " of " +
                    std::to_string(positions.size()) + " vertices have a mirror)";
    return pairing;
  }
  pairing.vertexMirror = std::move(mirror);
  pairing.boneMirror = std::move(mirrorBone);
  return pairing;
}

MirrorReport applyMirrorPairing(const MirrorPairing& pairing,
                                const std::vector<Eigen::Vector3d>& positions, MirrorSource source,
                                std::vector<std::vector<Influence>>& perVertex) {
  MirrorReport report = pairing.report;
  if (pairing.vertexMirror.empty() || pairing.vertexMirror.size() != perVertex.size() ||
      positions.size() != perVertex.size())
    return report;
  applyMirror(positions, report.planeX, pairing.vertexMirror, pairing.boneMirror, source,
              perVertex);
  report.applied = true;
  return report;
}

MirrorReport mirrorWeights(const std::vector<Eigen::Vector3d>& positions,
                           std::vector<std::vector<Influence>>& perVertex,
                           const std::vector<BoneSegment>& segments, double meshSize,
                           const MirrorParams& params) {
  return applyMirrorPairing(pairMirrors(positions, segments, meshSize, params), positions,
                            params.source, perVertex);
}

}  // namespace rw

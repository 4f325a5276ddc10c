#include "skin/weight_paint.h"

#include <algorithm>
#include <cmath>

#include "mesh/mesh_parts.h"

namespace rw {
namespace {

double weightOf(const std::vector<Influence>& influences, int joint) {
  double w = 0.0;
  for (const Influence& i : influences)
    if (i.joint == joint) w += i.weight;
  return w;
}

/// Sets `joint`'s weight to `w` and scales the others to fill 1 − w (in their proportions);
/// with no others, the rest goes to `fallback`. Prunes round-off and limits the count.
void setWeight(std::vector<Influence>& influences, int joint, double w, int fallback,
               int maxInfluences) {
  w = std::clamp(w, 0.0, 1.0);
  double others = 0.0;
  for (const Influence& i : influences)
    if (i.joint != joint) others += i.weight;
  std::vector<Influence> out;
  if (others > 0.0) {
    for (const Influence& i : influences)
      if (i.joint != joint) out.push_back({i.joint, i.weight * (1.0 - w) / others});
  } else if (fallback >= 0 && fallback != joint && w < 1.0) {
    out.push_back({fallback, 1.0 - w});
  } else {
    w = 1.0;  // nothing else can take the weight: the vertex stays whole on the joint
  }
  out.push_back({joint, w});
  out.erase(
      std::remove_if(out.begin(), out.end(), [](const Influence& i) { return i.weight < 1e-6; }),
      out.end());
  std::sort(out.begin(), out.end(),
            [](const Influence& a, const Influence& b) { return a.weight > b.weight; });
  if (maxInfluences > 0 && int(out.size()) > maxInfluences) out.resize(std::size_t(maxInfluences));
  double sum = 0.0;
  for (const Influence& i : out) sum += i.weight;
  for (Influence& i : out) i.weight /= sum;
  influences = std::move(out);
}

}  // namespace

std::vector<int> paintDab(SkinWeights& weights, const PaintSurface& surface, int joint,
                          int fallbackJoint, const Brush& brush, const Eigen::Vector3d& centre) {
  std::vector<int> touched;
  if (!surface.positions || !(brush.radius > 0.0) || joint < 0) return touched;
  const std::vector<Eigen::Vector3d>& P = *surface.positions;
  const int n = std::min(int(P.size()), weights.vertexCount());
  const bool facing = brush.frontFacesOnly && surface.normals && int(surface.normals->size()) >= n;
  const double r2 = brush.radius * brush.radius;
  std::vector<double> falloff;
  for (int v = 0; v < n; ++v) {
    const double d2 = (P[v] - centre).squaredNorm();
    if (d2 >= r2 || weights.perVertex[v].empty()) continue;
    if (facing && (*surface.normals)[v].dot(surface.towardsEye) <= 0.0) continue;
    const double x = 1.0 - d2 / r2;
    touched.push_back(v);
    falloff.push_back(x * x);
  }
  double mean = 0.0;
  if (brush.mode == BrushMode::Smooth) {
    double total = 0.0;
    for (std::size_t k = 0; k < touched.size(); ++k) {
      mean += falloff[k] * weightOf(weights.perVertex[touched[k]], joint);
      total += falloff[k];
    }
    if (total > 0.0) mean /= total;
  }
  const double s = std::clamp(brush.strength, 0.0, 1.0);
  std::vector<int> changed;
  for (std::size_t k = 0; k < touched.size(); ++k) {
    std::vector<Influence>& influences = weights.perVertex[touched[k]];
    const double w = weightOf(influences, joint), f = s * falloff[k];
    double next = w;
    switch (brush.mode) {
      case BrushMode::Add:
        next = w + f * (1.0 - w);
        break;
      case BrushMode::Subtract:
        next = w - f * w;
        break;
      case BrushMode::Smooth:
        next = w + f * (mean - w);
        break;
    }
    if (std::abs(next - w) < 1e-9) continue;
    setWeight(influences, joint, next, fallbackJoint, brush.maxInfluences);
    changed.push_back(touched[k]);
  }
  return changed;
}

void applyPaintedWeights(SkinWeights& weights, const PaintedWeights& painted, int jointCount) {
  for (const auto& [vertex, influences] : painted) {
    if (vertex < 0 || vertex >= weights.vertexCount()) continue;
    std::vector<Influence> kept;
    for (const Influence& i : influences)
      if (i.joint >= 0 && i.joint < jointCount && i.weight > 0.0) kept.push_back(i);
    if (!kept.empty()) weights.perVertex[std::size_t(vertex)] = std::move(kept);
  }
}

std::vector<Eigen::Vector3d> sourceVertexNormals(const Mesh& mesh) {
  std::vector<Eigen::Vector3d> welded(mesh.positions.size(), Eigen::Vector3d::Zero());
  for (const Eigen::Vector3i& t : mesh.triangles) {
    const Eigen::Vector3d area = (mesh.positions[t[1]] - mesh.positions[t[0]])
                                     .cross(mesh.positions[t[2]] - mesh.positions[t[0]]);
    for (int k = 0; k < 3; ++k) welded[std::size_t(t[k])] += area;
  }
  // Outward whatever the file's winding: a part whose normals point mostly towards its own
  // centre is turned round.
  const MeshParts parts = connectedParts(int(mesh.positions.size()), mesh.triangles);
  for (const std::vector<int>& part : parts.vertices) {
    Eigen::Vector3d centre = Eigen::Vector3d::Zero();
    for (int v : part) centre += mesh.positions[std::size_t(v)];
    centre /= double(std::max<std::size_t>(1, part.size()));
    double outward = 0.0;
    for (int v : part)
      outward += welded[std::size_t(v)].dot(mesh.positions[std::size_t(v)] - centre);
    if (outward < 0.0)
      for (int v : part) welded[std::size_t(v)] = -welded[std::size_t(v)];
  }
  std::vector<Eigen::Vector3d> normal(mesh.source.positions.size(), Eigen::Vector3d::Zero());
  for (std::size_t v = 0; v < normal.size() && v < mesh.weldedOfSource.size(); ++v) {
    const int w = mesh.weldedOfSource[v];
    if (w >= 0 && std::size_t(w) < welded.size() && welded[std::size_t(w)].norm() > 0.0)
      normal[v] = welded[std::size_t(w)].normalized();
  }
  return normal;
}

}  // namespace rw

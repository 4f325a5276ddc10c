#include "field/auto_head.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <optional>

#include "field/extremal_vertices.h"
#include "field/geodesic_distance.h"
#include "field/mirror_plane.h"
#include "field/surface_domain.h"
#include "mesh/mesh_parts.h"

namespace rw {
namespace {

/// The highest point of the parts at least a fifth the size of the largest: a head modelled as
/// its own shell (it can be half the body's size) counts, eyes and buttons do not.
int highestVertex(const Mesh& mesh) {
  const MeshParts parts = connectedParts(int(mesh.positions.size()), mesh.triangles);
  std::vector<int> size(parts.count(), 0);
  for (int p = 0; p < parts.count(); ++p) size[p] = int(parts.triangles[p].size());
  const int largest = *std::max_element(size.begin(), size.end());
  int best = -1;
  for (int v = 0; v < int(mesh.positions.size()); ++v)
    if (parts.partOf[v] >= 0 && size[parts.partOf[v]] >= 0.2 * largest &&
        (best < 0 || mesh.positions[v].y() > mesh.positions[best].y()))
      best = v;
  return best;
}

/// The body's axes: across its mirror plane (`lateral`) and along its length (`along`).
struct BodyFrame {
  int lateral = 0, along = 2;
  double midline = 0.0;  ///< the mirror plane's offset on the lateral axis
  double lowest = 0.0, height = 0.0, length = 0.0, size = 0.0;
};

BodyFrame bodyFrame(const SurfaceDomain& domain, const AutoHeadParams& params) {
  std::vector<Eigen::Vector3d> surface;
  for (int v = 0; v < domain.meshVertexCount; ++v)
    if (domain.active[v]) surface.push_back(domain.positions[v]);
  Eigen::Vector3d lo = surface.front(), hi = lo;
  for (const Eigen::Vector3d& p : surface) lo = lo.cwiseMin(p), hi = hi.cwiseMax(p);
  BodyFrame frame;
  MirrorPlane plane = findMirrorPlane(surface);
  if (!plane.found()) {  // sides that are not exact mirrors: the best of a coarse comparison
    MirrorPlaneParams coarse;
    coarse.vertexTolerance = params.coarseMirrorTolerance;
    coarse.minPairedFraction = 0;
    plane = findMirrorPlane(surface, coarse);
  }
  if (plane.found()) {
    frame.lateral = plane.axis;
    frame.midline = plane.offset;
  } else {  // a body is narrower than it is long
    frame.lateral = hi.x() - lo.x() < hi.z() - lo.z() ? 0 : 2;
    frame.midline = 0.5 * (lo[frame.lateral] + hi[frame.lateral]);
  }
  frame.along = 2 - frame.lateral;
  frame.lowest = lo.y();
  frame.height = hi.y() - lo.y();
  frame.length = hi[frame.along] - lo[frame.along];
  frame.size = (hi - lo).norm();
  return frame;
}

/// The extremities of the body: maxima of the geodesic distance from its centre.
std::vector<int> extremities(const SurfaceDomain& domain, double size,
                             const AutoHeadParams& params) {
  Eigen::Vector3d centroid = Eigen::Vector3d::Zero();
  int count = 0;
  for (int v = 0; v < domain.meshVertexCount; ++v)
    if (domain.active[v]) centroid += domain.positions[v], ++count;
  centroid /= double(count);
  int centre = -1;
  for (int v = 0; v < domain.meshVertexCount; ++v)
    if (domain.active[v] && (centre < 0 || (domain.positions[v] - centroid).squaredNorm() <
                                               (domain.positions[centre] - centroid).squaredNorm()))
      centre = v;
  ExtremaParams extremaParams;
  extremaParams.minPersistenceFraction = params.minPersistenceFraction;
  std::vector<int> ends;
  for (const ExtremalVertex& e :
       extremalVertices(domain, geodesicDistance(domain, centre), size, extremaParams))
    if (e.vertex < domain.meshVertexCount) ends.push_back(e.vertex);
  return ends;
}

/// One free end of the body, beyond the feet on one side (+1 or -1 along its length).
struct BodyEnd {
  int side = 0;
  int pairs = 0;  ///< mirrored extremities off the midline (ears, horns, tusks)
  double profileTop = -std::numeric_limits<double>::infinity();  ///< highest midline point
  int tip = -1;  ///< the midline vertex farthest out
};

BodyEnd bodyEnd(const SurfaceDomain& domain, const BodyFrame& frame, const std::vector<int>& ends,
                double beyond, int side, const AutoHeadParams& params) {
  BodyEnd end;
  end.side = side;
  const auto out = [&](const Eigen::Vector3d& p) { return side * (p[frame.along] - beyond); };
  const auto offMidline = [&](const Eigen::Vector3d& p) {
    return std::abs(p[frame.lateral] - frame.midline);
  };
  for (int v = 0; v < domain.meshVertexCount; ++v) {
    const Eigen::Vector3d& p = domain.positions[v];
    if (!domain.active[v] || out(p) <= 0 || offMidline(p) > params.midlineFraction * frame.size)
      continue;
    end.profileTop = std::max(end.profileTop, p.y());
    if (end.tip < 0 || out(p) > out(domain.positions[end.tip])) end.tip = v;
  }
  const double tolerance = params.pairTolerance * frame.size;
  for (size_t i = 0; i < ends.size(); ++i) {
    const Eigen::Vector3d& p = domain.positions[ends[i]];
    if (out(p) <= 0 || p.y() - frame.lowest < params.footBand * frame.height ||
        offMidline(p) < params.sideFraction * frame.size)
      continue;
    for (size_t j = i + 1; j < ends.size(); ++j) {
      Eigen::Vector3d image = domain.positions[ends[j]];
      image[frame.lateral] = 2 * frame.midline - image[frame.lateral];
      if ((image - p).norm() < tolerance) ++end.pairs;
    }
  }
  return end;
}

std::string percent(double fraction) {
  char text[16];
  std::snprintf(text, sizeof text, "%.0f%%", 100 * fraction);
  return text;
}

/// A body standing on its feet: its frame, its extremities and the span of its feet along its
/// length; `upright` (with the reason) when it is not one (it stands upright, has no feet on the
/// floor, or no midline beyond them).
struct Layout {
  std::optional<SurfaceDomain> domain;
  BodyFrame frame;
  std::vector<int> ends;
  double back = 0.0, front = 0.0;
  BodyEnd ahead, behind;
  std::string upright;  ///< why the head is the highest point; empty for a four-legged layout
};

Layout bodyLayout(const Mesh& mesh, int highest, const AutoHeadParams& params) {
  Layout layout;
  Expected<SurfaceDomain> domain = buildSurfaceDomain(mesh, highest);
  if (!domain) {
    layout.upright = "the highest point";
    return layout;
  }
  layout.domain = std::move(domain).value();
  const SurfaceDomain& d = *layout.domain;
  const BodyFrame frame = layout.frame = bodyFrame(d, params);
  if (!(frame.height > 0) || frame.length < params.uprightLengthRatio * frame.height) {
    layout.upright = "the highest point: the body stands upright (length " +
                     percent(frame.length / frame.height) + " of its height)";
    return layout;
  }
  layout.ends = extremities(d, frame.size, params);
  layout.back = std::numeric_limits<double>::infinity();
  layout.front = -layout.back;
  int feet = 0;
  for (int v : layout.ends)
    if (d.positions[v].y() - frame.lowest < params.footBand * frame.height) {
      ++feet;
      layout.back = std::min(layout.back, d.positions[v][frame.along]);
      layout.front = std::max(layout.front, d.positions[v][frame.along]);
    }
  if (feet < 2) {
    layout.upright = "the highest point: no feet found on the floor";
    return layout;
  }
  layout.ahead = bodyEnd(d, frame, layout.ends, layout.front, +1, params);
  layout.behind = bodyEnd(d, frame, layout.ends, layout.back, -1, params);
  if (layout.ahead.tip < 0 && layout.behind.tip < 0)
    layout.upright = "the highest point: nothing of the midline beyond the feet";
  return layout;
}

}  // namespace

Expected<AutoHead> findHeadVertex(const Mesh& mesh, const AutoHeadParams& params) {
  if (mesh.triangles.empty()) return Error{"the mesh has no triangles"};
  const int highest = highestVertex(mesh);
  const AutoHead upright{highest, "the highest point"};
  const Layout layout = bodyLayout(mesh, highest, params);
  if (!layout.upright.empty()) return AutoHead{highest, layout.upright};
  const BodyFrame& frame = layout.frame;
  const BodyEnd& ahead = layout.ahead;
  const BodyEnd& behind = layout.behind;
  std::string reason;
  const BodyEnd* head = nullptr;
  if (ahead.pairs != behind.pairs && (ahead.pairs == 0 || behind.pairs == 0)) {
    head = ahead.pairs > behind.pairs ? &ahead : &behind;
    reason = "the end beyond the feet with paired ears or horns (" + std::to_string(head->pairs) +
             (head->pairs == 1 ? " pair" : " pairs") + ", the other end none)";
  } else {
    head = ahead.profileTop >= behind.profileTop ? &ahead : &behind;
    const BodyEnd& other = head == &ahead ? behind : ahead;
    reason = "the end beyond the feet that rises higher (" +
             percent((head->profileTop - frame.lowest) / frame.height) +
             " of the height, the other " +
             (other.tip < 0 ? std::string("end has none")
                            : percent((other.profileTop - frame.lowest) / frame.height)) +
             ")";
  }
  if (head->tip < 0) return upright;
  return AutoHead{head->tip, "the front of the head: " + reason};
}

AutoHead headAtPickedEnd(const Mesh& mesh, int picked, const AutoHeadParams& params) {
  const AutoHead unchanged{picked, ""};
  if (mesh.triangles.empty() || picked < 0 || picked >= int(mesh.positions.size()))
    return unchanged;
  const Layout layout = bodyLayout(mesh, highestVertex(mesh), params);
  if (!layout.upright.empty()) return unchanged;
  const Eigen::Vector3d& p = mesh.positions[picked];
  if (std::abs(p[layout.frame.lateral] - layout.frame.midline) <
      params.sideFraction * layout.frame.size)
    return unchanged;  // on the midline: the brow, the snout, the crown stay where picked
  const double along = p[layout.frame.along];
  const BodyEnd& end = along >= 0.5 * (layout.front + layout.back) ? layout.ahead : layout.behind;
  if (end.tip < 0 || end.tip == picked) return unchanged;
  return AutoHead{end.tip, "head node moved from the picked vertex " + std::to_string(picked) +
                               " to the front of that end of the body (vertex " +
                               std::to_string(end.tip) +
                               "): a pick off the midline is on a horn, a tusk or an ear, whose "
                               "projection on the midline can fall under the jaw"};
}

}  // namespace rw

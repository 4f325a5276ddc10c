#pragma once
// The mesh topology graph drawn over the viewport, as in Poirier 2009 Fig. 6: one resolution
// level's arcs coloured by symmetry tag (primary red, axial orange, radial and untagged yellow),
// axial arcs labelled L / R and radial arcs by their number, nodes as dots. Built in world space
// once per result; projected and painted with QPainter each frame (always on top: it is a
// diagnostic overlay, as Blender draws its overlays).
#include <Eigen/Core>
#include <QColor>
#include <QString>
#include <vector>

class QPainter;

namespace rw {
class TopologyGraph;
struct GraphSymmetry;
}  // namespace rw

namespace rw::render {

class Camera;

struct OverlayArc {
  std::vector<Eigen::Vector3d> polyline;  ///< world space, from the head side outwards
  QColor color;
  QString label;  ///< "L", "R", a radial number, or empty
};

struct OverlayNode {
  Eigen::Vector3d position = Eigen::Vector3d::Zero();
  bool root = false;
};

struct GraphOverlay {
  std::vector<OverlayArc> arcs;
  std::vector<OverlayNode> nodes;
  bool empty() const { return arcs.empty() && nodes.empty(); }
};

/// The overlay of `graph` tagged by `symmetry` (per arc; a shorter or empty list leaves the
/// remaining arcs untagged, yellow).
GraphOverlay buildGraphOverlay(const TopologyGraph& graph, const GraphSymmetry* symmetry);

/// A marker for a head node (a ring with a cross, labelled), in world space.
struct HeadMarker {
  Eigen::Vector3d position = Eigen::Vector3d::Zero();
  QColor color;
  QString label;
};

/// Paints the overlay and the markers through `camera` (pixel coordinates as in Camera::project).
/// Parts behind the eye are skipped.
void paintGraphOverlay(QPainter& painter, const Camera& camera, const GraphOverlay& overlay,
                       const std::vector<HeadMarker>& markers);

/// A one-line note in the bottom-left corner (where the legend goes): what the viewport leaves
/// out and how to bring it back.
void paintViewportNote(QPainter& painter, const QString& note);

}  // namespace rw::render

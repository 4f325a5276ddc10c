#pragma once
// One frame of the viewport as the UI thread hands it to the render thread: everything the
// drawing reads, by value or through pointers to data that nobody changes any more, so that the
// render thread never looks at the widget while the UI thread edits it. Arrays that are costly
// to upload carry a version: the render thread uploads them again only when it changes.
#include <QSize>
#include <QString>
#include <QtGlobal>
#include <memory>
#include <optional>
#include <vector>

#include "camera.h"
#include "graph_overlay.h"
#include "mesh_draw_data.h"
#include "mesh_renderer.h"
#include "skeleton/skeleton.h"
#include "translate_gizmo.h"

namespace rw::ui {

struct ViewportFrame {
  /// Pixel size of the target and the window's device pixel ratio (for the painted overlay).
  QSize size;
  qreal devicePixelRatio = 1.0;
  render::Camera camera;
  /// Drawn with multisampling (still frames); moving frames are drawn directly.
  bool antialiased = false;

  bool grid = true;
  bool bones = true;
  bool wireframe = false;
  bool xray = false;
  bool dualQuaternion = false;
  render::SurfaceLighting lighting = render::SurfaceLighting::Automatic;

  /// The surface (null: none) and the bounds the grid is sized to.
  std::shared_ptr<const render::MeshDrawData> mesh;
  Eigen::AlignedBox3d bounds;
  quint64 meshVersion = 0;
  /// Skin weights (null: rigid) and weight-view colours per source vertex (null: clay).
  std::shared_ptr<const render::SkinDrawData> skin;
  std::shared_ptr<const std::vector<Eigen::Vector3f>> colors;
  quint64 weightsVersion = 0;
  /// The skeleton as drawn (posed or at rest; null: no bones), the mesh's size the bones are
  /// scaled by, and the highlighted joint.
  std::shared_ptr<const Skeleton> skeleton;
  double boneScale = 1.0;
  int selectedJoint = -1;
  quint64 bonesVersion = 0;
  /// Skinning matrices (empty: the rest pose).
  std::shared_ptr<const std::vector<Transform>> skinMatrices;
  quint64 poseVersion = 0;

  /// Painted over the image (the overlay only when shown).
  std::shared_ptr<const render::GraphOverlay> overlay;
  std::vector<render::HeadMarker> markers;
  /// A one-line note in the corner (empty: none), e.g. why the graph overlay is not drawn.
  QString note;
  /// The Move tool's gizmo on the selected joint (always on top), and the handle being dragged.
  std::optional<render::TranslateGizmo> gizmo;
  render::GizmoHandle gizmoActive = render::GizmoHandle::None;
};

}  // namespace rw::ui

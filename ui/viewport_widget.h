#pragma once
// The 3D viewport: the character's mesh as clay (or weight colours, a wireframe, X-ray), its
// bones as octahedra (deform bones blue, control bones orange, the selected bone light), the
// mesh topology graph overlaid with its symmetry tags, head-node markers and a ground grid,
// in an OpenGL 3.3 core context. The mesh is skinned on the GPU when a pose is set.
//
// Navigation as in Blender: left drag orbits, middle drag or Shift+left drag pans, the wheel
// zooms, F or Home frames everything, period (.) frames the selected bone, 1/3/7 (also on the
// numpad; Ctrl for the opposite side) give the front, right and top views, 5 toggles
// perspective/orthographic. A left click without a drag picks: what it picks depends on the
// tool (select a bone, set the mesh head node, set the skeleton head node).
//
// It draws into a native OpenGL window (ViewportSurface) that fills it, on a render thread
// (ViewportRenderer): the widget keeps the scene and hands each frame over as a snapshot
// (ViewportFrame), so the UI thread never waits for OpenGL. Frames drawn in quick succession
// (playback, orbiting) are drawn directly; when the view comes to rest it is drawn once more
// with 4x multisampling, so what the artist studies is anti-aliased while motion stays fluid
// (llvmpipe spends more than twice as long on a multisampled frame).
#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QImage>
#include <QPoint>
#include <QSurfaceFormat>
#include <QWidget>
#include <memory>
#include <optional>
#include <vector>

#include "camera.h"
#include "graph_overlay.h"
#include "mesh_draw_data.h"
#include "mesh_renderer.h"
#include "skin/weight_paint.h"
#include "translate_gizmo.h"
#include "viewport_frame.h"

class QOpenGLContext;
class QTimer;

namespace rw {
struct Character;
class SkinWeights;
}  // namespace rw

namespace rw::ui {

/// Move: drag the selected joint with the translate gizmo (the ring in the view plane, an arrow
/// along its axis; X, Y or Z while dragging constrains to that axis, Esc cancels); Ctrl+click
/// on the mesh puts it at the middle of the limb under the cursor.
/// Paint: a brush over the rest mesh raises, lowers or smooths the selected bone's weight
/// (skin/weight_paint.h), the weight view updating under it; a stroke is one edit.
enum class ViewportTool { Select, MeshHead, SkeletonHead, Move, Paint };

/// Which application's mouse the view answers to. Rigwright: left drag orbits, middle or
/// Shift+left pans, and Maya's Alt combinations work too. Blender: middle drag orbits,
/// Shift+middle pans, Ctrl+middle zooms, the left button only selects. Maya: Alt+left orbits,
/// Alt+middle pans, Alt+right dollies, the left button only selects. The wheel zooms in all.
enum class NavigationPreset { Rigwright, Blender, Maya };

class ViewportRenderer;
class ViewportSurface;

class ViewportWidget : public QWidget {
  Q_OBJECT

 public:
  explicit ViewportWidget(QWidget* parent = nullptr);
  ~ViewportWidget() override;

  /// OpenGL 3.3 core with depth and stencil (multisampling is done in an offscreen buffer).
  static QSurfaceFormat surfaceFormat();
  /// The current scene, drawn anti-aliased offscreen at the viewport's size (screenshots,
  /// tests); waits for the render thread (which sets OpenGL up if needed). Null if OpenGL is
  /// unavailable.
  QImage grabFramebuffer();
  /// The viewport's OpenGL context, current on the render thread (null before the first frame
  /// or grab).
  QOpenGLContext* context() const;
  /// The native window that draws and takes the mouse (tests send it what the window system
  /// would).
  QWindow* surfaceWindow() const;

  /// Shows `character` (null clears the view) with its own skeleton and skin, and frames it
  /// from the front three-quarter view. What the GPU draws (vertex arrays, normals, packed
  /// weights) is prepared on a worker thread; the mesh appears when it is ready.
  void setCharacter(std::shared_ptr<const Character> character);
  const std::shared_ptr<const Character>& character() const { return character_; }
  /// The skeleton drawn (and that poses skin against); null hides the bones. `skin`: weights of
  /// the character's source vertices for this skeleton's joints (null: the mesh stays rigid).
  void setSkeleton(std::shared_ptr<const Skeleton> skeleton,
                   std::shared_ptr<const SkinWeights> skin);
  const std::shared_ptr<const Skeleton>& skeleton() const { return skeleton_; }
  const std::shared_ptr<const SkinWeights>& skin() const { return skin_; }
  /// Poses the skeleton (one global transform per joint) and skins the mesh on the GPU; empty
  /// returns to the rest pose.
  void setPose(std::vector<Transform> globals);
  const std::vector<Transform>& pose() const { return pose_; }

  void setGraphOverlay(render::GraphOverlay overlay);
  const render::GraphOverlay& graphOverlay() const { return *overlay_; }
  /// Head markers: the mesh head (welded vertex) and the skeleton head (joint); -1 hides one.
  void setHeadNodes(int meshVertex, int skeletonJoint);
  int selectedJoint() const { return selectedJoint_; }

  const render::Camera& camera() const { return camera_; }
  render::Camera& camera() { return camera_; }

  ViewportTool tool() const { return tool_; }
  bool gridVisible() const { return gridVisible_; }
  bool bonesVisible() const { return bonesVisible_; }
  bool overlayVisible() const { return overlayVisible_; }
  bool wireframe() const { return wireframe_; }
  bool xray() const { return xray_; }
  bool weightView() const { return weightView_; }
  /// True while mesh or skin data for the GPU is being prepared off the UI thread.
  bool preparing() const { return meshJob_ || skinJob_; }
  /// False when the GL context or the shaders could not be set up (see glError()), or before
  /// the first frame or grab.
  bool glReady() const;
  QString glError() const;
  /// True once the view is at rest on screen: the anti-aliased frame of the current scene has
  /// been drawn and shown, and nothing newer is waiting (tests compare the screen with grabs).
  bool stillFrameShown() const;
  /// Whether the mesh is lit per vertex from the current camera (its triangles are at most
  /// MeshRenderer::kVertexLightingMaxPixels across; known once the mesh is on the GPU).
  bool meshLitPerVertex() const;
  /// The mesh's mean triangle size in pixels from the current camera (0 before it is prepared).
  double meshTriangleSizePixels() const;
  /// Forces the mesh's lighting per vertex or per fragment (tests); Automatic by default.
  void setMeshLighting(render::SurfaceLighting lighting);
  /// Pixel position of a world point (for tests and tools).
  QPoint screenPosition(const Eigen::Vector3d& world) const;
  /// Whether the bones shown may be moved by hand (a retargeted rig at rest; the window says).
  bool jointEditing() const { return jointEditing_; }
  /// The joint being dragged and where it is now (empty: no drag, or the drag's result not yet
  /// shown by a new skeleton).
  std::optional<Eigen::Vector3d> movePreview() const { return movePreview_; }
  /// The gizmo as drawn for the selected joint (none: the Move tool is off or nothing movable).
  std::optional<render::TranslateGizmo> gizmo() const;

 public slots:
  /// Frames the mesh (the posed body while a clip is on it).
  void frameAll();
  void frameSelected();
  void setViewPreset(rw::render::ViewPreset preset);
  void toggleOrthographic();
  void setGridVisible(bool visible);
  void setBonesVisible(bool visible);
  void setOverlayVisible(bool visible);
  void setWireframe(bool on);
  void setXray(bool on);
  /// Colours the mesh by the selected bone's skin weight (Blender's ramp, blue 0 → red 1).
  void setWeightView(bool on);
  void setDualQuaternionSkinning(bool on);
  void setTool(rw::ui::ViewportTool tool);
  void setSelectedJoint(int joint);
  /// Allows moving joints with the Move tool (the window turns it on for a retargeted rig).
  void setJointEditing(bool on);
  /// Joints placed by hand, marked in the view.
  void setPinnedJoints(std::vector<int> joints);
  /// The weight brush (radius in character units) and, when edits mirror, each joint's twin
  /// (empty: no mirroring; symmetry/mirror_joints.h).
  void setBrush(const Brush& brush) { brush_ = brush; }
  const Brush& brush() const { return brush_; }
  void setMirrorTwins(std::vector<int> twins) { mirrorTwins_ = std::move(twins); }
  const std::vector<int>& mirrorTwins() const { return mirrorTwins_; }
  void setNavigation(NavigationPreset preset) { navigation_ = preset; }
  NavigationPreset navigation() const { return navigation_; }
  /// While on, every frame is drawn like a moving one (no multisampling): set while a long
  /// computation shares the CPU; turning it off draws the view anti-aliased.
  void setDeferStillFrames(bool defer);

 signals:
  /// The camera moved (orbit, pan, zoom, preset, frame).
  void cameraChanged();
  /// A click on the mesh with the mesh-head tool: the welded vertex nearest to the hit.
  void meshHeadPicked(int weldedVertex);
  /// A click on a bone with the skeleton-head tool.
  void skeletonHeadPicked(int joint);
  /// The selected bone changed by a click (-1: clicked on nothing).
  void jointSelected(int joint);
  /// A frame was drawn and shown.
  void frameSwapped();
  /// The Move tool put `joint` at `position` (a gizmo drag released, or Ctrl+click's snap to
  /// the middle of the mesh under the cursor).
  void jointMoved(int joint, const Eigen::Vector3d& position);
  /// A paint stroke ended: the painted vertices' new weights (whole influence lists).
  void weightsPainted(int joint, const rw::PaintedWeights& painted);

 protected:
  void paintEvent(QPaintEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void mouseReleaseEvent(QMouseEvent* event) override;
  void wheelEvent(QWheelEvent* event) override;
  void keyPressEvent(QKeyEvent* event) override;
  /// While a joint is dragged, Esc and X/Y/Z are the drag's (not the window's shortcuts).
  bool event(QEvent* event) override;

 private:
  friend class ViewportSurface;
  /// AltOrbit: an orbit begun with Alt held (Maya's tumble), which never ends in a click.
  /// Click: a left press that only selects (the Blender and Maya presets), never a drag.
  enum class Drag { None, Orbit, AltOrbit, Pan, Zoom, MoveJoint, Paint, Click };
  /// What a press of `button` with `modifiers` starts under the navigation preset.
  Drag navigationDrag(Qt::MouseButton button, Qt::KeyboardModifiers modifiers) const;

  /// Asks for a frame (once per event-loop pass, however many changes it brings).
  void redraw();
  /// Hands the scene as it is now to the render thread: directly drawn when frames come in
  /// quick succession, else anti-aliased.
  void submitFrame();
  /// Creates the native window and the render thread on first use.
  void ensureRenderer();
  /// Frees the GL objects and stops the render thread (before the native window goes).
  void stopRenderer();
  /// The scene as a snapshot for the render thread (prepares what changed since the last one).
  ViewportFrame buildFrame();
  /// Weight-view colours per source vertex for the selected bone (null: clay).
  std::shared_ptr<const std::vector<Eigen::Vector3f>> weightColors() const;
  QSize pixelSize() const;

  /// Starts preparing the GPU data of the character's mesh / of the skin on a worker.
  void prepareMesh();
  void prepareSkin();
  /// Waits for preparations still running and takes their results (grabs only).
  void finishPreparation();
  void updateBounds();
  /// What Frame All frames: the mesh, or the posed body while a clip plays.
  Eigen::AlignedBox3d frameBounds() const;
  void click(QPoint at);
  int pickJoint(QPoint at) const;
  /// Starts a gizmo drag when `at` is on a handle of the selected joint's gizmo.
  bool beginJointDrag(QPoint at);
  void updateJointDrag(QPoint at);
  /// Ctrl+click with the Move tool: the selected joint to the middle of the mesh under `at`.
  void snapJointToCentre(QPoint at);
  /// A dab of the weight brush where the ray under `at` meets the mesh (and its mirror image
  /// on the twin, when edits mirror); false when it misses.
  bool paintAt(QPoint at);
  /// The skeleton as drawn: the pose, or the rest with the dragged joint moved.
  std::shared_ptr<const Skeleton> drawnSkeleton() const;
  std::vector<Transform> currentGlobals() const;

  std::shared_ptr<const Character> character_;
  std::shared_ptr<const Skeleton> skeleton_;
  std::shared_ptr<const SkinWeights> skin_;
  std::vector<Transform> pose_;
  /// GPU data prepared off the UI thread, and the jobs preparing newer data (null: none).
  std::shared_ptr<const render::MeshDrawData> meshData_;
  std::shared_ptr<const render::SkinDrawData> skinData_;
  QFutureWatcher<std::shared_ptr<const render::MeshDrawData>>* meshJob_ = nullptr;
  QFutureWatcher<std::shared_ptr<const render::SkinDrawData>>* skinJob_ = nullptr;
  std::shared_ptr<const render::GraphOverlay> overlay_ =
      std::make_shared<const render::GraphOverlay>();
  int meshHead_ = -1;
  int skeletonHead_ = -1;
  int selectedJoint_ = -1;
  bool jointEditing_ = false;
  std::vector<int> pinnedJoints_;
  render::GizmoHandle moveHandle_ = render::GizmoHandle::None;
  Eigen::Vector2d moveGrab_ = Eigen::Vector2d::Zero();   ///< cursor at the drag's start, pixels
  Eigen::Vector3d moveStart_ = Eigen::Vector3d::Zero();  ///< the joint at the drag's start
  std::optional<Eigen::Vector3d> movePreview_;
  Brush brush_;
  NavigationPreset navigation_ = NavigationPreset::Rigwright;
  std::vector<int> mirrorTwins_;
  /// The weights being painted (a copy of the skin, shown until the re-skinned rig arrives),
  /// the vertices a stroke changed, the source vertices' normals and the last dab.
  std::shared_ptr<SkinWeights> paintWeights_;
  std::vector<char> paintChanged_;
  std::shared_ptr<const std::vector<Eigen::Vector3d>> paintNormals_;
  std::optional<Eigen::Vector3d> lastDab_;
  bool characterDirty_ = false;
  bool bonesDirty_ = false;
  bool weightsDirty_ = false;
  bool poseDirty_ = false;
  /// The mesh and every joint, in character space.
  Eigen::AlignedBox3d bounds_;
  /// Re-frame on resize until the user moves the camera.
  bool autoFrame_ = false;
  /// Versions of what the last frame handed over (the render thread uploads on a change), and
  /// the data prepared for frames.
  quint64 meshVersion_ = 1, weightsVersion_ = 1, bonesVersion_ = 1, poseVersion_ = 1;
  std::shared_ptr<const std::vector<Eigen::Vector3f>> frameColors_;
  std::shared_ptr<const Skeleton> frameSkeleton_;
  std::shared_ptr<const std::vector<Transform>> frameSkinMatrices_;
  render::Camera camera_;
  ViewportSurface* surface_ = nullptr;
  QWidget* container_ = nullptr;
  std::unique_ptr<ViewportRenderer> renderer_;
  bool submitQueued_ = false;
  QElapsedTimer sinceFrame_;
  /// Redraws anti-aliased once frames stop coming.
  QTimer* settle_ = nullptr;
  bool gridVisible_ = true;
  bool bonesVisible_ = true;
  bool overlayVisible_ = true;
  bool wireframe_ = false;
  bool xray_ = false;
  bool weightView_ = false;
  bool deferStill_ = false;
  bool dualQuaternion_ = false;
  render::SurfaceLighting lighting_ = render::SurfaceLighting::Automatic;
  ViewportTool tool_ = ViewportTool::Select;
  Drag drag_ = Drag::None;
  QPoint lastMouse_;
  QPoint pressMouse_;
  bool moved_ = false;
};

}  // namespace rw::ui

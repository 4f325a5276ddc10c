#include "viewport_widget.h"

#include <QDebug>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QTimer>
#include <QVBoxLayout>
#include <QWheelEvent>
#include <QtConcurrent/QtConcurrentRun>
#include <algorithm>

#include "background_priority.h"
#include "bone_geometry.h"
#include "character.h"
#include "palette.h"
#include "picking.h"
#include "symmetry/mirror_joints.h"
#include "viewport_renderer.h"
#include "viewport_surface.h"

namespace rw::ui {

namespace {

/// Pixels the mouse may move between press and release and still count as a click.
constexpr int kClickSlop = 3;
/// How near to a bone (pixels) a click picks it.
constexpr double kBonePickRadius = 10.0;
/// Pixels of an Alt+right drag that zoom as much as one wheel notch.
constexpr double kDragPixelsPerZoomStep = 40.0;
/// Frames closer together than this are motion (drawn without multisampling); this long after
/// the last one the view is drawn once more, anti-aliased.
constexpr int kSettleMs = 150;

/// Blender's weight ramp: blue 0, cyan, green 0.5, yellow, red 1.
Eigen::Vector3f weightColor(double w) {
  static const Eigen::Vector3f stops[] = {{0.0f, 0.0f, 1.0f},
                                          {0.0f, 1.0f, 1.0f},
                                          {0.0f, 1.0f, 0.0f},
                                          {1.0f, 1.0f, 0.0f},
                                          {1.0f, 0.0f, 0.0f}};
  const double x = std::clamp(w, 0.0, 1.0) * 4.0;
  const int i = std::min(int(x), 3);
  const float t = float(x - i);
  return (1.0f - t) * stops[i] + t * stops[i + 1];
}

}  // namespace

ViewportWidget::ViewportWidget(QWidget* parent) : QWidget(parent) {
  surface_ = new ViewportSurface(this);
  container_ = QWidget::createWindowContainer(surface_, this);
  container_->setFocusPolicy(Qt::NoFocus);  // the viewport widget takes the focus
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(container_);
  settle_ = new QTimer(this);
  settle_->setSingleShot(true);
  settle_->setInterval(kSettleMs);
  connect(settle_, &QTimer::timeout, this, &ViewportWidget::redraw);
  setFocusPolicy(Qt::StrongFocus);
  setMinimumSize(320, 240);
  camera_.setViewport(width(), height());
}

ViewportWidget::~ViewportWidget() {
  // The surface (a child of the container) goes after this body: the render thread frees the
  // GL objects and the context while the window still exists.
  stopRenderer();
}

QSurfaceFormat ViewportWidget::surfaceFormat() {
  QSurfaceFormat format;
  format.setRenderableType(QSurfaceFormat::OpenGL);
  format.setVersion(3, 3);
  format.setProfile(QSurfaceFormat::CoreProfile);
  format.setDepthBufferSize(24);
  format.setStencilBufferSize(8);
  format.setSamples(0);
  return format;
}

QOpenGLContext* ViewportWidget::context() const {
  return renderer_ ? renderer_->context() : nullptr;
}

bool ViewportWidget::stillFrameShown() const {
  return !submitQueued_ && !settle_->isActive() && renderer_ && renderer_->showsStillFrame();
}

bool ViewportWidget::glReady() const {
  return renderer_ && renderer_->ready();
}

QString ViewportWidget::glError() const {
  return renderer_ ? renderer_->error() : QString();
}

bool ViewportWidget::meshLitPerVertex() const {
  return render::MeshRenderer::lightsPerVertex(lighting_, meshData_.get(), camera_);
}

double ViewportWidget::meshTriangleSizePixels() const {
  return render::MeshRenderer::projectedTriangleSize(meshData_.get(), camera_);
}

void ViewportWidget::redraw() {
  // Every change of this event-loop pass goes into one frame.
  if (submitQueued_) return;
  submitQueued_ = true;
  QMetaObject::invokeMethod(this, &ViewportWidget::submitFrame, Qt::QueuedConnection);
}

QSize ViewportWidget::pixelSize() const {
  const qreal ratio = surface_->devicePixelRatio();
  return QSize(std::max(1, int(std::lround(width() * ratio))),
               std::max(1, int(std::lround(height() * ratio))));
}

void ViewportWidget::paintEvent(QPaintEvent*) {
  // update() on the widget (covered by the surface) means a new frame of the surface.
  redraw();
}

void ViewportWidget::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  // Pixel sizes in device-independent pixels: the mouse works in them too.
  camera_.setViewport(width(), height());
  if (autoFrame_ && !frameBounds().isEmpty()) camera_.frame(frameBounds());
  redraw();
}

void ViewportWidget::setMeshLighting(render::SurfaceLighting lighting) {
  lighting_ = lighting;
  redraw();
}

void ViewportWidget::setCharacter(std::shared_ptr<const Character> character) {
  character_ = std::move(character);
  characterDirty_ = true;
  paintNormals_.reset();
  paintWeights_.reset();
  overlay_ = std::make_shared<const render::GraphOverlay>();
  meshHead_ = skeletonHead_ = -1;
  if (character_ && !character_->skeleton.empty()) {
    skeleton_ = std::shared_ptr<const Skeleton>(character_, &character_->skeleton);
    skin_ = character_->skin.empty()
                ? nullptr
                : std::shared_ptr<const SkinWeights>(character_, &character_->skin);
  } else {
    skeleton_.reset();
    skin_.reset();
  }
  pose_.clear();
  selectedJoint_ = -1;
  bonesDirty_ = weightsDirty_ = poseDirty_ = true;
  prepareMesh();
  prepareSkin();
  updateBounds();
  camera_.setPreset(render::ViewPreset::ThreeQuarter);
  frameAll();
}

void ViewportWidget::prepareMesh() {
  using Job = QFutureWatcher<std::shared_ptr<const render::MeshDrawData>>;
  if (meshJob_) meshJob_->disconnect(this);  // superseded: its result is dropped
  meshJob_ = nullptr;
  meshData_.reset();
  characterDirty_ = true;
  if (!character_ || character_->mesh.empty()) return;
  auto* job = new Job(this);
  meshJob_ = job;
  connect(job, &Job::finished, job, &QObject::deleteLater);
  connect(job, &Job::finished, this, [this, job] {
    if (job != meshJob_) return;
    meshJob_ = nullptr;
    meshData_ = job->result();
    characterDirty_ = true;
    redraw();
  });
  const std::shared_ptr<const Character> character = character_;
  job->setFuture(QtConcurrent::run(backgroundPool(), [character] {
    lowerThreadPriority();
    return std::make_shared<const render::MeshDrawData>(render::buildMeshDrawData(character->mesh));
  }));
}

void ViewportWidget::prepareSkin() {
  using Job = QFutureWatcher<std::shared_ptr<const render::SkinDrawData>>;
  if (skinJob_) skinJob_->disconnect(this);
  skinJob_ = nullptr;
  skinData_.reset();
  weightsDirty_ = true;
  if (!skin_) return;
  auto* job = new Job(this);
  skinJob_ = job;
  connect(job, &Job::finished, job, &QObject::deleteLater);
  connect(job, &Job::finished, this, [this, job] {
    if (job != skinJob_) return;
    skinJob_ = nullptr;
    skinData_ = job->result();
    weightsDirty_ = true;
    redraw();
  });
  const std::shared_ptr<const SkinWeights> skin = skin_;
  job->setFuture(QtConcurrent::run(backgroundPool(), [skin] {
    lowerThreadPriority();
    return std::make_shared<const render::SkinDrawData>(render::buildSkinDrawData(*skin));
  }));
}

void ViewportWidget::finishPreparation() {
  if (meshJob_) {
    meshJob_->waitForFinished();
    meshData_ = meshJob_->result();
    meshJob_->disconnect(this);
    meshJob_ = nullptr;
    characterDirty_ = true;
  }
  if (skinJob_) {
    skinJob_->waitForFinished();
    skinData_ = skinJob_->result();
    skinJob_->disconnect(this);
    skinJob_ = nullptr;
    weightsDirty_ = true;
  }
}

void ViewportWidget::setSkeleton(std::shared_ptr<const Skeleton> skeleton,
                                 std::shared_ptr<const SkinWeights> skin) {
  const bool changed = skeleton != skeleton_;
  const bool skinChanged = skin != skin_;
  skeleton_ = std::move(skeleton);
  skin_ = std::move(skin);
  if (skinChanged) prepareSkin();
  if (skinChanged && drag_ != Drag::Paint) paintWeights_.reset();  // the painted result is in
  if (changed) {
    pose_.clear();
    if (skeleton_ && selectedJoint_ >= skeleton_->size()) selectedJoint_ = -1;
    // A moved joint's result has arrived (or the rig was replaced): draw what it is now.
    if (drag_ != Drag::MoveJoint) movePreview_.reset();
  }
  bonesDirty_ = weightsDirty_ = poseDirty_ = true;
  updateBounds();
  redraw();
}

void ViewportWidget::setPose(std::vector<Transform> globals) {
  pose_ = std::move(globals);
  bonesDirty_ = poseDirty_ = true;
  redraw();
}

void ViewportWidget::setGraphOverlay(render::GraphOverlay overlay) {
  overlay_ = std::make_shared<const render::GraphOverlay>(std::move(overlay));
  redraw();
}

void ViewportWidget::setHeadNodes(int meshVertex, int skeletonJoint) {
  meshHead_ = meshVertex;
  skeletonHead_ = skeletonJoint;
  redraw();
}

void ViewportWidget::setSelectedJoint(int joint) {
  if (skeleton_ && joint >= skeleton_->size()) joint = -1;
  if (joint == selectedJoint_) return;
  selectedJoint_ = joint;
  bonesDirty_ = weightsDirty_ = true;
  redraw();
}

void ViewportWidget::updateBounds() {
  // The mesh is what the artist frames; the skeleton only when there is no mesh (a motion or
  // rig file), and then its deform joints: control bones (poles, pivots, IK targets in their
  // bind place) may sit well outside the body.
  Eigen::AlignedBox3d box;
  if (character_ && !character_->mesh.empty()) {
    box = character_->mesh.bounds();
  } else if (skeleton_) {
    const std::vector<Transform> rest = skeleton_->restGlobals();
    const bool anyDeform = skeleton_->deformCount() > 0;
    for (int j = 0; j < skeleton_->size(); ++j)
      if (!anyDeform || skeleton_->joints[j].deform) box.extend(rest[j].translation());
  }
  bounds_ = box;
  if (!bounds_.isEmpty()) camera_.setSceneRadius(0.5 * bounds_.diagonal().norm());
}

Eigen::AlignedBox3d ViewportWidget::frameBounds() const {
  if (!skeleton_ || pose_.size() != skeleton_->joints.size() || bounds_.isEmpty()) return bounds_;
  // Posed: the deform joints where the clip has taken them, padded to hold the body around them.
  Eigen::AlignedBox3d box;
  for (int j = 0; j < skeleton_->size(); ++j)
    if (skeleton_->joints[j].deform) box.extend(pose_[j].translation());
  if (box.isEmpty()) return bounds_;
  const Eigen::Vector3d pad = Eigen::Vector3d::Constant(0.1 * bounds_.diagonal().norm());
  box.extend(box.min() - pad);
  box.extend(box.max() + pad);
  return box;
}

std::vector<Transform> ViewportWidget::currentGlobals() const {
  if (!skeleton_) return {};
  if (pose_.size() == skeleton_->joints.size()) return pose_;
  return skeleton_->restGlobals();
}

QPoint ViewportWidget::screenPosition(const Eigen::Vector3d& world) const {
  const Eigen::Vector3d s = camera_.project(world);
  return QPoint(int(std::lround(s.x())), int(std::lround(s.y())));
}

void ViewportWidget::frameAll() {
  // Stays framed through resizes (the window's first layout) until the user navigates.
  autoFrame_ = true;
  const Eigen::AlignedBox3d box = frameBounds();
  if (!box.isEmpty()) {
    camera_.frame(box);
    camera_.setSceneRadius(std::max(0.5 * box.diagonal().norm(), camera_.sceneRadius()));
  }
  emit cameraChanged();
  redraw();
}

void ViewportWidget::frameSelected() {
  if (!skeleton_ || selectedJoint_ < 0) {
    frameAll();
    return;
  }
  const double size = bounds_.isEmpty() ? 1.0 : bounds_.diagonal().norm();
  const Skeleton drawn = pose_.empty() ? *skeleton_ : render::posedSkeleton(*skeleton_, pose_);
  const BoneShape bone = drawn.boneShape(selectedJoint_, size);
  Eigen::AlignedBox3d box(bone.head);
  box.extend(bone.tail);
  // A bone is thin: pad it so that it is framed with some of the body around it.
  const Eigen::Vector3d pad = Eigen::Vector3d::Constant(std::max(0.3 * bone.length(), 0.02 * size));
  box.extend(box.min() - pad);
  box.extend(box.max() + pad);
  autoFrame_ = false;
  camera_.frame(box);
  camera_.setSceneRadius(0.5 * size);
  emit cameraChanged();
  redraw();
}

void ViewportWidget::setViewPreset(render::ViewPreset preset) {
  autoFrame_ = false;
  camera_.setPreset(preset);
  emit cameraChanged();
  redraw();
}

void ViewportWidget::toggleOrthographic() {
  camera_.setOrthographic(!camera_.orthographic());
  emit cameraChanged();
  redraw();
}

void ViewportWidget::setGridVisible(bool visible) {
  gridVisible_ = visible;
  redraw();
}

void ViewportWidget::setBonesVisible(bool visible) {
  bonesVisible_ = visible;
  redraw();
}

void ViewportWidget::setOverlayVisible(bool visible) {
  overlayVisible_ = visible;
  redraw();
}

void ViewportWidget::setWireframe(bool on) {
  wireframe_ = on;
  redraw();
}

void ViewportWidget::setXray(bool on) {
  xray_ = on;
  redraw();
}

void ViewportWidget::setWeightView(bool on) {
  weightView_ = on;
  weightsDirty_ = true;
  redraw();
}

void ViewportWidget::setDualQuaternionSkinning(bool on) {
  dualQuaternion_ = on;
  redraw();
}

void ViewportWidget::setDeferStillFrames(bool defer) {
  if (defer == deferStill_) return;
  deferStill_ = defer;
  if (!defer) settle_->start();  // the anti-aliased frame, once the motion (if any) has settled
}

QWindow* ViewportWidget::surfaceWindow() const {
  return surface_;
}

void ViewportWidget::setJointEditing(bool on) {
  if (on == jointEditing_) return;
  jointEditing_ = on;
  if (!on && drag_ == Drag::MoveJoint) drag_ = Drag::None;
  if (!on) movePreview_.reset();
  bonesDirty_ = true;
  redraw();
}

void ViewportWidget::setPinnedJoints(std::vector<int> joints) {
  if (joints == pinnedJoints_) return;
  pinnedJoints_ = std::move(joints);
  redraw();
}

std::optional<render::TranslateGizmo> ViewportWidget::gizmo() const {
  if (tool_ != ViewportTool::Move || !jointEditing_ || !skeleton_ || !bonesVisible_ ||
      selectedJoint_ < 0 || selectedJoint_ >= skeleton_->size() || !pose_.empty())
    return std::nullopt;
  render::TranslateGizmo g;
  const Transform rest = skeleton_->restGlobals()[std::size_t(selectedJoint_)];
  g.origin = movePreview_ ? *movePreview_ : Eigen::Vector3d(rest.translation());
  g.jointAxes = Eigen::Matrix3d(rest.linear());
  return g;
}

bool ViewportWidget::beginJointDrag(QPoint at) {
  const std::optional<render::TranslateGizmo> g = gizmo();
  if (!g) return false;
  const render::GizmoHandle handle = render::gizmoHandleAt(camera_, *g, at.x(), at.y());
  if (handle == render::GizmoHandle::None) return false;
  moveHandle_ = handle;
  moveGrab_ = Eigen::Vector2d(at.x(), at.y());
  moveStart_ = g->origin;
  return true;
}

void ViewportWidget::updateJointDrag(QPoint at) {
  const std::optional<Eigen::Vector3d> p =
      render::dragGizmo(camera_, moveStart_, moveHandle_, moveGrab_, at.x(), at.y());
  if (!p || !p->allFinite()) return;
  movePreview_ = *p;
  bonesDirty_ = true;
  redraw();
}

void ViewportWidget::snapJointToCentre(QPoint at) {
  if (!gizmo() || !character_ || character_->mesh.empty()) return;
  const render::Ray ray = render::rayThroughPixel(camera_, at.x(), at.y());
  const std::optional<Eigen::Vector3d> centre = render::centreAlongRay(character_->mesh, ray);
  if (!centre) return;
  movePreview_ = *centre;
  bonesDirty_ = true;
  redraw();
  emit jointMoved(selectedJoint_, *centre);
}

bool ViewportWidget::paintAt(QPoint at) {
  if (!paintWeights_ || !character_ || !skeleton_ || selectedJoint_ < 0 ||
      selectedJoint_ >= skeleton_->size())
    return false;
  const render::Ray ray = render::rayThroughPixel(camera_, at.x(), at.y());
  const std::optional<render::MeshHit> hit = render::pickMesh(character_->mesh, ray);
  if (!hit) return false;
  // Dabs a quarter of the radius apart: an even stroke however fast the mouse moves.
  if (lastDab_ && (hit->point - *lastDab_).norm() < 0.25 * brush_.radius) return true;
  lastDab_ = hit->point;
  if (!paintNormals_)
    paintNormals_ =
        std::make_shared<const std::vector<Eigen::Vector3d>>(sourceVertexNormals(character_->mesh));
  PaintSurface surface;
  surface.positions = &character_->mesh.source.positions;
  surface.normals = paintNormals_.get();
  surface.towardsEye = -ray.direction;
  auto dab = [&](int joint, const Eigen::Vector3d& centre) {
    // A vertex lowered off its only joint gives the rest to the nearest deform ancestor.
    int parent = skeleton_->joints[joint].parent;
    while (parent >= 0 && !skeleton_->joints[parent].deform)
      parent = skeleton_->joints[parent].parent;
    for (int v : paintDab(*paintWeights_, surface, joint, parent, brush_, centre))
      if (v < int(paintChanged_.size())) paintChanged_[std::size_t(v)] = 1;
  };
  dab(selectedJoint_, hit->point);
  const int twin = selectedJoint_ < int(mirrorTwins_.size()) ? mirrorTwins_[selectedJoint_] : -1;
  if (twin >= 0 && twin < skeleton_->size()) {
    const std::vector<Transform> globals = skeleton_->restGlobals();
    dab(twin, reflectAcrossBisector(hit->point, globals[selectedJoint_].translation(),
                                    globals[twin].translation()));
  }
  weightsDirty_ = true;
  redraw();
  return true;
}

std::shared_ptr<const Skeleton> ViewportWidget::drawnSkeleton() const {
  if (!skeleton_ || skeleton_->empty()) return nullptr;
  if (pose_.size() == skeleton_->joints.size())
    return std::make_shared<const Skeleton>(render::posedSkeleton(*skeleton_, pose_));
  if (!movePreview_ || selectedJoint_ < 0 || selectedJoint_ >= skeleton_->size()) return skeleton_;
  // The rest pose with the dragged joint moved alone: its children stay where they are, and a
  // parent bone ending on it follows it (as a joint moved in Blender's edit mode).
  auto moved = std::make_shared<Skeleton>(*skeleton_);
  std::vector<Transform> globals = skeleton_->restGlobals();
  const int j = selectedJoint_;
  const Eigen::Vector3d before = globals[j].translation();
  globals[j].translation() = *movePreview_;
  Joint& joint = moved->joints[j];
  joint.restLocal = joint.parent >= 0 ? globals[joint.parent].inverse() * globals[j] : globals[j];
  for (int c : skeleton_->children(j))
    moved->joints[c].restLocal = globals[j].inverse() * globals[c];
  if (joint.parent >= 0) {
    std::optional<Eigen::Vector3d>& tail = moved->joints[joint.parent].tail;
    if (tail && (*tail - before).norm() < 1e-9 * (1.0 + before.norm())) tail = *movePreview_;
  }
  return moved;
}

void ViewportWidget::setTool(ViewportTool tool) {
  tool_ = tool;
  const Qt::CursorShape cursor = tool == ViewportTool::Select || tool == ViewportTool::Move
                                     ? Qt::ArrowCursor
                                     : Qt::CrossCursor;
  setCursor(cursor);
  surface_->setCursor(cursor);
}

void ViewportWidget::ensureRenderer() {
  if (!surface_->handle()) surface_->create();  // the native window, on the UI thread
  if (renderer_) return;
  renderer_ = std::make_unique<ViewportRenderer>(surface_);
  connect(renderer_.get(), &ViewportRenderer::frameSwapped, this, &ViewportWidget::frameSwapped,
          Qt::QueuedConnection);
}

void ViewportWidget::stopRenderer() {
  renderer_.reset();
  // A new renderer (if the window comes back) uploads everything again.
  ++meshVersion_;
  ++weightsVersion_;
  ++bonesVersion_;
  ++poseVersion_;
}

QImage ViewportWidget::grabFramebuffer() {
  ensureRenderer();
  finishPreparation();  // a grab shows the scene as set, not as prepared so far
  ViewportFrame frame = buildFrame();
  frame.antialiased = true;
  return renderer_->grab(frame);
}

void ViewportWidget::submitFrame() {
  submitQueued_ = false;
  if (!surface_->isExposed()) return;
  ensureRenderer();
  ViewportFrame frame = buildFrame();
  // Since the previous frame: one closer than kSettleMs is motion, drawn without multisampling,
  // and the view is drawn once more anti-aliased when the motion stops.
  const bool moving = deferStill_ || (sinceFrame_.isValid() && sinceFrame_.elapsed() < kSettleMs);
  frame.antialiased = !moving;
  if (moving && !deferStill_) settle_->start();
  sinceFrame_.start();
  renderer_->submit(std::move(frame));
}

ViewportFrame ViewportWidget::buildFrame() {
  ViewportFrame frame;
  frame.size = pixelSize();
  frame.devicePixelRatio = surface_->devicePixelRatio();
  frame.camera = camera_;
  frame.grid = gridVisible_;
  frame.bones = bonesVisible_;
  frame.wireframe = wireframe_;
  frame.xray = xray_;
  frame.dualQuaternion = dualQuaternion_;
  frame.lighting = lighting_;

  // What changed since the last frame is prepared for upload and gets a new version.
  if (characterDirty_) {
    characterDirty_ = false;
    ++meshVersion_;
    bonesDirty_ = weightsDirty_ = poseDirty_ = true;
  }
  if (weightsDirty_) {
    weightsDirty_ = false;
    ++weightsVersion_;
    frameColors_ = weightColors();
  }
  if (bonesDirty_) {
    bonesDirty_ = false;
    ++bonesVersion_;
    frameSkeleton_ = drawnSkeleton();
  }
  if (poseDirty_) {
    poseDirty_ = false;
    ++poseVersion_;
    frameSkinMatrices_.reset();
    if (skeleton_ && skin_ && pose_.size() == skeleton_->joints.size()) {
      const std::vector<Transform> rest = skeleton_->restGlobals();
      auto matrices = std::make_shared<std::vector<Transform>>();
      matrices->reserve(rest.size());
      for (size_t j = 0; j < rest.size(); ++j) matrices->push_back(pose_[j] * rest[j].inverse());
      frameSkinMatrices_ = std::move(matrices);
    }
  }
  if (character_ && !character_->mesh.empty()) frame.mesh = meshData_;
  frame.bounds = bounds_;
  frame.meshVersion = meshVersion_;
  // Until the skin is prepared the mesh is drawn in its rest shape.
  frame.skin = skin_ ? skinData_ : nullptr;
  frame.colors = frameColors_;
  frame.weightsVersion = weightsVersion_;
  frame.skeleton = frameSkeleton_;
  frame.boneScale = bounds_.isEmpty() ? 1.0 : bounds_.diagonal().norm();
  frame.selectedJoint = selectedJoint_;
  frame.bonesVersion = bonesVersion_;
  frame.skinMatrices = frameSkinMatrices_;
  frame.poseVersion = poseVersion_;

  // The graph and the mesh head belong to the rest mesh: over a posed one they would float
  // where the body was (the overlay is drawn in the rest pose only, as Blender's edit mode).
  const bool meshAtRest = !frameSkinMatrices_;
  if (overlayVisible_ && meshAtRest) frame.overlay = overlay_;
  if (overlayVisible_ && !meshAtRest && !overlay_->empty())
    frame.note = tr("The graph is drawn at rest: View ▸ Rest Pose (Alt+R)");
  // The head markers over the scene.
  if (meshAtRest && character_ && meshHead_ >= 0 &&
      meshHead_ < int(character_->mesh.positions.size()))
    frame.markers.push_back(
        {character_->mesh.positions[meshHead_], render::palette::kMeshHead, tr("mesh head")});
  if (skeleton_ && skeletonHead_ >= 0 && skeletonHead_ < skeleton_->size())
    frame.markers.push_back({currentGlobals()[skeletonHead_].translation(),
                             render::palette::kSkeletonHead,
                             QString::fromStdString(skeleton_->joints[skeletonHead_].name)});
  // Joints placed by hand, and the Move tool's gizmo.
  if (frameSkeleton_ && pose_.empty()) {
    const std::vector<Transform> globals = frameSkeleton_->restGlobals();
    for (int j : pinnedJoints_)
      if (j >= 0 && j < frameSkeleton_->size())
        frame.markers.push_back({globals[j].translation(), render::palette::kPinned, QString()});
  }
  frame.gizmo = gizmo();
  frame.gizmoActive = drag_ == Drag::MoveJoint ? moveHandle_ : render::GizmoHandle::None;
  return frame;
}

std::shared_ptr<const std::vector<Eigen::Vector3f>> ViewportWidget::weightColors() const {
  if (!weightView_ || !skin_ || !character_ || character_->mesh.empty()) return nullptr;
  const SkinWeights& shown = paintWeights_ ? *paintWeights_ : *skin_;
  auto colors = std::make_shared<std::vector<Eigen::Vector3f>>(
      character_->mesh.source.positions.size(), weightColor(0.0));
  for (int v = 0; v < shown.vertexCount() && v < int(colors->size()); ++v)
    for (const Influence& influence : shown.perVertex[v])
      if (influence.joint == selectedJoint_) (*colors)[v] = weightColor(influence.weight);
  return colors;
}

int ViewportWidget::pickJoint(QPoint at) const {
  if (!skeleton_ || !bonesVisible_) return -1;
  const double size = bounds_.isEmpty() ? 1.0 : bounds_.diagonal().norm();
  const Skeleton drawn = pose_.size() == skeleton_->joints.size()
                             ? render::posedSkeleton(*skeleton_, pose_)
                             : *skeleton_;
  std::vector<Eigen::Vector3d> heads, tails;
  for (const BoneShape& bone : drawn.boneShapes(size)) {
    heads.push_back(bone.head);
    tails.push_back(bone.tail);
  }
  return render::pickSegment(camera_, heads, tails, at.x(), at.y(), kBonePickRadius);
}

void ViewportWidget::click(QPoint at) {
  switch (tool_) {
    case ViewportTool::MeshHead: {
      if (!character_ || character_->mesh.empty()) return;
      const render::Ray ray = render::rayThroughPixel(camera_, at.x(), at.y());
      if (const auto hit = render::pickMesh(character_->mesh, ray))
        emit meshHeadPicked(hit->vertex);
      return;
    }
    case ViewportTool::SkeletonHead: {
      const int joint = pickJoint(at);
      if (joint >= 0) emit skeletonHeadPicked(joint);
      return;
    }
    case ViewportTool::Select:
    case ViewportTool::Paint:
    case ViewportTool::Move: {  // a click off the gizmo selects, as in every DCC's move tool
      const int joint = pickJoint(at);
      setSelectedJoint(joint);
      emit jointSelected(joint);
      return;
    }
  }
}

void ViewportWidget::mousePressEvent(QMouseEvent* event) {
  lastMouse_ = pressMouse_ = event->position().toPoint();
  moved_ = false;
  if ((tool_ == ViewportTool::Move || tool_ == ViewportTool::Paint) &&
      event->button() == Qt::LeftButton) {
    const Qt::KeyboardModifiers mods = event->modifiers();
    if (mods == Qt::ControlModifier &&
        tool_ == ViewportTool::Move) {  // snap to the middle of the limb under the cursor
      snapJointToCentre(pressMouse_);
      event->accept();
      return;
    }
    if (mods == Qt::NoModifier && tool_ == ViewportTool::Paint) {
      if (skin_ && pose_.empty() && selectedJoint_ >= 0 && weightView_) {
        paintWeights_ = std::make_shared<SkinWeights>(*skin_);
        paintChanged_.assign(std::size_t(skin_->vertexCount()), 0);
        lastDab_.reset();
        drag_ = Drag::Paint;
        paintAt(pressMouse_);
        event->accept();
        return;
      }
    }
    if (mods == Qt::NoModifier && beginJointDrag(pressMouse_)) {
      drag_ = Drag::MoveJoint;
      bonesDirty_ = true;
      redraw();
      event->accept();
      return;
    }
  }
  drag_ = navigationDrag(event->button(), event->modifiers());
  if (drag_ == Drag::None) {
    QWidget::mousePressEvent(event);
    return;
  }
  event->accept();
}

ViewportWidget::Drag ViewportWidget::navigationDrag(Qt::MouseButton button,
                                                    Qt::KeyboardModifiers modifiers) const {
  const bool alt = modifiers & Qt::AltModifier, shift = modifiers & Qt::ShiftModifier,
             ctrl = modifiers & Qt::ControlModifier;
  switch (navigation_) {
    case NavigationPreset::Blender:
      if (button == Qt::MiddleButton) return shift ? Drag::Pan : ctrl ? Drag::Zoom : Drag::Orbit;
      return button == Qt::LeftButton ? Drag::Click : Drag::None;
    case NavigationPreset::Maya:
      if (alt && button == Qt::LeftButton) return Drag::AltOrbit;
      if (alt && button == Qt::MiddleButton) return Drag::Pan;
      if (alt && button == Qt::RightButton) return Drag::Zoom;
      return button == Qt::LeftButton ? Drag::Click : Drag::None;
    case NavigationPreset::Rigwright:
      break;
  }
  // Blender's mouse with a one-button start (left orbits, middle or Shift+left pans) and
  // Maya's (Alt with left orbits, with middle pans, with right dollies).
  if (button == Qt::MiddleButton || (button == Qt::LeftButton && shift)) return Drag::Pan;
  if (button == Qt::RightButton && alt) return Drag::Zoom;
  if (button == Qt::LeftButton) return alt ? Drag::AltOrbit : Drag::Orbit;
  return Drag::None;
}

void ViewportWidget::mouseMoveEvent(QMouseEvent* event) {
  if (drag_ == Drag::None) {
    QWidget::mouseMoveEvent(event);
    return;
  }
  const QPoint position = event->position().toPoint();
  if (!moved_ && (position - pressMouse_).manhattanLength() <= kClickSlop) return;
  moved_ = true;
  const QPoint delta = position - lastMouse_;
  lastMouse_ = position;
  if (drag_ == Drag::MoveJoint) {
    updateJointDrag(position);
    event->accept();
    return;
  }
  if (drag_ == Drag::Paint) {
    paintAt(position);
    event->accept();
    return;
  }
  if (drag_ == Drag::Click) {  // the presets whose left button only selects
    event->accept();
    return;
  }
  autoFrame_ = false;
  if (drag_ == Drag::Orbit || drag_ == Drag::AltOrbit)
    camera_.orbit(delta.x(), delta.y());
  else if (drag_ == Drag::Zoom)  // right or up brings the view in, as Maya's Alt+right drag
    camera_.zoom((delta.x() - delta.y()) / kDragPixelsPerZoomStep);
  else
    camera_.pan(delta.x(), delta.y());
  emit cameraChanged();
  redraw();
  event->accept();
}

void ViewportWidget::mouseReleaseEvent(QMouseEvent* event) {
  if (drag_ == Drag::None) {
    QWidget::mouseReleaseEvent(event);
    return;
  }
  const bool wasOrbit = drag_ == Drag::Orbit || drag_ == Drag::Click;
  if (drag_ == Drag::Paint) {
    drag_ = Drag::None;
    PaintedWeights painted;
    for (std::size_t v = 0; v < paintChanged_.size(); ++v)
      if (paintChanged_[v]) painted[int(v)] = paintWeights_->perVertex[v];
    if (painted.empty())
      paintWeights_.reset();
    else
      emit weightsPainted(selectedJoint_, painted);  // the copy stays shown until the result
    event->accept();
    return;
  }
  if (drag_ == Drag::MoveJoint) {
    drag_ = Drag::None;
    bonesDirty_ = true;
    if (moved_ && movePreview_)
      emit jointMoved(selectedJoint_, *movePreview_);  // the preview stays until the result
    else
      movePreview_.reset();
    redraw();
    event->accept();
    return;
  }
  drag_ = Drag::None;
  if (wasOrbit && !moved_ && event->button() == Qt::LeftButton) click(event->position().toPoint());
  event->accept();
}

void ViewportWidget::wheelEvent(QWheelEvent* event) {
  const double steps = event->angleDelta().y() / 120.0;
  if (steps == 0.0) {
    event->ignore();
    return;
  }
  autoFrame_ = false;
  camera_.zoom(steps);
  emit cameraChanged();
  redraw();
  event->accept();
}

bool ViewportWidget::event(QEvent* event) {
  if (event->type() == QEvent::ShortcutOverride && drag_ == Drag::MoveJoint) {
    const int key = static_cast<QKeyEvent*>(event)->key();
    if (key == Qt::Key_Escape || key == Qt::Key_X || key == Qt::Key_Y || key == Qt::Key_Z) {
      event->accept();
      return true;
    }
  }
  return QWidget::event(event);
}

void ViewportWidget::keyPressEvent(QKeyEvent* event) {
  if (drag_ == Drag::MoveJoint) {  // Blender's grab: X, Y, Z constrain, again frees; Esc cancels
    const int key = event->key();
    if (key == Qt::Key_Escape) {
      drag_ = Drag::None;
      movePreview_.reset();
      bonesDirty_ = true;
      redraw();
      event->accept();
      return;
    }
    if (key == Qt::Key_X || key == Qt::Key_Y || key == Qt::Key_Z) {
      const auto axis = render::GizmoHandle(key - Qt::Key_X);
      moveHandle_ = moveHandle_ == axis ? render::GizmoHandle::ViewPlane : axis;
      if (moved_) updateJointDrag(lastMouse_);
      event->accept();
      return;
    }
  }
  const bool opposite = event->modifiers() & Qt::ControlModifier;
  switch (event->key()) {
    case Qt::Key_F:
    case Qt::Key_Home:
      frameAll();
      break;
    case Qt::Key_Period:
      frameSelected();
      break;
    case Qt::Key_1:
      setViewPreset(opposite ? render::ViewPreset::Back : render::ViewPreset::Front);
      break;
    case Qt::Key_3:
      setViewPreset(opposite ? render::ViewPreset::Left : render::ViewPreset::Right);
      break;
    case Qt::Key_7:
      setViewPreset(opposite ? render::ViewPreset::Bottom : render::ViewPreset::Top);
      break;
    case Qt::Key_5:
      toggleOrthographic();
      break;
    default:
      QWidget::keyPressEvent(event);
      return;
  }
  event->accept();
}

}  // namespace rw::ui

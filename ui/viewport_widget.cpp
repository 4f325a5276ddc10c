#include "viewport_widget.h"

#include <QDebug>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QOpenGLContext>
#include <QOpenGLFunctions_3_3_Core>
#include <QOpenGLVersionFunctionsFactory>
#include <QPainter>
#include <QSurfaceFormat>
#include <QWheelEvent>
#include <algorithm>

#include "bone_geometry.h"
#include "character.h"
#include "palette.h"
#include "picking.h"

namespace rw::ui {

namespace {

/// Pixels the mouse may move between press and release and still count as a click.
constexpr int kClickSlop = 3;
/// How near to a bone (pixels) a click picks it.
constexpr double kBonePickRadius = 10.0;

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

ViewportWidget::ViewportWidget(QWidget* parent) : QOpenGLWidget(parent) {
  QSurfaceFormat format;
  format.setRenderableType(QSurfaceFormat::OpenGL);
  format.setVersion(3, 3);
  format.setProfile(QSurfaceFormat::CoreProfile);
  format.setDepthBufferSize(24);
  format.setStencilBufferSize(8);
  format.setSamples(4);
  setFormat(format);
  setFocusPolicy(Qt::StrongFocus);
  setMinimumSize(320, 240);
  camera_.setViewport(width(), height());
}

ViewportWidget::~ViewportWidget() {
  releaseGL();
}

void ViewportWidget::setCharacter(std::shared_ptr<const Character> character) {
  character_ = std::move(character);
  characterDirty_ = true;
  overlay_ = {};
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
  updateBounds();
  camera_.setPreset(render::ViewPreset::ThreeQuarter);
  frameAll();
}

void ViewportWidget::setSkeleton(std::shared_ptr<const Skeleton> skeleton,
                                 std::shared_ptr<const SkinWeights> skin) {
  const bool changed = skeleton != skeleton_;
  skeleton_ = std::move(skeleton);
  skin_ = std::move(skin);
  if (changed) {
    pose_.clear();
    if (skeleton_ && selectedJoint_ >= skeleton_->size()) selectedJoint_ = -1;
  }
  bonesDirty_ = weightsDirty_ = poseDirty_ = true;
  updateBounds();
  update();
}

void ViewportWidget::setPose(std::vector<Transform> globals) {
  pose_ = std::move(globals);
  bonesDirty_ = poseDirty_ = true;
  update();
}

void ViewportWidget::setGraphOverlay(render::GraphOverlay overlay) {
  overlay_ = std::move(overlay);
  update();
}

void ViewportWidget::setHeadNodes(int meshVertex, int skeletonJoint) {
  meshHead_ = meshVertex;
  skeletonHead_ = skeletonJoint;
  update();
}

void ViewportWidget::setSelectedJoint(int joint) {
  if (skeleton_ && joint >= skeleton_->size()) joint = -1;
  if (joint == selectedJoint_) return;
  selectedJoint_ = joint;
  bonesDirty_ = weightsDirty_ = true;
  update();
}

void ViewportWidget::updateBounds() {
  // The mesh is what the artist frames; the skeleton only when there is no mesh (a motion or
  // rig file), since control bones (poles, pivots) may sit well outside the body.
  Eigen::AlignedBox3d box;
  if (character_ && !character_->mesh.empty())
    box = character_->mesh.bounds();
  else if (skeleton_)
    for (const Transform& global : skeleton_->restGlobals()) box.extend(global.translation());
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
  update();
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
  update();
}

void ViewportWidget::setViewPreset(render::ViewPreset preset) {
  autoFrame_ = false;
  camera_.setPreset(preset);
  emit cameraChanged();
  update();
}

void ViewportWidget::toggleOrthographic() {
  camera_.setOrthographic(!camera_.orthographic());
  emit cameraChanged();
  update();
}

void ViewportWidget::setGridVisible(bool visible) {
  gridVisible_ = visible;
  update();
}

void ViewportWidget::setBonesVisible(bool visible) {
  bonesVisible_ = visible;
  update();
}

void ViewportWidget::setOverlayVisible(bool visible) {
  overlayVisible_ = visible;
  update();
}

void ViewportWidget::setWireframe(bool on) {
  wireframe_ = on;
  update();
}

void ViewportWidget::setXray(bool on) {
  xray_ = on;
  update();
}

void ViewportWidget::setWeightView(bool on) {
  weightView_ = on;
  weightsDirty_ = true;
  update();
}

void ViewportWidget::setDualQuaternionSkinning(bool on) {
  dualQuaternion_ = on;
  update();
}

void ViewportWidget::setTool(ViewportTool tool) {
  tool_ = tool;
  setCursor(tool == ViewportTool::Select ? Qt::ArrowCursor : Qt::CrossCursor);
}

void ViewportWidget::initializeGL() {
  connect(context(), &QOpenGLContext::aboutToBeDestroyed, this, &ViewportWidget::releaseGL,
          Qt::UniqueConnection);
  glReady_ = false;
  gl_ = QOpenGLVersionFunctionsFactory::get<QOpenGLFunctions_3_3_Core>(context());
  if (!gl_ || !gl_->initializeOpenGLFunctions()) {
    const QSurfaceFormat f = context()->format();
    glError_ = tr("OpenGL 3.3 core is not available (got %1.%2)")
                   .arg(f.majorVersion())
                   .arg(f.minorVersion());
    qWarning().noquote() << "rigwright:" << glError_;
    gl_ = nullptr;
    return;
  }
  if (!meshRenderer_.initialize(gl_) || !boneRenderer_.initialize(gl_) ||
      !gridRenderer_.initialize(gl_)) {
    glError_ = tr("the viewport shaders did not compile (see the log)");
    return;
  }
  glReady_ = true;
  characterDirty_ = true;
}

void ViewportWidget::resizeGL(int width, int height) {
  // Pixel sizes in device-independent pixels: the mouse works in them too.
  camera_.setViewport(width, height);
  if (autoFrame_ && !frameBounds().isEmpty()) camera_.frame(frameBounds());
}

void ViewportWidget::uploadCharacter() {
  characterDirty_ = false;
  meshRenderer_.clear();
  bonesDirty_ = weightsDirty_ = poseDirty_ = true;
  if (!character_) return;
  if (!character_->mesh.empty()) meshRenderer_.setMesh(character_->mesh);
  if (!bounds_.isEmpty()) gridRenderer_.setBounds(bounds_);
}

void ViewportWidget::uploadBones() {
  bonesDirty_ = false;
  boneRenderer_.clear();
  if (!skeleton_ || skeleton_->empty()) return;
  const double size = bounds_.isEmpty() ? 1.0 : bounds_.diagonal().norm();
  if (pose_.size() == skeleton_->joints.size())
    boneRenderer_.setSkeleton(render::posedSkeleton(*skeleton_, pose_), size, selectedJoint_);
  else
    boneRenderer_.setSkeleton(*skeleton_, size, selectedJoint_);
}

void ViewportWidget::uploadWeights() {
  weightsDirty_ = false;
  if (!character_ || character_->mesh.empty()) return;
  if (skin_) meshRenderer_.setSkin(*skin_);
  std::vector<Eigen::Vector3f> colors;
  if (weightView_ && skin_) {
    colors.assign(character_->mesh.source.positions.size(), weightColor(0.0));
    for (int v = 0; v < skin_->vertexCount() && v < int(colors.size()); ++v)
      for (const Influence& influence : skin_->perVertex[v])
        if (influence.joint == selectedJoint_) colors[v] = weightColor(influence.weight);
  }
  meshRenderer_.setVertexColors(colors);
}

void ViewportWidget::paintGL() {
  const QColor background = render::palette::kBackground;
  if (!gl_) return;
  gl_->glClearColor(float(background.redF()), float(background.greenF()), float(background.blueF()),
                    1.0f);
  gl_->glClearStencil(0);
  gl_->glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
  if (!glReady_) return;
  if (characterDirty_) uploadCharacter();
  if (weightsDirty_) uploadWeights();
  if (bonesDirty_) uploadBones();
  if (poseDirty_) {
    poseDirty_ = false;
    std::vector<Transform> skinMatrices;
    if (skeleton_ && skin_ && pose_.size() == skeleton_->joints.size()) {
      const std::vector<Transform> rest = skeleton_->restGlobals();
      skinMatrices.reserve(rest.size());
      for (size_t j = 0; j < rest.size(); ++j) skinMatrices.push_back(pose_[j] * rest[j].inverse());
    }
    meshRenderer_.setPose(skinMatrices);
  }

  gl_->glEnable(GL_DEPTH_TEST);
  gl_->glDepthFunc(GL_LESS);
  gl_->glEnable(GL_BLEND);
  // Blend colour only: the framebuffer stays opaque, or the window composites it see-through
  // and grabbed images carry holes.
  gl_->glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ZERO, GL_ONE);
  gl_->glEnable(GL_MULTISAMPLE);
  gl_->glDisable(GL_CULL_FACE);  // open meshes are seen from inside too

  if (gridVisible_) {
    gl_->glDepthMask(GL_FALSE);  // the floor never hides the character
    gridRenderer_.draw(camera_);
    gl_->glDepthMask(GL_TRUE);
  }
  meshRenderer_.setWireframe(wireframe_);
  meshRenderer_.setXray(xray_);
  meshRenderer_.setSkinningMethod(dualQuaternion_ ? render::GpuSkinning::DualQuaternion
                                                  : render::GpuSkinning::LinearBlend);
  meshRenderer_.draw(camera_);
  if (bonesVisible_) boneRenderer_.draw(camera_);

  // The graph overlay and the head markers, painted over the GL image.
  std::vector<render::HeadMarker> markers;
  if (character_ && meshHead_ >= 0 && meshHead_ < int(character_->mesh.positions.size()))
    markers.push_back(
        {character_->mesh.positions[meshHead_], render::palette::kMeshHead, tr("mesh head")});
  if (skeleton_ && skeletonHead_ >= 0 && skeletonHead_ < skeleton_->size())
    markers.push_back({currentGlobals()[skeletonHead_].translation(),
                       render::palette::kSkeletonHead,
                       QString::fromStdString(skeleton_->joints[skeletonHead_].name)});
  if ((overlayVisible_ && !overlay_.empty()) || !markers.empty()) {
    gl_->glDisable(GL_DEPTH_TEST);
    QPainter painter(this);
    render::paintGraphOverlay(painter, camera_, overlayVisible_ ? overlay_ : render::GraphOverlay{},
                              markers);
  }
}

void ViewportWidget::releaseGL() {
  if (!gl_ || !context()) return;
  makeCurrent();
  meshRenderer_.release();
  boneRenderer_.release();
  gridRenderer_.release();
  doneCurrent();
  gl_ = nullptr;
  glReady_ = false;
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
    case ViewportTool::Select: {
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
  if (event->button() == Qt::MiddleButton ||
      (event->button() == Qt::LeftButton && (event->modifiers() & Qt::ShiftModifier))) {
    drag_ = Drag::Pan;
  } else if (event->button() == Qt::LeftButton) {
    drag_ = Drag::Orbit;
  } else {
    QOpenGLWidget::mousePressEvent(event);
    return;
  }
  event->accept();
}

void ViewportWidget::mouseMoveEvent(QMouseEvent* event) {
  if (drag_ == Drag::None) {
    QOpenGLWidget::mouseMoveEvent(event);
    return;
  }
  const QPoint position = event->position().toPoint();
  if (!moved_ && (position - pressMouse_).manhattanLength() <= kClickSlop) return;
  moved_ = true;
  const QPoint delta = position - lastMouse_;
  lastMouse_ = position;
  autoFrame_ = false;
  if (drag_ == Drag::Orbit)
    camera_.orbit(delta.x(), delta.y());
  else
    camera_.pan(delta.x(), delta.y());
  emit cameraChanged();
  update();
  event->accept();
}

void ViewportWidget::mouseReleaseEvent(QMouseEvent* event) {
  if (drag_ == Drag::None) {
    QOpenGLWidget::mouseReleaseEvent(event);
    return;
  }
  const bool wasOrbit = drag_ == Drag::Orbit;
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
  update();
  event->accept();
}

void ViewportWidget::keyPressEvent(QKeyEvent* event) {
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
      QOpenGLWidget::keyPressEvent(event);
      return;
  }
  event->accept();
}

}  // namespace rw::ui

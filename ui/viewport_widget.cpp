#include "viewport_widget.h"

#include <QDebug>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QOpenGLContext>
#include <QOpenGLFramebufferObject>
#include <QOpenGLFunctions_3_3_Core>
#include <QOpenGLPaintDevice>
#include <QOpenGLVersionFunctionsFactory>
#include <QPainter>
#include <QTimer>
#include <QVBoxLayout>
#include <QWheelEvent>
#include <QtConcurrent/QtConcurrentRun>
#include <algorithm>
#include <tuple>

#include "background_priority.h"
#include "bone_geometry.h"
#include "character.h"
#include "palette.h"
#include "picking.h"
#include "viewport_surface.h"

namespace rw::ui {

namespace {

/// Pixels the mouse may move between press and release and still count as a click.
constexpr int kClickSlop = 3;
/// How near to a bone (pixels) a click picks it.
constexpr double kBonePickRadius = 10.0;
/// Frames closer together than this are motion (drawn without multisampling); this long after
/// the last one the view is drawn once more, anti-aliased.
constexpr int kSettleMs = 150;
/// Samples per pixel of still frames and grabs.
constexpr int kStillSamples = 4;

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
  // The surface (a child of the container) goes after this body: free the GL objects while the
  // renderers still exist.
  surface_->releaseContext();
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
  return surface_->context();
}

void ViewportWidget::redraw() {
  surface_->requestUpdate();
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
  job->setFuture(QtConcurrent::run([character] {
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
  job->setFuture(QtConcurrent::run([skin] {
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
  if (changed) {
    pose_.clear();
    if (skeleton_ && selectedJoint_ >= skeleton_->size()) selectedJoint_ = -1;
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
  overlay_ = std::move(overlay);
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

void ViewportWidget::setTool(ViewportTool tool) {
  tool_ = tool;
  const Qt::CursorShape cursor = tool == ViewportTool::Select ? Qt::ArrowCursor : Qt::CrossCursor;
  setCursor(cursor);
  surface_->setCursor(cursor);
}

bool ViewportWidget::initializeGL() {
  if (glInitialized_) return glReady_;
  glInitialized_ = true;
  glReady_ = false;
  gl_ = QOpenGLVersionFunctionsFactory::get<QOpenGLFunctions_3_3_Core>(context());
  if (!gl_ || !gl_->initializeOpenGLFunctions()) {
    const QSurfaceFormat f = context()->format();
    glError_ = tr("OpenGL 3.3 core is not available (got %1.%2)")
                   .arg(f.majorVersion())
                   .arg(f.minorVersion());
    qWarning().noquote() << "rigwright:" << glError_;
    gl_ = nullptr;
    return false;
  }
  if (!meshRenderer_.initialize(gl_) || !boneRenderer_.initialize(gl_) ||
      !gridRenderer_.initialize(gl_)) {
    glError_ = tr("the viewport shaders did not compile (see the log)");
    return false;
  }
  glReady_ = true;
  warmUp();
  characterDirty_ = true;
  return true;
}

void ViewportWidget::warmUp() {
  // llvmpipe compiles machine code for every new drawing state (program with its vertex layout,
  // blending, depth writes, polygon mode, polygon offset, culling, the target's sample count and
  // format) the first time it draws with it: 30-120 ms each, on the UI thread, in the middle of
  // whatever the artist is doing (the first skinned frame, the first overlay, the first still
  // frame after a retarget). Here every state the viewport uses is drawn once, with a
  // one-triangle character, into an 8x8 corner of the window and of a multisampled buffer.
  constexpr int kSide = 8;
  const QSize tiny(kSide, kSide);
  auto mesh = std::make_shared<render::MeshDrawData>();
  mesh->vertices = {{{0, 0, 0}, {0, 0, 1}}, {{1, 0, 0}, {0, 0, 1}}, {{0, 1, 0}, {0, 0, 1}}};
  mesh->indices = {0, 1, 2};
  mesh->sourceVertex = {0, 1, 2};
  mesh->sourceVertexCount = 3;
  // The triangle as a closed part (drawn culled), then again as an open one (drawn two-sided).
  mesh->closedIndexCount = 3;
  mesh->drawnTriangle = {0, 0};
  mesh->indices.insert(mesh->indices.end(), {0, 2, 1});
  render::SkinDrawData skin;
  skin.perSourceVertex.assign(3, {{0, 1, 0, 0}, {0.5f, 0.5f, 0, 0}});
  Skeleton skeleton;
  skeleton.joints.resize(2);
  skeleton.joints[0].name = "root";
  skeleton.joints[1].name = "tip";
  skeleton.joints[1].parent = 0;
  skeleton.joints[1].restLocal = Transform(Eigen::Translation3d(0, 0.5, 0));
  skeleton.joints[1].deform = false;
  Transform bent = Transform::Identity();
  bent.rotate(Eigen::AngleAxisd(0.3, Eigen::Vector3d::UnitZ()));
  const std::vector<Transform> pose{Transform::Identity(), bent};
  render::GraphOverlay overlay;
  overlay.arcs.push_back({{Eigen::Vector3d(0, 0, 0), Eigen::Vector3d(1, 1, 0)},
                          render::palette::kTagPrimary,
                          QStringLiteral("L")});
  overlay.nodes.push_back({Eigen::Vector3d(0, 0, 0), true});
  overlay.nodes.push_back({Eigen::Vector3d(1, 1, 0), false});
  const std::vector<render::HeadMarker> markers{
      {Eigen::Vector3d(0, 1, 0), render::palette::kMeshHead, tr("mesh head")}};

  const render::Camera savedCamera = camera_;
  const auto savedFlags =
      std::tuple(gridVisible_, bonesVisible_, overlayVisible_, wireframe_, xray_, dualQuaternion_);
  gridVisible_ = bonesVisible_ = overlayVisible_ = true;
  camera_.setViewport(kSide, kSide);
  camera_.frame(Eigen::AlignedBox3d(Eigen::Vector3d(0, 0, 0), Eigen::Vector3d(1, 1, 1)));
  meshRenderer_.setMesh(mesh);
  meshRenderer_.setSkin(&skin);
  boneRenderer_.setSkeleton(skeleton, 1.0, 1);
  const std::vector<Eigen::Vector3f> colors(3, Eigen::Vector3f(1.0f, 0.0f, 0.0f));

  QOpenGLFramebufferObjectFormat format;
  format.setAttachment(QOpenGLFramebufferObject::CombinedDepthStencil);
  format.setSamples(kStillSamples);
  QOpenGLFramebufferObject multisampled(tiny, format);
  const GLuint screen = context()->defaultFramebufferObject();
  for (const GLuint fbo : {screen, GLuint(multisampled.handle())}) {
    gl_->glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    gl_->glViewport(0, 0, kSide, kSide);
    for (const bool weights : {false, true}) {
      meshRenderer_.setVertexColors(weights ? colors : std::vector<Eigen::Vector3f>{});
      for (const int skinning : {0, 1, 2}) {
        meshRenderer_.setPose(skinning == 0 ? std::vector<Transform>{} : pose);
        dualQuaternion_ = skinning == 2;
        for (const int mode : {0, 1, 2, 3}) {
          wireframe_ = mode & 1;
          xray_ = mode & 2;
          for (const auto lighting :
               {render::SurfaceLighting::PerVertex, render::SurfaceLighting::PerFragment}) {
            meshRenderer_.setLighting(lighting);
            gl_->glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
            drawLayers(tiny, overlay, markers);
          }
        }
      }
    }
  }
  // The still frames' resolve onto the window.
  gl_->glBindFramebuffer(GL_READ_FRAMEBUFFER, multisampled.handle());
  gl_->glBindFramebuffer(GL_DRAW_FRAMEBUFFER, screen);
  gl_->glBlitFramebuffer(0, 0, kSide, kSide, 0, 0, kSide, kSide, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  gl_->glBindFramebuffer(GL_FRAMEBUFFER, screen);
  gl_->glFinish();  // compile now, not at the first real frame

  camera_ = savedCamera;
  std::tie(gridVisible_, bonesVisible_, overlayVisible_, wireframe_, xray_, dualQuaternion_) =
      savedFlags;
  meshRenderer_.clear();
  meshRenderer_.setPose({});
  boneRenderer_.clear();
  bonesDirty_ = weightsDirty_ = poseDirty_ = true;
}

QImage ViewportWidget::grabFramebuffer() {
  if (!surface_->makeCurrent()) {
    glError_ = tr("no OpenGL context could be created");
    return {};
  }
  initializeGL();
  finishPreparation();  // a grab shows the scene as set, not as prepared so far
  const QSize size = pixelSize();
  QOpenGLFramebufferObjectFormat format;
  format.setAttachment(QOpenGLFramebufferObject::CombinedDepthStencil);
  format.setSamples(kStillSamples);
  QOpenGLFramebufferObject buffer(size, format);
  buffer.bind();
  renderScene(buffer.handle(), size);
  QImage image = buffer.toImage();  // resolves the samples
  buffer.release();
  return image;
}

void ViewportWidget::renderFrame() {
  initializeGL();
  const QSize size = pixelSize();
  // Since the previous frame was shown: a frame slower than kSettleMs is still motion.
  const bool moving = deferStill_ || (sinceFrame_.isValid() && sinceFrame_.elapsed() < kSettleMs);
  const GLuint screen = context()->defaultFramebufferObject();
  if (moving || !gl_) {
    QOpenGLFramebufferObject::bindDefault();
    renderScene(screen, size);
    if (!deferStill_) settle_->start();  // redraw anti-aliased when the motion stops
    sinceFrame_.start();
    return;
  }
  if (!stillBuffer_ || stillBuffer_->size() != size) {
    QOpenGLFramebufferObjectFormat format;
    format.setAttachment(QOpenGLFramebufferObject::CombinedDepthStencil);
    format.setSamples(kStillSamples);
    stillBuffer_ = std::make_unique<QOpenGLFramebufferObject>(size, format);
  }
  stillBuffer_->bind();
  renderScene(stillBuffer_->handle(), size);
  gl_->glBindFramebuffer(GL_READ_FRAMEBUFFER, stillBuffer_->handle());
  gl_->glBindFramebuffer(GL_DRAW_FRAMEBUFFER, screen);
  gl_->glBlitFramebuffer(0, 0, size.width(), size.height(), 0, 0, size.width(), size.height(),
                         GL_COLOR_BUFFER_BIT, GL_NEAREST);
  QOpenGLFramebufferObject::bindDefault();
  sinceFrame_.start();
}

void ViewportWidget::uploadCharacter() {
  characterDirty_ = false;
  meshRenderer_.clear();
  bonesDirty_ = weightsDirty_ = poseDirty_ = true;
  if (!character_) return;
  if (meshData_) meshRenderer_.setMesh(meshData_);
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
  // Until the skin is prepared the mesh is drawn in its rest shape.
  meshRenderer_.setSkin(skin_ ? skinData_.get() : nullptr);
  std::vector<Eigen::Vector3f> colors;
  if (weightView_ && skin_) {
    colors.assign(character_->mesh.source.positions.size(), weightColor(0.0));
    for (int v = 0; v < skin_->vertexCount() && v < int(colors.size()); ++v)
      for (const Influence& influence : skin_->perVertex[v])
        if (influence.joint == selectedJoint_) colors[v] = weightColor(influence.weight);
  }
  meshRenderer_.setVertexColors(colors);
}

void ViewportWidget::renderScene(unsigned fbo, QSize size) {
  const QColor background = render::palette::kBackground;
  if (!gl_) return;
  gl_->glBindFramebuffer(GL_FRAMEBUFFER, fbo);
  gl_->glViewport(0, 0, size.width(), size.height());
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

  // The head markers over the scene.
  std::vector<render::HeadMarker> markers;
  if (character_ && meshHead_ >= 0 && meshHead_ < int(character_->mesh.positions.size()))
    markers.push_back(
        {character_->mesh.positions[meshHead_], render::palette::kMeshHead, tr("mesh head")});
  if (skeleton_ && skeletonHead_ >= 0 && skeletonHead_ < skeleton_->size())
    markers.push_back({currentGlobals()[skeletonHead_].translation(),
                       render::palette::kSkeletonHead,
                       QString::fromStdString(skeleton_->joints[skeletonHead_].name)});
  meshRenderer_.setLighting(lighting_);  // warmUp draws both
  drawLayers(size, overlay_, markers);
}

void ViewportWidget::drawLayers(QSize size, const render::GraphOverlay& overlay,
                                const std::vector<render::HeadMarker>& markers) {
  gl_->glEnable(GL_DEPTH_TEST);
  gl_->glDepthFunc(GL_LESS);
  gl_->glEnable(GL_BLEND);
  // Blend colour only: the framebuffer stays opaque, or the window composites it see-through
  // and grabbed images carry holes.
  gl_->glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ZERO, GL_ONE);
  gl_->glEnable(GL_MULTISAMPLE);
  gl_->glDisable(GL_CULL_FACE);  // the mesh renderer culls the parts it may (closed ones)

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
  if ((overlayVisible_ && !overlay.empty()) || !markers.empty()) {
    gl_->glDisable(GL_DEPTH_TEST);
    gl_->glDisable(GL_STENCIL_TEST);
    QOpenGLPaintDevice device(size);
    device.setDevicePixelRatio(surface_->devicePixelRatio());
    QPainter painter(&device);
    render::paintGraphOverlay(painter, camera_, overlayVisible_ ? overlay : render::GraphOverlay{},
                              markers);
  }
}

void ViewportWidget::releaseGL() {
  // Called by the surface with its context current, before the context goes.
  stillBuffer_.reset();
  meshRenderer_.release();
  boneRenderer_.release();
  gridRenderer_.release();
  gl_ = nullptr;
  glReady_ = false;
  glInitialized_ = false;
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
    QWidget::mousePressEvent(event);
    return;
  }
  event->accept();
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
  autoFrame_ = false;
  if (drag_ == Drag::Orbit)
    camera_.orbit(delta.x(), delta.y());
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
  redraw();
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
      QWidget::keyPressEvent(event);
      return;
  }
  event->accept();
}

}  // namespace rw::ui

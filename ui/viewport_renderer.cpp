#include "viewport_renderer.h"

#include <QDebug>
#include <QMutexLocker>
#include <QOffscreenSurface>
#include <QOpenGLContext>
#include <QOpenGLFramebufferObject>
#include <QOpenGLFunctions_3_3_Core>
#include <QOpenGLPaintDevice>
#include <QOpenGLVersionFunctionsFactory>
#include <QPainter>
#include <QThread>
#include <QWindow>

#include "palette.h"

namespace rw::ui {

namespace {

/// Samples per pixel of still frames and grabs.
constexpr int kStillSamples = 4;

std::unique_ptr<QOpenGLFramebufferObject> multisampledBuffer(QSize size) {
  QOpenGLFramebufferObjectFormat format;
  format.setAttachment(QOpenGLFramebufferObject::CombinedDepthStencil);
  format.setSamples(kStillSamples);
  return std::make_unique<QOpenGLFramebufferObject>(size, format);
}

}  // namespace

ViewportRenderer::ViewportRenderer(QWindow* window)
    : window_(window),
      offscreen_(std::make_unique<QOffscreenSurface>()),
      thread_(new QThread),
      worker_(new QObject) {
  offscreen_->setFormat(window->requestedFormat());
  offscreen_->create();  // on the UI thread, as Qt requires
  thread_->setObjectName(QStringLiteral("viewport renderer"));
  worker_->moveToThread(thread_);
  thread_->start();
}

ViewportRenderer::~ViewportRenderer() {
  runBlocking([this] { release(); });
  thread_->quit();
  thread_->wait();
  delete worker_;
  delete thread_;
}

QString ViewportRenderer::error() const {
  QMutexLocker lock(&mutex_);
  return error_;
}

void ViewportRenderer::setError(const QString& error) {
  qWarning().noquote() << "rigwright:" << error;
  QMutexLocker lock(&mutex_);
  error_ = error;
}

void ViewportRenderer::submit(ViewportFrame frame) {
  QMutexLocker lock(&mutex_);
  pending_ = std::move(frame);
  if (scheduled_) return;  // the call already queued draws this newer frame
  scheduled_ = true;
  QMetaObject::invokeMethod(
      worker_, [this] { drawPending(); }, Qt::QueuedConnection);
}

QImage ViewportRenderer::grab(const ViewportFrame& frame) {
  QImage image;
  runBlocking([&] {
    if (!initialize()) return;
    auto buffer = multisampledBuffer(frame.size);
    buffer->bind();
    renderScene(frame, buffer->handle());
    image = buffer->toImage();  // resolves the samples
    buffer->release();
  });
  return image;
}

bool ViewportRenderer::showsStillFrame() const {
  QMutexLocker lock(&mutex_);
  return !pending_ && !scheduled_ && !drawing_ && shownAntialiased_;
}

void ViewportRenderer::drawPending() {
  ViewportFrame frame;
  {
    QMutexLocker lock(&mutex_);
    scheduled_ = false;
    if (!pending_) return;
    frame = std::move(*pending_);
    pending_.reset();
    drawing_ = true;
  }
  drawFrame(frame);
  QMutexLocker lock(&mutex_);
  drawing_ = false;
}

void ViewportRenderer::drawFrame(const ViewportFrame& frame) {
  if (!initialize()) return;
  QOpenGLContext* context = context_;
  const GLuint screen = context->defaultFramebufferObject();
  if (!frame.antialiased) {
    renderScene(frame, screen);
  } else {
    if (!stillBuffer_ || stillBuffer_->size() != frame.size)
      stillBuffer_ = multisampledBuffer(frame.size);
    stillBuffer_->bind();
    renderScene(frame, stillBuffer_->handle());
    const int w = frame.size.width(), h = frame.size.height();
    gl_->glBindFramebuffer(GL_READ_FRAMEBUFFER, stillBuffer_->handle());
    gl_->glBindFramebuffer(GL_DRAW_FRAMEBUFFER, screen);
    gl_->glBlitFramebuffer(0, 0, w, h, 0, 0, w, h, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    gl_->glBindFramebuffer(GL_FRAMEBUFFER, screen);
  }
  context->swapBuffers(window_);
  {
    QMutexLocker lock(&mutex_);
    shownAntialiased_ = frame.antialiased;
  }
  emit frameSwapped();
}

bool ViewportRenderer::initialize() {
  if (initialized_) return ready_ && context_.load()->makeCurrent(window_);
  initialized_ = true;
  auto* context = new QOpenGLContext;  // owned here, freed by release()
  context->setFormat(window_->requestedFormat());
  if (!context->create()) {
    delete context;
    setError(tr("no OpenGL context could be created"));
    return false;
  }
  context_ = context;
  if (!context->makeCurrent(window_)) {
    setError(tr("the OpenGL context cannot draw into the viewport"));
    return false;
  }
  gl_ = QOpenGLVersionFunctionsFactory::get<QOpenGLFunctions_3_3_Core>(context);
  if (!gl_ || !gl_->initializeOpenGLFunctions()) {
    const QSurfaceFormat f = context->format();
    setError(tr("OpenGL 3.3 core is not available (got %1.%2)")
                 .arg(f.majorVersion())
                 .arg(f.minorVersion()));
    gl_ = nullptr;
    return false;
  }
  if (!meshRenderer_.initialize(gl_) || !boneRenderer_.initialize(gl_) ||
      !gridRenderer_.initialize(gl_)) {
    setError(tr("the viewport shaders did not compile (see the log)"));
    return false;
  }
  warmUp();
  ready_ = true;
  return true;
}

void ViewportRenderer::upload(const ViewportFrame& frame) {
  if (frame.meshVersion != meshVersion_) {
    meshVersion_ = frame.meshVersion;
    meshRenderer_.clear();
    weightsVersion_ = bonesVersion_ = poseVersion_ = 0;  // on the new mesh
    if (frame.mesh) meshRenderer_.setMesh(frame.mesh);
    if (!frame.bounds.isEmpty()) gridRenderer_.setBounds(frame.bounds);
  }
  if (frame.weightsVersion != weightsVersion_) {
    weightsVersion_ = frame.weightsVersion;
    meshRenderer_.setSkin(frame.skin.get());
    meshRenderer_.setVertexColors(frame.colors ? *frame.colors : std::vector<Eigen::Vector3f>{});
  }
  if (frame.bonesVersion != bonesVersion_) {
    bonesVersion_ = frame.bonesVersion;
    boneRenderer_.clear();
    if (frame.skeleton && !frame.skeleton->empty())
      boneRenderer_.setSkeleton(*frame.skeleton, frame.boneScale, frame.selectedJoint);
  }
  if (frame.poseVersion != poseVersion_) {
    poseVersion_ = frame.poseVersion;
    meshRenderer_.setPose(frame.skinMatrices ? *frame.skinMatrices : std::vector<Transform>{});
  }
}

void ViewportRenderer::renderScene(const ViewportFrame& frame, unsigned fbo) {
  const QColor background = render::palette::kBackground;
  gl_->glBindFramebuffer(GL_FRAMEBUFFER, fbo);
  gl_->glViewport(0, 0, frame.size.width(), frame.size.height());
  gl_->glClearColor(float(background.redF()), float(background.greenF()), float(background.blueF()),
                    1.0f);
  gl_->glClearStencil(0);
  gl_->glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
  upload(frame);
  drawLayers(frame);
}

void ViewportRenderer::drawLayers(const ViewportFrame& frame) {
  gl_->glEnable(GL_DEPTH_TEST);
  gl_->glDepthFunc(GL_LESS);
  gl_->glEnable(GL_BLEND);
  // Blend colour only: the framebuffer stays opaque, or the window composites it see-through
  // and grabbed images carry holes.
  gl_->glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ZERO, GL_ONE);
  gl_->glEnable(GL_MULTISAMPLE);
  gl_->glDisable(GL_CULL_FACE);  // the mesh renderer culls the parts it may (closed ones)

  if (frame.grid) {
    gl_->glDepthMask(GL_FALSE);  // the floor never hides the character
    gridRenderer_.draw(frame.camera);
    gl_->glDepthMask(GL_TRUE);
  }
  meshRenderer_.setWireframe(frame.wireframe);
  meshRenderer_.setXray(frame.xray);
  meshRenderer_.setLighting(frame.lighting);
  meshRenderer_.setSkinningMethod(frame.dualQuaternion ? render::GpuSkinning::DualQuaternion
                                                       : render::GpuSkinning::LinearBlend);
  meshRenderer_.draw(frame.camera);
  if (frame.bones) boneRenderer_.draw(frame.camera);

  // The graph overlay and the head markers, painted over the GL image.
  const bool overlay = frame.overlay && !frame.overlay->empty();
  if (overlay || !frame.markers.empty() || frame.gizmo || !frame.note.isEmpty()) {
    gl_->glDisable(GL_DEPTH_TEST);
    gl_->glDisable(GL_STENCIL_TEST);
    QOpenGLPaintDevice device(frame.size);
    device.setDevicePixelRatio(frame.devicePixelRatio);
    QPainter painter(&device);
    render::paintGraphOverlay(painter, frame.camera,
                              overlay ? *frame.overlay : render::GraphOverlay{}, frame.markers);
    if (frame.gizmo)
      render::paintTranslateGizmo(painter, frame.camera, *frame.gizmo, frame.gizmoActive);
    render::paintViewportNote(painter, frame.note);
  }
}

void ViewportRenderer::warmUp() {
  // llvmpipe compiles machine code for every new drawing state (program with its vertex layout,
  // blending, depth writes, polygon mode, polygon offset, culling, the target's sample count and
  // format) the first time it draws with it: 30-120 ms each, in the middle of whatever the
  // artist is doing (the first skinned frame, the first overlay, the first still frame after a
  // retarget). Here every state the viewport uses is drawn once, with a one-triangle character,
  // into an 8x8 corner of the window and of a multisampled buffer.
  constexpr int kSide = 8;
  ViewportFrame frame;
  frame.size = QSize(kSide, kSide);
  auto mesh = std::make_shared<render::MeshDrawData>();
  mesh->vertices = {{{0, 0, 0}, {0, 0, 1}}, {{1, 0, 0}, {0, 0, 1}}, {{0, 1, 0}, {0, 0, 1}}};
  mesh->indices = {0, 1, 2};
  mesh->sourceVertex = {0, 1, 2};
  mesh->sourceVertexCount = 3;
  // The triangle as a closed part (drawn culled), then again as an open one (drawn two-sided).
  mesh->closedIndexCount = 3;
  mesh->drawnTriangle = {0, 0};
  mesh->indices.insert(mesh->indices.end(), {0, 2, 1});
  frame.mesh = mesh;
  auto skin = std::make_shared<render::SkinDrawData>();
  skin->perSourceVertex.assign(3, {{0, 1, 0, 0}, {0.5f, 0.5f, 0, 0}});
  auto skeleton = std::make_shared<Skeleton>();
  skeleton->joints.resize(2);
  skeleton->joints[0].name = "root";
  skeleton->joints[1].name = "tip";
  skeleton->joints[1].parent = 0;
  skeleton->joints[1].restLocal = Transform(Eigen::Translation3d(0, 0.5, 0));
  skeleton->joints[1].deform = false;
  frame.skeleton = skeleton;
  frame.selectedJoint = 1;
  Transform bent = Transform::Identity();
  bent.rotate(Eigen::AngleAxisd(0.3, Eigen::Vector3d::UnitZ()));
  const auto pose = std::make_shared<const std::vector<Transform>>(
      std::vector<Transform>{Transform::Identity(), bent});
  auto overlay = std::make_shared<render::GraphOverlay>();
  overlay->arcs.push_back({{Eigen::Vector3d(0, 0, 0), Eigen::Vector3d(1, 1, 0)},
                           render::palette::kTagPrimary,
                           QStringLiteral("L")});
  overlay->nodes.push_back({Eigen::Vector3d(0, 0, 0), true});
  overlay->nodes.push_back({Eigen::Vector3d(1, 1, 0), false});
  frame.overlay = overlay;
  frame.markers = {{Eigen::Vector3d(0, 1, 0), render::palette::kMeshHead, tr("mesh head")}};
  frame.camera.setViewport(kSide, kSide);
  frame.camera.frame(Eigen::AlignedBox3d(Eigen::Vector3d(0, 0, 0), Eigen::Vector3d(1, 1, 1)));
  const auto colors =
      std::make_shared<const std::vector<Eigen::Vector3f>>(3, Eigen::Vector3f(1.0f, 0.0f, 0.0f));

  auto multisampled = multisampledBuffer(frame.size);
  const GLuint screen = context_.load()->defaultFramebufferObject();
  quint64 version = 0;
  frame.meshVersion = frame.bonesVersion = ++version;
  for (const GLuint fbo : {screen, GLuint(multisampled->handle())}) {
    for (const bool weights : {false, true}) {
      frame.colors = weights ? colors : nullptr;
      frame.skin = skin;
      frame.weightsVersion = ++version;
      for (const int skinning : {0, 1, 2}) {
        frame.skinMatrices = skinning == 0 ? nullptr : pose;
        frame.poseVersion = ++version;
        frame.dualQuaternion = skinning == 2;
        for (const int mode : {0, 1, 2, 3}) {
          frame.wireframe = mode & 1;
          frame.xray = mode & 2;
          for (const auto lighting :
               {render::SurfaceLighting::PerVertex, render::SurfaceLighting::PerFragment}) {
            frame.lighting = lighting;
            renderScene(frame, fbo);
          }
        }
      }
    }
  }
  // The still frames' resolve onto the window.
  gl_->glBindFramebuffer(GL_READ_FRAMEBUFFER, multisampled->handle());
  gl_->glBindFramebuffer(GL_DRAW_FRAMEBUFFER, screen);
  gl_->glBlitFramebuffer(0, 0, kSide, kSide, 0, 0, kSide, kSide, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  gl_->glBindFramebuffer(GL_FRAMEBUFFER, screen);
  gl_->glFinish();  // compile now, not at the first real frame
  // Nothing of the tiny character stays: the first real frame uploads everything.
  meshRenderer_.clear();
  meshRenderer_.setPose({});
  boneRenderer_.clear();
  meshVersion_ = weightsVersion_ = bonesVersion_ = poseVersion_ = 0;
}

void ViewportRenderer::release() {
  QOpenGLContext* context = context_;
  if (!context) return;
  QSurface* surface = window_->handle() ? static_cast<QSurface*>(window_) : offscreen_.get();
  if (context->makeCurrent(surface)) {
    stillBuffer_.reset();
    meshRenderer_.release();
    boneRenderer_.release();
    gridRenderer_.release();
  }
  context->doneCurrent();
  context_ = nullptr;
  delete context;
  gl_ = nullptr;
  ready_ = false;
}

}  // namespace rw::ui

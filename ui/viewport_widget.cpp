#include "viewport_widget.h"

#include <QDebug>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QOpenGLContext>
#include <QOpenGLFunctions_3_3_Core>
#include <QOpenGLVersionFunctionsFactory>
#include <QSurfaceFormat>
#include <QWheelEvent>

#include "character.h"
#include "palette.h"

namespace rw::ui {

namespace {

/// The mesh and every joint head, so that motion files (no mesh) frame too.
Eigen::AlignedBox3d characterBounds(const Character& character) {
  Eigen::AlignedBox3d box;
  if (!character.mesh.empty()) box = character.mesh.bounds();
  for (const Transform& global : character.skeleton.restGlobals()) box.extend(global.translation());
  return box;
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
  bounds_ = character_ ? characterBounds(*character_) : Eigen::AlignedBox3d();
  camera_.setPreset(render::ViewPreset::ThreeQuarter);
  frameAll();
}

void ViewportWidget::frameAll() {
  // Stays framed through resizes (the window's first layout) until the user navigates.
  autoFrame_ = true;
  if (!bounds_.isEmpty()) camera_.frame(bounds_);
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
  if (autoFrame_ && !bounds_.isEmpty()) camera_.frame(bounds_);
}

void ViewportWidget::uploadCharacter() {
  characterDirty_ = false;
  meshRenderer_.clear();
  boneRenderer_.clear();
  if (!character_) return;
  const double size = bounds_.isEmpty() ? 1.0 : bounds_.diagonal().norm();
  if (!character_->mesh.empty()) meshRenderer_.setMesh(character_->mesh);
  if (!character_->skeleton.empty()) boneRenderer_.setSkeleton(character_->skeleton, size);
  if (!bounds_.isEmpty()) gridRenderer_.setBounds(bounds_);
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
  meshRenderer_.draw(camera_);
  if (bonesVisible_) boneRenderer_.draw(camera_);
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

void ViewportWidget::mousePressEvent(QMouseEvent* event) {
  lastMouse_ = event->position().toPoint();
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
  drag_ = Drag::None;
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

#include "viewport_surface.h"

#include <QExposeEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QOpenGLContext>
#include <QWheelEvent>

#include "viewport_widget.h"

namespace rw::ui {

ViewportSurface::ViewportSurface(ViewportWidget* owner) : owner_(owner) {
  setSurfaceType(QSurface::OpenGLSurface);
  setFormat(ViewportWidget::surfaceFormat());
}

ViewportSurface::~ViewportSurface() {
  releaseContext();
}

bool ViewportSurface::makeCurrent() {
  if (contextFailed_) return false;
  if (!handle()) create();
  if (!context_) {
    context_ = std::make_unique<QOpenGLContext>();
    context_->setFormat(requestedFormat());
    if (!context_->create()) {
      context_.reset();
      contextFailed_ = true;
      return false;
    }
  }
  return context_->makeCurrent(this);
}

void ViewportSurface::doneCurrent() {
  if (context_) context_->doneCurrent();
}

void ViewportSurface::releaseContext() {
  if (!context_) return;
  if (context_->makeCurrent(this)) owner_->releaseGL();
  context_->doneCurrent();
  context_.reset();
}

void ViewportSurface::exposeEvent(QExposeEvent*) {
  if (isExposed()) render();
}

bool ViewportSurface::event(QEvent* event) {
  if (event->type() == QEvent::UpdateRequest) {
    render();
    return true;
  }
  return QWindow::event(event);
}

void ViewportSurface::render() {
  if (!isExposed() || !makeCurrent()) return;
  owner_->renderFrame();
  context_->swapBuffers(this);
  emit owner_->frameSwapped();
}

// The window fills the widget from its origin: positions need no mapping.
void ViewportSurface::mousePressEvent(QMouseEvent* event) {
  owner_->mousePressEvent(event);
}

void ViewportSurface::mouseMoveEvent(QMouseEvent* event) {
  owner_->mouseMoveEvent(event);
}

void ViewportSurface::mouseReleaseEvent(QMouseEvent* event) {
  owner_->mouseReleaseEvent(event);
}

void ViewportSurface::wheelEvent(QWheelEvent* event) {
  owner_->wheelEvent(event);
}

void ViewportSurface::keyPressEvent(QKeyEvent* event) {
  owner_->keyPressEvent(event);
}

}  // namespace rw::ui

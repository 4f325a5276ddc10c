#include "viewport_surface.h"

#include <QCoreApplication>
#include <QDragMoveEvent>
#include <QDropEvent>
#include <QExposeEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPlatformSurfaceEvent>
#include <QWheelEvent>

#include <QWidget>

#include "viewport_widget.h"

namespace rw::ui {

ViewportSurface::ViewportSurface(ViewportWidget* owner) : owner_(owner) {
  setSurfaceType(QSurface::OpenGLSurface);
  setFormat(ViewportWidget::surfaceFormat());
}

void ViewportSurface::exposeEvent(QExposeEvent*) {
  if (isExposed()) owner_->redraw();
}

bool ViewportSurface::forwardDrag(QEvent* event) {
  QWidget* target = owner_->window();
  switch (event->type()) {
    case QEvent::DragEnter:
      QCoreApplication::sendEvent(target, event);
      dragAccepted_ = event->isAccepted();
      return true;
    case QEvent::DragMove:
      if (dragAccepted_) static_cast<QDragMoveEvent*>(event)->acceptProposedAction();
      return true;
    case QEvent::DragLeave:
      dragAccepted_ = false;
      return true;
    case QEvent::Drop:
      if (dragAccepted_) QCoreApplication::sendEvent(target, event);
      dragAccepted_ = false;
      return true;
    default:
      return false;
  }
}

bool ViewportSurface::event(QEvent* event) {
  if (forwardDrag(event)) return true;
  // The native window goes (the main window closes): the render thread frees its GL objects
  // while their context can still be made current on it.
  if (event->type() == QEvent::PlatformSurface &&
      static_cast<QPlatformSurfaceEvent*>(event)->surfaceEventType() ==
          QPlatformSurfaceEvent::SurfaceAboutToBeDestroyed)
    owner_->stopRenderer();
  return QWindow::event(event);
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

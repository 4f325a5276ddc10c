#include "viewport_surface.h"

#include <QExposeEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPlatformSurfaceEvent>
#include <QWheelEvent>

#include "viewport_widget.h"

namespace rw::ui {

ViewportSurface::ViewportSurface(ViewportWidget* owner) : owner_(owner) {
  setSurfaceType(QSurface::OpenGLSurface);
  setFormat(ViewportWidget::surfaceFormat());
}

void ViewportSurface::exposeEvent(QExposeEvent*) {
  if (isExposed()) owner_->redraw();
}

bool ViewportSurface::event(QEvent* event) {
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

#pragma once
// The native OpenGL window inside the viewport widget (QWidget::createWindowContainer). The
// viewport's render thread draws straight into this window's back buffer and swaps it: a
// QOpenGLWidget instead renders into a texture that Qt then composites with the rest of the
// window every frame, which under llvmpipe cost ~16 ms per frame on its own (measured: clear-only
// frames at 1000x700 took 22 ms of CPU in a QOpenGLWidget, 6 ms in a window). Input the window
// receives goes to the viewport widget's handlers, so the widget stays the one object tools and
// tests talk to; exposing it asks the widget for a frame.
#include <QWindow>

namespace rw::ui {

class ViewportWidget;

class ViewportSurface : public QWindow {
  Q_OBJECT

 public:
  explicit ViewportSurface(ViewportWidget* owner);

 protected:
  void exposeEvent(QExposeEvent* event) override;
  bool event(QEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void mouseReleaseEvent(QMouseEvent* event) override;
  void wheelEvent(QWheelEvent* event) override;
  void keyPressEvent(QKeyEvent* event) override;

 private:
  /// Files dragged over the viewport go to the main window, which opens them: the viewport is
  /// a native window of its own, which Qt's widget drag and drop never reaches.
  bool forwardDrag(QEvent* event);

  ViewportWidget* owner_;
  bool dragAccepted_ = false;
};

}  // namespace rw::ui

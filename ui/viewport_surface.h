#pragma once
// The native OpenGL window inside the viewport widget (QWidget::createWindowContainer). The
// viewport draws straight into this window's back buffer and swaps it: a QOpenGLWidget instead
// renders into a texture that Qt then composites with the rest of the window every frame, which
// under llvmpipe cost ~16 ms per frame on its own (measured: clear-only frames at 1000x700 took
// 22 ms of CPU in a QOpenGLWidget, 6 ms in a window). Input the window receives goes to the
// viewport widget's handlers, so the widget stays the one object tools and tests talk to.
#include <QElapsedTimer>
#include <QWindow>
#include <memory>

class QOpenGLContext;

namespace rw::ui {

class ViewportWidget;

class ViewportSurface : public QWindow {
  Q_OBJECT

 public:
  explicit ViewportSurface(ViewportWidget* owner);
  ~ViewportSurface() override;

  /// Creates the context on first use (the native window too); false if OpenGL is missing.
  bool makeCurrent();
  void doneCurrent();
  QOpenGLContext* context() const { return context_.get(); }
  /// Destroys the context (with it current, the owner frees its GL objects first).
  void releaseContext();

 protected:
  void exposeEvent(QExposeEvent* event) override;
  bool event(QEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void mouseReleaseEvent(QMouseEvent* event) override;
  void wheelEvent(QWheelEvent* event) override;
  void keyPressEvent(QKeyEvent* event) override;

 private:
  void render();

  ViewportWidget* owner_;
  std::unique_ptr<QOpenGLContext> context_;
  bool contextFailed_ = false;
};

}  // namespace rw::ui

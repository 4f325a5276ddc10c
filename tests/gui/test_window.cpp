#include "test_window.h"

#include <QPainter>
#include <QTest>

#include "session_runner.h"
#include "viewport_widget.h"

namespace rw::test {

std::unique_ptr<ui::MainWindow> showTestWindow() {
  auto window = std::make_unique<ui::MainWindow>();
  window->setErrorDialogsEnabled(false);
  window->resize(1280, 800);
  window->show();
  window->activateWindow();
  if (!QTest::qWaitForWindowActive(window.get()) ||
      !QTest::qWaitForWindowExposed(window->viewport())) {
    qWarning("the workstation window was never shown and active");
    return nullptr;
  }
  return window;
}

QImage grabWholeWindow(ui::MainWindow& window) {
  QTest::qWait(50);
  QImage image = window.grab().toImage();
  QPainter painter(&image);
  // The framebuffer comes in device pixels; drawn at the window's scale it covers the viewport
  // exactly (at 1.5x it would otherwise cover the docks too).
  QImage viewport = window.viewport()->grabFramebuffer();
  viewport.setDevicePixelRatio(window.viewport()->devicePixelRatioF());
  painter.drawImage(window.viewport()->mapTo(&window, QPoint(0, 0)), viewport);
  return image;
}

void closeTestWindow(std::unique_ptr<ui::MainWindow>& window) {
  if (window) window->sessionRunner()->waitForIdle();
  window.reset();
}

}  // namespace rw::test

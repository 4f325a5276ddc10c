#pragma once
// The workstation window as the GUI tests use it: made, shown at 1280x800 and active, errors to
// the status bar only; and the whole window grabbed with the viewport's own framebuffer in its
// place (QWidget::grab cannot see into the native GL window).
#include <QImage>
#include <memory>

#include "main_window.h"

namespace rw::test {

/// A new window, shown and active; null (after a test failure message) if it never was.
std::unique_ptr<ui::MainWindow> showTestWindow();

/// The whole window as on screen, the viewport's GL image included.
QImage grabWholeWindow(ui::MainWindow& window);

/// Waits for the pipeline to be idle and lets the window go.
void closeTestWindow(std::unique_ptr<ui::MainWindow>& window);

}  // namespace rw::test

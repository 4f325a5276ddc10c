#pragma once
// Whether the window can open at all, checked before QApplication (which aborts without one).
#include <string>

namespace rw::gui {

/// Empty when a display is usable; otherwise why not, in one line. Checks the environment
/// (DISPLAY, WAYLAND_DISPLAY, QT_QPA_PLATFORM), refuses the offscreen and minimal platforms
/// (Qt 6.4's QOpenGLWidget crashes on them) and, for X11, that the server answers.
std::string displayProblem();

}  // namespace rw::gui

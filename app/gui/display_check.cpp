#include "display_check.h"

#include <cstdlib>

#ifdef RIGWRIGHT_HAVE_XCB
#include <xcb/xcb.h>
#endif

namespace rw::gui {

namespace {

std::string env(const char* name) {
  const char* value = std::getenv(name);
  return value ? value : "";
}

}  // namespace

std::string displayProblem() {
#if defined(__linux__) || defined(__FreeBSD__)
  const std::string platform = env("QT_QPA_PLATFORM");
  const std::string platformName = platform.substr(0, platform.find(':'));
  if (platformName == "offscreen" || platformName == "minimal")
    return "no display: QT_QPA_PLATFORM=" + platform + " cannot show an OpenGL viewport";
  if (!platformName.empty() && platformName != "xcb") return {};  // wayland, eglfs, vnc: Qt decides
  const std::string display = env("DISPLAY");
  if (display.empty()) {
    if (platformName.empty() && !env("WAYLAND_DISPLAY").empty()) return {};
    return "no display (DISPLAY and WAYLAND_DISPLAY are not set)";
  }
#ifdef RIGWRIGHT_HAVE_XCB
  xcb_connection_t* connection = xcb_connect(nullptr, nullptr);
  const bool failed = xcb_connection_has_error(connection) != 0;
  xcb_disconnect(connection);
  if (failed) return "no display: cannot connect to the X server at DISPLAY=" + display;
#endif
#endif
  return {};
}

}  // namespace rw::gui

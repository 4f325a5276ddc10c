# Runs the GUI executable where no window can open: no DISPLAY at all, an X server that is not
# there, and Qt's offscreen platform (on which QOpenGLWidget crashes in Qt 6.4). Each time it
# must say there is no display and exit with code 4 (so that a demo script can fall back to
# rigwright-cli), never abort or crash inside Qt.
set(cases
  "--unset=DISPLAY,--unset=WAYLAND_DISPLAY,--unset=QT_QPA_PLATFORM"
  "DISPLAY=:97,--unset=WAYLAND_DISPLAY,--unset=QT_QPA_PLATFORM"
  "QT_QPA_PLATFORM=offscreen")
foreach(environment IN LISTS cases)
  string(REPLACE "," " " shown "${environment}")
  string(REPLACE "," ";" environment "${environment}")
  execute_process(
    COMMAND ${CMAKE_COMMAND} -E env ${environment} ${EXE} /nonexistent/character.fbx
    RESULT_VARIABLE rc
    OUTPUT_VARIABLE out
    ERROR_VARIABLE err
    TIMEOUT 60)
  message(STATUS "[${shown}] exit code ${rc}; stderr: ${err}")
  if(NOT rc EQUAL 4)
    message(FATAL_ERROR "[${shown}] expected exit code 4 without a display, got '${rc}'")
  endif()
  if(NOT err MATCHES "no display")
    message(FATAL_ERROR "[${shown}] expected a message saying there is no display: ${err}")
  endif()
endforeach()

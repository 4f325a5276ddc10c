# Runs the GUI executable without any display: it must say so and exit with code 4 (so that a
# demo script can fall back to rigwright-cli), not abort inside Qt.
execute_process(
  COMMAND ${CMAKE_COMMAND} -E env --unset=DISPLAY --unset=WAYLAND_DISPLAY --unset=QT_QPA_PLATFORM
          ${EXE} /nonexistent/character.fbx
  RESULT_VARIABLE rc
  OUTPUT_VARIABLE out
  ERROR_VARIABLE err
  TIMEOUT 60)
message(STATUS "exit code ${rc}; stderr: ${err}")
if(NOT rc EQUAL 4)
  message(FATAL_ERROR "expected exit code 4 without a display, got '${rc}'")
endif()
if(NOT err MATCHES "no display")
  message(FATAL_ERROR "expected a message saying there is no display, got: ${err}")
endif()

# A broken project file on the command line (issue 25, D7): the workstation says which field is
# wrong and exits 2, within a minute, where it used to abort (a wrong-typed field) or, with
# --screenshot, wait forever (the exit was requested before the event loop ran).
# Usage: cmake -DEXE=rigwright -DPROJECT=file.rwproj -DFIELD=version -DPNG=out.png -P this
execute_process(
  COMMAND ${XVFB} ${EXE} --screenshot ${PNG} ${PROJECT}
  RESULT_VARIABLE code
  ERROR_VARIABLE err
  TIMEOUT 120)
if(NOT code STREQUAL "2")
  message(FATAL_ERROR "expected exit 2, got '${code}': ${err}")
endif()
if(NOT err MATCHES "${FIELD}")
  message(FATAL_ERROR "the message does not name '${FIELD}': ${err}")
endif()
string(FIND "${err}" "${PROJECT}" at)
if(at LESS 0)
  message(FATAL_ERROR "the message does not name the file: ${err}")
endif()
if(EXISTS ${PNG})
  message(FATAL_ERROR "a screenshot was written for a project that did not load")
endif()

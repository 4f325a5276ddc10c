// libFuzzer target: the workstation's project reader (ui/project_file.h) on arbitrary bytes.
// Properties: no crash, no exception, no sanitizer report; an error names the file; a project
// it accepts is written and read back.
#include <unistd.h>

#include <QString>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

#include "project_file.h"

namespace {

std::string scratchPath(const char* name) {
  return "/tmp/rw-fuzz-" + std::to_string(getpid()) + "-" + name;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::string input = scratchPath("in.rwproj");
  static const std::string output = scratchPath("out.rwproj");
  std::ofstream(input, std::ios::binary | std::ios::trunc)
      .write(reinterpret_cast<const char*>(data), std::streamsize(size));
  const rw::Expected<rw::ui::Project> project = rw::ui::readProject(QString::fromStdString(input));
  if (!project) {
    if (project.error().message.rfind(input + ": ", 0) != 0) {
      std::fprintf(stderr, "error without the file's name: %s\n", project.error().message.c_str());
      std::abort();
    }
    return 0;
  }
  if (rw::Status bad = rw::ui::writeProject(*project, QString::fromStdString(output))) return 0;
  const rw::Expected<rw::ui::Project> again = rw::ui::readProject(QString::fromStdString(output));
  if (!again) {
    std::fprintf(stderr, "our own project does not read back: %s\n", again.error().message.c_str());
    std::abort();
  }
  return 0;
}

// rigwright-cli: the engine from the command line, for batch work. See docs/pipeline.md.
#include <CLI/CLI.hpp>
#include <exception>
#include <iostream>
#include <new>
#include <string>

#include "cli/animate_command.h"
#include "cli/autorig_command.h"
#include "cli/escaped_output.h"
#include "cli/eval_command.h"
#include "cli/exit_codes.h"
#include "cli/export_command.h"
#include "cli/graph_command.h"
#include "cli/info_command.h"
#include "cli/retarget_command.h"
#include "cli/rig_command.h"
#include "cli/skin_command.h"
#include "util/temp_file_guard.h"

namespace {

/// The arguments that name files, for a last-resort message (which file was being worked on).
std::string fileArguments(int argc, char** argv) {
  std::string files;
  for (int i = 2; i < argc; ++i) {
    const std::string a = argv[i];
    if (a.empty() || a[0] == '-') continue;
    files += (files.empty() ? "" : ", ") + a;
  }
  return files.empty() ? std::string("(no file)") : files;
}

}  // namespace

int main(int argc, char** argv) {
  rw::installInterruptCleanup();
  const rw::cli::EscapedStream escapedErrors(std::cerr), escapedReports(std::cout);
  CLI::App app{"Rigwright: retarget, skin and animate characters from the command line"};
  app.require_subcommand(1);
  int exitCode = rw::cli::kExitOk;
  rw::cli::addInfoCommand(app, exitCode);
  rw::cli::addGraphCommand(app, exitCode);
  rw::cli::addAnimateCommand(app, exitCode);
  rw::cli::addSkinCommand(app, exitCode);
  rw::cli::addExportCommand(app, exitCode);
  rw::cli::addEvalCommand(app, exitCode);
  rw::cli::addAutorigCommand(app, exitCode);
  rw::cli::addRetargetCommand(app, exitCode);
  rw::cli::addRigCommand(app, exitCode);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? 0 : rw::cli::kExitBadInput;
  } catch (const std::bad_alloc&) {
    // Last resort: a stage ran out of memory. Say so and on what, never abort.
    std::cerr << fileArguments(argc, argv) << ": out of memory (the input is too large for this "
              << "machine, or malformed)" << std::endl;
    return rw::cli::kExitCannotDo;
  } catch (const std::exception& e) {
    std::cerr << fileArguments(argc, argv) << ": unexpected error (" << e.what() << ")"
              << std::endl;
    return rw::cli::kExitBadInput;
  }
  return exitCode;
}

// rigwright-cli: the engine from the command line, for batch work. See docs/pipeline.md.
#include <CLI/CLI.hpp>
#include <iostream>

#include "cli/animate_command.h"
#include "cli/autorig_command.h"
#include "cli/eval_command.h"
#include "cli/exit_codes.h"
#include "cli/export_command.h"
#include "cli/graph_command.h"
#include "cli/info_command.h"
#include "cli/retarget_command.h"
#include "cli/rig_command.h"
#include "cli/skin_command.h"

int main(int argc, char** argv) {
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
  }
  return exitCode;
}

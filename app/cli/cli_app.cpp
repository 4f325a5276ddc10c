#include "cli/cli_app.h"

#include "cli/animate_command.h"
#include "cli/autorig_command.h"
#include "cli/embed_command.h"
#include "cli/eval_command.h"
#include "cli/export_command.h"
#include "cli/graph_command.h"
#include "cli/info_command.h"
#include "cli/retarget_command.h"
#include "cli/rig_command.h"
#include "cli/skin_command.h"

namespace rw::cli {

void addCommands(CLI::App& app, int& exitCode) {
  app.require_subcommand(1);
  addInfoCommand(app, exitCode);
  addGraphCommand(app, exitCode);
  addAnimateCommand(app, exitCode);
  addSkinCommand(app, exitCode);
  addExportCommand(app, exitCode);
  addEvalCommand(app, exitCode);
  addAutorigCommand(app, exitCode);
  addRetargetCommand(app, exitCode);
  addRigCommand(app, exitCode);
  addEmbedCommand(app, exitCode);
}

}  // namespace rw::cli

#include "cli/info_command.h"

#include <iostream>
#include <memory>

#include "cli/exit_codes.h"
#include "cli/load_or_exit.h"
#include "io/character_report.h"

namespace rw::cli {

void addInfoCommand(CLI::App& app, int& exitCode) {
  struct Options {
    std::string file;
    bool json = false;
  };
  auto options = std::make_shared<Options>();
  CLI::App* info = app.add_subcommand(
      "info", "Describe a character, skeleton or motion file: meshes, topology, bones, clips");
  info->add_option("FILE", options->file, "any file Assimp reads, or a rig .json")->required();
  info->add_flag("--json", options->json, "print the report as JSON");
  info->callback([options, &exitCode] {
    const Character character = loadCharacterOrRigOrExit(options->file);
    if (options->json)
      std::cout << characterReport(character).dump(2) << "\n";
    else
      std::cout << characterReportText(character);
    exitCode = kExitOk;
  });
}

}  // namespace rw::cli

#include "cli/export_command.h"

#include <iostream>
#include <memory>

#include "cli/character_output.h"
#include "cli/exit_codes.h"
#include "cli/load_or_exit.h"
#include "io/export/export_character.h"

namespace rw::cli {

void addExportCommand(CLI::App& app, int& exitCode) {
  struct Options {
    std::string input, output;
    std::string preset = "none";
  };
  auto options = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand(
      "export",
      "Convert a character or rig file to FBX (binary 7.4), glTF 2 (.glb/.gltf) or a rig .json");
  cmd->add_option("FILE", options->input,
                  "character, rig or motion file (any format Assimp reads, or a rig .json)")
      ->required();
  cmd->add_option("-o,--output", options->output, "OUT.fbx, OUT.glb, OUT.gltf or OUT.json")
      ->required();
  addPresetOption(cmd, options->preset);
  cmd->callback([options, &exitCode] {
    if (!exportFormatFor(options->output)) {
      std::cerr << options->output << ": unknown export format (use .fbx, .glb, .gltf or .json)"
                << std::endl;
      exitCode = kExitBadInput;
      return;
    }
    const Character character = loadAnyCharacterOrExit(options->input);
    if (Status bad = exportCharacter(character, options->output, presetSettings(options->preset))) {
      std::cerr << bad->message << std::endl;
      exitCode = kExitBadInput;
      return;
    }
    std::cout << options->input << " -> " << options->output << ": "
              << character.mesh.source.positions.size() << " vertices, "
              << character.skeleton.size() << " joints, " << character.clips.size() << " clips\n";
    exitCode = kExitOk;
  });
}

}  // namespace rw::cli

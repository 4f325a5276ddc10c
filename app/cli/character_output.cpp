#include "cli/character_output.h"

#include <filesystem>
#include <iostream>

#include "cli/exit_codes.h"
#include "cli/load_or_exit.h"
#include "io/export/export_character.h"
#include "io/export/rebind_skeleton.h"

namespace rw::cli {

bool isCharacterOutput(const std::string& path) {
  const std::optional<ExportFormat> format = exportFormatFor(path);
  return format && *format != ExportFormat::RigJson;
}

bool checkOutputFormat(const std::string& path) {
  if (exportFormatFor(path)) return true;
  std::cerr << path << ": unknown output format (use .fbx, .glb, .gltf or .json)" << std::endl;
  return false;
}

void addPresetOption(CLI::App* cmd, std::string& preset) {
  cmd->add_option("--preset", preset,
                  "engine the file is for: " + enginePresetNames() +
                      " (units, deform bones only, one root; see the README)")
      ->check([](const std::string& name) {
        return enginePresetNamed(name)
                   ? std::string()
                   : "unknown preset '" + name + "' (use " + enginePresetNames() + ")";
      })
      ->capture_default_str();
}

ExportSettings presetSettings(const std::string& preset) {
  return exportSettingsFor(enginePresetNamed(preset).value_or(EnginePreset::None));
}

Character loadRigCharacterOrExit(const std::string& rigPath, const RigDocument& rig) {
  Character character;
  if (!rig.meshPath.empty()) {
    std::filesystem::path mesh = rig.meshPath;
    if (mesh.is_relative()) mesh = std::filesystem::path(rigPath).parent_path() / mesh;
    character = loadOrExit(mesh.string());
    const RebindReport dropped = rebindToSkeleton(character, rig.skeleton);
    if (dropped.droppedInfluences > 0 || dropped.droppedChannels > 0)
      character.notes.push_back(std::to_string(dropped.droppedInfluences) + " influences and " +
                                std::to_string(dropped.droppedChannels) + " clip channels of " +
                                mesh.string() + " are on joints the rig does not have; left out");
  } else {
    character.skeleton = rig.skeleton;
  }
  character.sourcePath = rigPath;
  if (rig.skin) character.skin = *rig.skin;
  return character;
}

Character loadAnyCharacterOrExit(const std::string& path) {
  if (std::filesystem::path(path).extension() != ".json") return loadOrExit(path);
  return loadRigCharacterOrExit(path, readRigOrExit(path));
}

}  // namespace rw::cli

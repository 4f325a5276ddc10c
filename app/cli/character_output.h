#pragma once
// What the commands that write share: the output format chosen by the -o extension, and the
// character a rig .json stands for when a command writes a whole character (FBX / glTF).
#include <CLI/CLI.hpp>
#include <string>

#include "character.h"
#include "io/export/export_settings.h"
#include "io/rig_json.h"

namespace rw::cli {

/// True for OUT.fbx, OUT.glb and OUT.gltf (a whole character), false for .json and the rest.
bool isCharacterOutput(const std::string& path);

/// False (after one line on stderr naming the file) unless `path` ends in .fbx, .glb, .gltf
/// or .json. Checked before any work, so a typo costs nothing.
bool checkOutputFormat(const std::string& path);

/// Adds --preset NAME (none, unity, unreal, blender, maya; io/export/export_settings.h) to a
/// command that writes characters. An unknown name is refused before any work.
void addPresetOption(CLI::App* cmd, std::string& preset);
/// The export settings of a preset name accepted by addPresetOption.
ExportSettings presetSettings(const std::string& preset);

/// The character of a rig file: the mesh file it names (source.mesh, relative to the rig file)
/// put on the rig's skeleton, with the rig's own skin weights when it has them. A rig that
/// names no mesh gives a skeleton-only character. Exits with code 2 when the mesh cannot be
/// read, like loadOrExit.
Character loadRigCharacterOrExit(const std::string& rigPath, const RigDocument& rig);

/// A rig .json (by extension) as loadRigCharacterOrExit reads it, anything else by loadOrExit.
Character loadAnyCharacterOrExit(const std::string& path);

}  // namespace rw::cli

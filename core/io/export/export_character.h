#pragma once
// Writes a Character to the format its file name asks for:
//   .fbx   binary FBX 7.4 by our own writer (io/fbx/): all influences, every bone, every clip
//   .glb / .gltf  glTF 2 by our own writer (io/export/gltf_export.h): top 4 influences
//   .json  the project's rig file (io/rig_json.h): skeleton with control-bone flags
// Every file is written atomically (temporary file + rename). Errors name the file.
// The settings (an engine preset's, io/export/export_settings.h) shape the bones and the unit
// first; glTF is always written in metres.
#include <optional>
#include <string>

#include "character.h"
#include "io/export/export_settings.h"
#include "util/expected.h"

namespace rw {

enum class ExportFormat { Fbx, Glb, Gltf, RigJson };

/// The format for `path`'s extension (case-insensitive), or nullopt.
std::optional<ExportFormat> exportFormatFor(const std::string& path);

Status exportCharacter(const Character& character, const std::string& path,
                       const ExportSettings& settings = {});

}  // namespace rw

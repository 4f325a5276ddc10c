#include "io/export/export_character.h"

#include <algorithm>
#include <cctype>
#include <filesystem>

#include "io/export/gltf_export.h"
#include "io/fbx/fbx_scene_writer.h"
#include "io/rig_json.h"
#include "util/atomic_file.h"

namespace rw {

std::optional<ExportFormat> exportFormatFor(const std::string& path) {
  std::string ext = std::filesystem::path(path).extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char ch) { return static_cast<char>(std::tolower(ch)); });
  if (ext == ".fbx") return ExportFormat::Fbx;
  if (ext == ".glb") return ExportFormat::Glb;
  if (ext == ".gltf") return ExportFormat::Gltf;
  if (ext == ".json") return ExportFormat::RigJson;
  return std::nullopt;
}

Status exportCharacter(const Character& original, const std::string& path,
                       const ExportSettings& settings) {
  const std::optional<ExportFormat> format = exportFormatFor(path);
  if (!format) return Error{path + ": unknown export format (use .fbx, .glb, .gltf or .json)"};
  ExportSettings effective = settings;
  if (*format == ExportFormat::Glb || *format == ExportFormat::Gltf)
    effective.fileUnitMetres = 1.0;  // glTF's unit is the metre
  // Copies only when something changes: a large mesh costs a noticeable share of the write.
  const bool reshape =
      effective.deformBonesOnly || effective.singleRootBone ||
      (effective.fileUnitMetres > 0 && effective.fileUnitMetres != original.metresPerUnit);
  std::optional<Character> prepared;
  if (reshape) prepared = prepareForExport(original, effective);
  const Character& character = prepared ? *prepared : original;
  switch (*format) {
    case ExportFormat::Fbx: {
      Expected<std::string> bytes = fbx::encodeCharacterFbx(character);
      if (!bytes) return Error{path + ": " + bytes.error().message};
      return writeFileAtomically(path, *bytes);
    }
    case ExportFormat::Glb:
    case ExportFormat::Gltf:
      return exportGltf(character, path);
    case ExportFormat::RigJson: {
      RigDocument rig;
      rig.skeleton = character.skeleton;
      rig.meshPath = character.sourcePath;
      return writeRigJson(rig, path);
    }
  }
  return Error{path + ": unknown export format"};
}

}  // namespace rw

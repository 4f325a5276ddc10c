#pragma once
// How a character is written for the tool that will open it: the engine presets artists know
// from Auto-Rig Pro's and Mixamo's exports.
//
//   preset   file unit    bones                       control bones
//   (none)   the character's own (its metresPerUnit)  all     kept, keyed
//   unity    metre        deform only, one root       baked into the deform bones' keys,
//   unreal   centimetre   deform only, one root         but the master root control is kept
//   blender  metre        all                         kept, keyed
//   maya     centimetre   all                         kept, keyed
//
// All presets write Y up, right-handed (FBX's default axis system, and glTF's): Maya, Blender,
// Unity and Unreal convert it through the FBX SDK (or their glTF readers) to their own axes.
// No preset adds `_end` leaf bones (Blender's "Add Leaf Bones"): engines import them as extra
// bones that skin nothing. glTF is always written in metres (the spec's unit).
#include <optional>
#include <string>

#include "character.h"

namespace rw {

enum class EnginePreset { None, Unity, Unreal, Blender, Maya };

/// "unity", "unreal", "blender", "maya" (or "none"), case-insensitive.
std::optional<EnginePreset> enginePresetNamed(const std::string& name);
const char* enginePresetName(EnginePreset preset);
/// "none, unity, unreal, blender, maya": for help texts and error messages.
std::string enginePresetNames();

struct ExportSettings {
  /// Metres per unit of the written file; 0 keeps the character's own unit.
  double fileUnitMetres = 0;
  /// Drop control bones, baking their effect into the deform bones' keys (engine_skeleton.h).
  bool deformBonesOnly = false;
  /// With deformBonesOnly: keep the skeleton's single root even if it skins nothing (a
  /// production rig's master control, keyed on the floor under the body): engines take the
  /// root bone as the character's root motion (Unreal's "root", Unity's root transform).
  bool keepMasterRoot = true;
  /// Give a skeleton with several roots a common root bone at the origin.
  bool singleRootBone = false;
  std::string rootBoneName = "root";
};

ExportSettings exportSettingsFor(EnginePreset preset);

/// `character` scaled by `factor` (mesh, rest pose, translation keys); metresPerUnit follows,
/// so the character's real size is unchanged.
Character rescaled(const Character& character, double factor);

/// The character as `settings` want it written: bones first, then the unit.
Character prepareForExport(const Character& character, const ExportSettings& settings);

}  // namespace rw

#pragma once
// The skeleton an engine takes, made from ours without changing how the character moves:
//   deform bones only  control bones (IK targets, poles, foot-roll pivots, a master control
//                      above the hips) are dropped; a bone whose parent was dropped hangs
//                      under its nearest kept ancestor, and its clip keys are baked from the
//                      posed globals so that every kept bone moves exactly as before;
//   one root bone      several roots get a common parent at the origin (Unreal and Unity's
//                      Humanoid want one hierarchy; glTF skins want one skeleton root).
// Skin weights and constraints follow the new joint indices (constraints on dropped bones go:
// their effect is already in the baked keys).
#include <string>
#include <vector>

#include "character.h"

namespace rw {

/// Joints that deform: flagged as deform bones, or moving any vertex.
std::vector<bool> deformingJoints(const Character& character);

/// `character` with only the joints where keep[j] is true; motion baked as described above.
Character keepJoints(const Character& character, const std::vector<bool>& keep);

/// keepJoints(character, deformingJoints(character)).
Character withDeformBonesOnly(const Character& character);

/// `character` with one root: unchanged if it has one, else a new joint `name` (made unique)
/// at the origin, first in the skeleton, parent of the old roots.
Character withSingleRoot(const Character& character, const std::string& name = "root");

}  // namespace rw

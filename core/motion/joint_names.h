#pragma once
// Joint-name conventions of the skeletons we meet: CMU (LeftUpLeg, LHipJoint, LThumb), Mixamo
// (mixamorig:LeftArm), Blender (.L/.R, _l/_r), 3ds Max Biped ("Bip01 L Thigh"), artist rigs
// (B_Hip_Left). Names only say which side a joint is on and roughly what it is; which bone of a
// limb a name denotes differs between conventions (some rigs' LeftShoulder is the upper arm,
// CMU's is the collarbone), so body_layout.h decides roles from the chain structure.
#include <string>
#include <vector>

namespace rw {

enum class BodySide { Center, Left, Right };

/// Lower-case words of a name: prefixes such as "mixamorig:" and "Bip01" dropped, split at
/// separators (space _ . : - |) and camel-case humps ("LeftUpLeg" -> left, up, leg;
/// "LHipJoint" -> l, hip, joint).
std::vector<std::string> nameWords(const std::string& name);

/// The side a name states: a word "left"/"l" (or a leading "Left"/"L" hump), likewise right.
BodySide sideFromName(const std::string& name);

/// True when a word of the name contains one of `keys` (lower case), e.g. {"leg","thigh"}.
bool nameHasWord(const std::string& name, const std::vector<std::string>& keys);

/// The name with its side words removed and the side as a prefix ("l:upleg"): equal keys on
/// two skeletons name the same joint under the same convention.
std::string normalizedJointKey(const std::string& name);

}  // namespace rw

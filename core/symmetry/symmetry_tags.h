#pragma once
// Symmetry tags of arcs (Poirier §5.3) and their names, as printed in JSON.
#include <optional>
#include <string>

namespace rw {

enum class SymmetryTag {
  Primary,  ///< on the primary symmetry axis (the path down from the head node)
  Axial,    ///< in a group of two symmetric arcs (left/right)
  Radial,   ///< in a group of three or more symmetric arcs (numbered)
  None      ///< no symmetry
};

/// A limb of a paired (axial) or ringed (radial) branching: two legs, or two legs and a tail
/// alike enough to be tagged as three of a kind.
inline bool isSideLimb(SymmetryTag tag) {
  return tag == SymmetryTag::Axial || tag == SymmetryTag::Radial;
}

enum class SymmetrySide { None, Left, Right };

/// "primary", "axial", "radial", "none".
const char* symmetryTagName(SymmetryTag tag);
/// "none", "left", "right".
const char* symmetrySideName(SymmetrySide side);
std::optional<SymmetryTag> symmetryTagFromName(const std::string& name);
std::optional<SymmetrySide> symmetrySideFromName(const std::string& name);

}  // namespace rw

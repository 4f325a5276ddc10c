#include "symmetry/symmetry_tags.h"

namespace rw {

const char* symmetryTagName(SymmetryTag tag) {
  switch (tag) {
    case SymmetryTag::Primary:
      return "primary";
    case SymmetryTag::Axial:
      return "axial";
    case SymmetryTag::Radial:
      return "radial";
    case SymmetryTag::None:
      return "none";
  }
  return "none";
}

const char* symmetrySideName(SymmetrySide side) {
  switch (side) {
    case SymmetrySide::None:
      return "none";
    case SymmetrySide::Left:
      return "left";
    case SymmetrySide::Right:
      return "right";
  }
  return "none";
}

std::optional<SymmetryTag> symmetryTagFromName(const std::string& name) {
  for (SymmetryTag tag :
       {SymmetryTag::Primary, SymmetryTag::Axial, SymmetryTag::Radial, SymmetryTag::None})
    if (name == symmetryTagName(tag)) return tag;
  return std::nullopt;
}

std::optional<SymmetrySide> symmetrySideFromName(const std::string& name) {
  for (SymmetrySide side : {SymmetrySide::None, SymmetrySide::Left, SymmetrySide::Right})
    if (name == symmetrySideName(side)) return side;
  return std::nullopt;
}

}  // namespace rw

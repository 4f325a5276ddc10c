#include "motion/joint_names.h"

#include <algorithm>
#include <cctype>

namespace rw {
namespace {

bool isSeparator(char c) {
  return c == ' ' || c == '_' || c == '.' || c == ':' || c == '-' || c == '|';
}

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s;
}

bool isPrefixWord(const std::string& w) {
  return w == "mixamorig" || w == "bip01" || w == "bip" || w == "b" || w == "def" || w == "bone" ||
         w == "jnt" || w == "j";
}

}  // namespace

std::vector<std::string> nameWords(const std::string& name) {
  std::vector<std::string> words;
  std::string cur;
  auto flush = [&] {
    if (!cur.empty()) words.push_back(lower(cur));
    cur.clear();
  };
  for (std::size_t i = 0; i < name.size(); ++i) {
    const char c = name[i];
    if (isSeparator(c)) {
      flush();
      continue;
    }
    const bool upper = std::isupper(static_cast<unsigned char>(c));
    if (upper && !cur.empty()) {
      // A hump starts a word; a run of capitals ("LHip") splits before its last capital.
      const bool prevUpper = std::isupper(static_cast<unsigned char>(cur.back()));
      const bool nextLower =
          i + 1 < name.size() && std::islower(static_cast<unsigned char>(name[i + 1]));
      if (!prevUpper || nextLower) flush();
    }
    cur.push_back(c);
  }
  flush();
  std::vector<std::string> kept;
  for (const std::string& w : words)
    if (!isPrefixWord(w)) kept.push_back(w);
  return kept;
}

BodySide sideFromName(const std::string& name) {
  for (const std::string& w : nameWords(name)) {
    if (w == "left" || w == "l" || w == "lft") return BodySide::Left;
    if (w == "right" || w == "r" || w == "rt" || w == "rgt") return BodySide::Right;
  }
  return BodySide::Center;
}

bool nameHasWord(const std::string& name, const std::vector<std::string>& keys) {
  for (const std::string& w : nameWords(name))
    for (const std::string& k : keys)
      if (w.find(k) != std::string::npos) return true;
  return false;
}

std::string normalizedJointKey(const std::string& name) {
  const BodySide side = sideFromName(name);
  std::string key = side == BodySide::Left ? "l:" : side == BodySide::Right ? "r:" : "c:";
  for (const std::string& w : nameWords(name)) {
    if (w == "left" || w == "l" || w == "lft" || w == "right" || w == "r" || w == "rt" ||
        w == "rgt")
      continue;
    key += w;
  }
  return key;
}

}  // namespace rw

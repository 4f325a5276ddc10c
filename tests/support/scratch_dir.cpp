#include "support/scratch_dir.h"

#include <stdlib.h>

#include <map>
#include <stdexcept>
#include <system_error>
#include <vector>

namespace rw::test {
namespace {

/// The folders made so far, removed when the process ends (static destruction).
struct ScratchFolders {
  std::map<std::string, std::filesystem::path> byTag;
  ~ScratchFolders() {
    for (const auto& [tag, dir] : byTag) {
      std::error_code ignored;
      std::filesystem::remove_all(dir, ignored);
    }
  }
};

}  // namespace

std::filesystem::path processScratchDir(const std::string& tag) {
  static ScratchFolders folders;
  const auto known = folders.byTag.find(tag);
  if (known != folders.byTag.end()) return known->second;
  const std::string pattern =
      (std::filesystem::temp_directory_path() / ("rw-" + tag + "-XXXXXX")).string();
  std::vector<char> name(pattern.begin(), pattern.end());
  name.push_back('\0');
  if (!::mkdtemp(name.data())) throw std::runtime_error("cannot make a folder like " + pattern);
  return folders.byTag[tag] = std::filesystem::path(name.data());
}

}  // namespace rw::test

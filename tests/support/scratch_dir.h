#pragma once
// A scratch folder for one test process: new (mkdtemp, never one left by an earlier run whose
// process had the same id) and removed with everything in it when the process ends.
#include <filesystem>
#include <string>

namespace rw::test {

/// The process's scratch folder for `tag` ("rw-<tag>-XXXXXX" in the temporary directory),
/// made on the first call for that tag; the same folder on later calls.
std::filesystem::path processScratchDir(const std::string& tag);

}  // namespace rw::test

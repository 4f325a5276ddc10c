#include "io/isolated_reader.h"

#include <unistd.h>

#include <cstdlib>
#include <string>

#include "io/import_character.h"
#include "io/isolated_child.h"
#include "io/isolated_read_check.h"

namespace rw {
namespace {

constexpr int kMessageFd = 3;
const char* const kUpY = "y";
const char* const kUpZ = "z";

/// The job named on the command line, or an error for a command line nobody should write.
Expected<std::string> runJob(int argc, char** argv) {
  const std::string command = argv[3];
  const std::string path = argv[4];
  if (command == "check" && argc == 5) return readableByAssimp(path);
  if (command == "import" && argc <= 6) {
    ImportOptions options;
    if (argc == 6) options.upAxis = std::string(argv[5]) == kUpZ ? UpAxis::Z : UpAxis::Y;
    return readPackedCharacter(path, options);
  }
  return Error{"rigwright-read: unknown job '" + command + "'"};
}

}  // namespace

std::vector<std::string> importJobArguments(std::optional<UpAxis> upAxis) {
  std::vector<std::string> arguments = {"import"};
  if (upAxis) arguments.push_back(*upAxis == UpAxis::Z ? kUpZ : kUpY);
  return arguments;
}

int isolatedReaderMain(int argc, char** argv) {
  if (argc < 5) {
    const std::string usage =
        "rigwright-read is started by Rigwright to read a file in isolation; "
        "usage: rigwright-read PARENT_PID MEMORY_BYTES check|import PATH [y|z]\n";
    (void)!write(STDERR_FILENO, usage.data(), usage.size());
    return 2;
  }
  const pid_t parent = pid_t(std::strtol(argv[1], nullptr, 10));
  const std::size_t memory = std::size_t(std::strtoull(argv[2], nullptr, 10));
  if (!prepareIsolatedChild(parent, memory)) return 1;
  const std::string message = runIsolatedWork([&] { return runJob(argc, argv); });
  return writeWholeMessage(kMessageFd, message) ? 0 : 1;
}

}  // namespace rw

// rigwright-cli: the engine from the command line, for batch work. See docs/pipeline.md.
#include <CLI/CLI.hpp>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <new>
#include <optional>
#include <string>

#include "cli/cli_app.h"
#include "cli/escaped_output.h"
#include "cli/exit_codes.h"
#include "heap/heap_allocator.h"
#include "io/json_fields.h"
#include "util/blas_threads.h"
#include "util/memory_limit.h"
#include "util/temp_file_guard.h"

namespace {

/// The arguments that name files, for a last-resort message (which files were being worked on).
/// Allocates nothing: it also reports running out of memory.
void printFileArguments(int argc, char** argv) {
  bool any = false;
  for (int i = 2; i < argc; ++i) {
    if (argv[i][0] == '\0' || argv[i][0] == '-') continue;
    std::cerr << (any ? ", " : "") << argv[i];
    any = true;
  }
  std::cerr << (any ? ": " : "(no file): ");
}

}  // namespace

/// What the memory watchdog prints: the files, and that the budget was exceeded.
std::string budgetMessage(int argc, char** argv) {
  std::string files;
  for (int i = 2; i < argc; ++i)
    if (argv[i][0] != '\0' && argv[i][0] != '-')
      files += (files.empty() ? "" : ", ") + std::string(argv[i]);
  const char* limit = std::getenv("RIGWRIGHT_MEMORY_LIMIT");
  return rw::printable(files.empty() ? "(no file)" : files) +
         ": out of memory: the work needs more than RIGWRIGHT_MEMORY_LIMIT=" + limit;
}

/// Parses the command line and runs the command; returns the exit code.
int run(int argc, char** argv) {
  CLI::App app{"Rigwright: retarget, skin and animate characters from the command line"};
  int exitCode = rw::cli::kExitOk;
  app.set_version_flag(
      "--version", "rigwright-cli " RIGWRIGHT_VERSION " (heap: " + rw::heapAllocatorName() + ")");
  rw::cli::addCommands(app, exitCode);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? 0 : rw::cli::kExitBadInput;
  }
  return exitCode;
}

int main(int argc, char** argv) {
  rw::configureHeap();
  rw::parkBlasThreads();
  rw::installInterruptCleanup();
  const rw::cli::EscapedStream escapedErrors(std::cerr), escapedReports(std::cout);
  const rw::Expected<std::optional<std::size_t>> budget = rw::memoryLimitFromEnvironment();
  if (!budget) {
    std::cerr << budget.error().message << std::endl;
    return rw::cli::kExitBadInput;
  }
  if (*budget) rw::startMemoryWatchdog(**budget, budgetMessage(argc, argv), rw::cli::kExitCannotDo);
  // The last resort: nothing escapes as an abort. Running out of memory is exit 3 (the machine,
  // or RIGWRIGHT_MEMORY_LIMIT, cannot do it), anything else exit 2; both name the files.
  try {
    return run(argc, argv);
  } catch (const std::bad_alloc&) {
    printFileArguments(argc, argv);
    std::cerr << "out of memory (the input is too large for this machine or for "
                 "RIGWRIGHT_MEMORY_LIMIT, or malformed)"
              << std::endl;
    return rw::cli::kExitCannotDo;
  } catch (const std::exception& e) {
    printFileArguments(argc, argv);
    std::cerr << "unexpected error (" << e.what() << ")" << std::endl;
    return rw::cli::kExitBadInput;
  }
}

// libFuzzer target: the CLI's option parsing (every command's options and checks, as main
// builds them) on arbitrary argument lists: the input's lines are the arguments. The commands do
// not run: the main app's parse-complete callback (CLI11 calls it after every option is parsed
// and checked, before any subcommand's action) ends the parse. Property: parsing ends there or
// in a CLI11 error, never a crash, another exception or a sanitizer report.
#include <CLI/CLI.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "cli/cli_app.h"

namespace {

constexpr std::size_t kMaxArguments = 24;

/// Thrown once parsing and validation are complete, so no command runs.
struct Parsed {};

std::vector<std::string> argumentsOf(const std::uint8_t* data, std::size_t size) {
  std::vector<std::string> args = {"rigwright-cli"};
  std::string current;
  for (std::size_t i = 0; i < size && args.size() < kMaxArguments; ++i) {
    if (data[i] == '\n') {
      args.push_back(current);
      current.clear();
    } else if (data[i] != 0) {
      current += char(data[i]);
    }
  }
  if (!current.empty() && args.size() < kMaxArguments) args.push_back(current);
  return args;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::vector<std::string> args = argumentsOf(data, size);
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  CLI::App app{"fuzz"};
  int exitCode = 0;
  rw::cli::addCommands(app, exitCode);
  app.parse_complete_callback([] { throw Parsed(); });
  try {
    app.parse(int(argv.size()), argv.data());
  } catch (const CLI::Error&) {
  } catch (const Parsed&) {
  }
  return 0;
}

#pragma once
// Runs a program (the CLI) as a child process and captures what it printed and how it ended.
#include <string>
#include <vector>

namespace rw::test {

struct ProcessResult {
  int exitCode = -1;     ///< valid when !crashed
  bool crashed = false;  ///< killed by a signal
  int signal = 0;
  bool timedOut = false;
  std::string out;
  std::string err;
};

ProcessResult runProcess(const std::vector<std::string>& argv, double timeoutSeconds = 120);
/// Runs rigwright-cli with the given arguments.
ProcessResult runCli(const std::vector<std::string>& args, double timeoutSeconds = 120);

}  // namespace rw::test

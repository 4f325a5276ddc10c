#include "cli/json_report.h"

#include <iostream>

#include "util/atomic_file.h"

namespace rw::cli {

bool writeJsonReport(const std::string& target, const nlohmann::json& report) {
  if (target == "-") {
    std::cout << report.dump(2) << "\n";
    return true;
  }
  if (target.empty()) return true;
  if (Status bad = writeFileAtomically(target, report.dump(2) + "\n")) {
    std::cerr << bad->message << std::endl;
    return false;
  }
  return true;
}

}  // namespace rw::cli

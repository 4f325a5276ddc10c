#pragma once
// Checks for the CLI's numeric options. CLI11's Range and NonNegativeNumber let NaN through
// (every comparison with NaN is false) and accept "inf"; a NaN parameter then recurses without
// end or is written into the output. Every floating-point option uses finiteRange.
#include <CLI/CLI.hpp>
#include <cmath>
#include <sstream>
#include <string>

namespace rw::cli {

inline CLI::Validator finiteRange(double min, double max) {
  std::ostringstream bounds;
  bounds << min << " to " << max;
  const std::string range = "a finite number from " + bounds.str();
  return CLI::Validator(
      [min, max, range](std::string& text) -> std::string {
        double value = 0.0;
        std::size_t used = 0;
        try {
          value = std::stod(text, &used);
        } catch (const std::exception&) {
          return "'" + text + "' is not " + range;
        }
        if (used != text.size() || !std::isfinite(value) || value < min || value > max)
          return "'" + text + "' is not " + range;
        return {};
      },
      "FINITE " + bounds.str());
}

}  // namespace rw::cli

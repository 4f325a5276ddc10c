#include "io/json_fields.h"

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "util/atomic_file.h"

namespace rw {

using nlohmann::json;

namespace {

std::string typeName(const json& j) {
  return j.is_null() ? "null" : std::string(j.type_name());
}

std::string shortNumber(double v) {
  std::ostringstream s;
  s.precision(6);
  s << v;
  return s.str();
}

}  // namespace

JsonFields::JsonFields(std::string origin, InputLimits limits)
    : origin_(std::move(origin)), limits_(limits) {}

Error JsonFields::error(const std::string& where, const std::string& what) const {
  return Error{origin_ + ": " + where + ": " + what};
}

bool JsonFields::fail(const std::string& where, const std::string& what) {
  if (!problem_) problem_ = error(where, what);
  return false;
}

bool JsonFields::object(const json& j, const std::string& where) {
  return j.is_object() || fail(where, "expected an object, found " + typeName(j));
}

bool JsonFields::array(const json& j, const std::string& where) {
  return j.is_array() || fail(where, "expected an array, found " + typeName(j));
}

bool JsonFields::string(const json& j, const std::string& where, std::string& out) {
  if (!j.is_string()) return fail(where, "expected a string, found " + typeName(j));
  out = j.get<std::string>();
  return true;
}

bool JsonFields::name(const json& j, const std::string& where, std::string& out) {
  std::string text;
  if (!string(j, where, text)) return false;
  if (text.empty()) return fail(where, "is empty");
  if (text.size() > limits_.maxNameBytes)
    return fail(where, "a name of " + std::to_string(text.size()) + " bytes (at most " +
                           std::to_string(limits_.maxNameBytes) + ")");
  for (unsigned char c : text)
    if (c < 0x20 || c == 0x7f)
      return fail(where, "'" + printable(text) + "' holds a control character");
  out = std::move(text);
  return true;
}

bool JsonFields::boolean(const json& j, const std::string& where, bool& out) {
  if (!j.is_boolean()) return fail(where, "expected true or false, found " + typeName(j));
  out = j.get<bool>();
  return true;
}

bool JsonFields::integer(const json& j, const std::string& where, std::int64_t min,
                         std::int64_t max, std::int64_t& out) {
  if (!j.is_number_integer()) return fail(where, "expected an integer, found " + typeName(j));
  // Unsigned values above INT64_MAX are out of any range we accept.
  if (j.is_number_unsigned() && j.get<std::uint64_t>() > std::uint64_t(max))
    return fail(where, "out of range (" + std::to_string(min) + " to " + std::to_string(max) + ")");
  const std::int64_t v = j.get<std::int64_t>();
  if (v < min || v > max)
    return fail(where, std::to_string(v) + " is out of range (" + std::to_string(min) + " to " +
                           std::to_string(max) + ")");
  out = v;
  return true;
}

bool JsonFields::integer(const json& j, const std::string& where, int min, int max, int& out) {
  std::int64_t v = 0;
  if (!integer(j, where, std::int64_t(min), std::int64_t(max), v)) return false;
  out = int(v);
  return true;
}

bool JsonFields::number(const json& j, const std::string& where, double min, double max,
                        double& out) {
  if (!j.is_number()) return fail(where, "expected a number, found " + typeName(j));
  const double v = j.get<double>();
  if (!std::isfinite(v)) return fail(where, "not a finite number");
  if (v < min || v > max)
    return fail(where, shortNumber(v) + " is out of range (" + shortNumber(min) + " to " +
                           shortNumber(max) + ")");
  out = v;
  return true;
}

bool JsonFields::vector(const json& j, const std::string& where, int n, double maxMagnitude,
                        Eigen::VectorXd& out) {
  if (!j.is_array() || int(j.size()) != n)
    return fail(where, "expected an array of " + std::to_string(n) + " numbers");
  out.resize(n);
  for (int i = 0; i < n; ++i)
    if (!number(j[i], where + "[" + std::to_string(i) + "]", -maxMagnitude, maxMagnitude, out[i]))
      return false;
  return true;
}

const json* JsonFields::field(const json& obj, const char* key) {
  if (!obj.is_object()) return nullptr;
  const auto it = obj.find(key);
  if (it == obj.end() || it->is_null()) return nullptr;
  return &*it;
}

namespace {

bool findNonFinite(const json& j, std::string& path) {
  if (j.is_number_float()) return !std::isfinite(j.get<double>());
  const std::size_t length = path.size();
  if (j.is_array()) {
    for (std::size_t i = 0; i < j.size(); ++i) {
      path += "[" + std::to_string(i) + "]";
      if (findNonFinite(j[i], path)) return true;
      path.resize(length);
    }
  } else if (j.is_object()) {
    for (const auto& [key, value] : j.items()) {
      path += (path.empty() ? "" : ".") + key;
      if (findNonFinite(value, path)) return true;
      path.resize(length);
    }
  }
  return false;
}

}  // namespace

std::optional<std::string> firstNonFinite(const json& j) {
  std::string path;
  if (!findNonFinite(j, path)) return std::nullopt;
  return path.empty() ? std::string("(top level)") : path;
}

Expected<json> readJsonFile(const std::string& path, std::uintmax_t maxBytes) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return Error{path + ": file not found"};
  if (!std::filesystem::is_regular_file(path, ec)) return Error{path + ": not a regular file"};
  const std::uintmax_t size = std::filesystem::file_size(path, ec);
  if (ec) return Error{path + ": cannot be read (" + ec.message() + ")"};
  if (size > maxBytes) return Error{path + ": too large for a JSON file we read"};
  std::ifstream in(path, std::ios::binary);
  if (!in) return Error{path + ": cannot be opened"};
  std::string text(size, '\0');
  in.read(text.data(), std::streamsize(size));
  text.resize(std::size_t(in.gcount()));
  json parsed = json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (parsed.is_discarded()) return Error{path + ": not valid JSON"};
  return parsed;
}

Status writeJsonFile(const std::string& path, const json& j, int indent) {
  if (const std::optional<std::string> where = firstNonFinite(j))
    return Error{path + ": not written: " + *where + " is not a finite number"};
  return writeFileAtomically(path, j.dump(indent) + "\n");
}

std::string printable(const std::string& text) {
  static const char* kHex = "0123456789abcdef";
  std::string out;
  out.reserve(text.size());
  for (unsigned char c : text) {
    if (c >= 0x20 && c != 0x7f) {
      out += char(c);
    } else {
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  return out;
}

}  // namespace rw

#pragma once
// The one way we read our own JSON files (rig, skin, project, joint map): every field is
// type-checked, every number finite and within sane magnitudes, every name bounded and
// printable, and the first problem becomes an Error naming the file and the field's path
// ("rig.json: skeleton.joints[3].rest.translation[0]: 1e308 is out of range"). Nothing throws:
// a wrong type is a message, never an uncaught nlohmann::type_error.
#include <Eigen/Core>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "util/expected.h"

namespace rw {

/// Sane magnitudes for what a character file holds. Values beyond them are not a character but
/// a corrupt or hostile file, and they overflow to Inf/NaN downstream (squared lengths of 1e308).
struct InputLimits {
  /// Coordinates and translations: 1e7 is 10,000 km in metres, 10 km in millimetres; squared
  /// distances stay far from overflow.
  double maxCoordinate = 1e7;
  /// Scale factors (absolute value): a bone scaled below 1e-6 or above 1e6 makes its bind
  /// matrix singular or its children overflow.
  double minScale = 1e-6;
  double maxScale = 1e6;
  /// Joint, clip and file names in bytes: FBX and glTF tools handle 255 (longer names crash
  /// some exporters; no rig names a bone with more).
  std::size_t maxNameBytes = 255;
  /// Counts and indices read from a file (vertices, chain lengths): a 32-bit int and then some
  /// headroom, so arithmetic on them cannot overflow.
  std::int64_t maxIndex = 1'000'000'000;
};

/// Reads typed fields of JSON objects. Each getter returns false after recording the first
/// error (later calls keep it); a missing optional key leaves `out` unchanged and succeeds.
class JsonFields {
 public:
  explicit JsonFields(std::string origin, InputLimits limits = {});

  const InputLimits& limits() const { return limits_; }
  /// The first problem met, if any.
  const std::optional<Error>& problem() const { return problem_; }
  /// Records `what` at `where` (if nothing was recorded yet) and returns false.
  bool fail(const std::string& where, const std::string& what);
  Error error(const std::string& where, const std::string& what) const;

  bool object(const nlohmann::json& j, const std::string& where);
  bool array(const nlohmann::json& j, const std::string& where);

  /// A string field; `name` applies the name rules (non-empty, bounded, no control bytes).
  bool string(const nlohmann::json& j, const std::string& where, std::string& out);
  bool name(const nlohmann::json& j, const std::string& where, std::string& out);
  bool boolean(const nlohmann::json& j, const std::string& where, bool& out);
  /// An integer in [min, max].
  bool integer(const nlohmann::json& j, const std::string& where, std::int64_t min,
               std::int64_t max, std::int64_t& out);
  bool integer(const nlohmann::json& j, const std::string& where, int min, int max, int& out);
  /// A finite number in [min, max].
  bool number(const nlohmann::json& j, const std::string& where, double min, double max,
              double& out);
  /// An array of `n` finite numbers, each of magnitude at most `maxMagnitude`.
  bool vector(const nlohmann::json& j, const std::string& where, int n, double maxMagnitude,
              Eigen::VectorXd& out);

  /// `obj[key]` when `obj` is an object holding `key` (and not null), else nullptr.
  static const nlohmann::json* field(const nlohmann::json& obj, const char* key);

 private:
  std::string origin_;
  InputLimits limits_;
  std::optional<Error> problem_;
};

/// The path ("skeleton.joints[3].rest.translation[0]") of the first non-finite number in `j`,
/// if any: nlohmann writes NaN and Inf as null, a file our own reader then rejects, so every
/// JSON writer checks before it writes.
std::optional<std::string> firstNonFinite(const nlohmann::json& j);

/// Reads and parses a JSON file: a missing path, a folder, a file larger than `maxBytes` or
/// text that is not JSON is an error naming the file. Never throws.
Expected<nlohmann::json> readJsonFile(const std::string& path,
                                      std::uintmax_t maxBytes = std::uintmax_t(2) << 30);

/// Writes `j` to `path` atomically (util/atomic_file.h), refusing a document with a non-finite
/// number (the error names the file and the number's path).
Status writeJsonFile(const std::string& path, const nlohmann::json& j, int indent = 2);

/// `text` with control bytes (and DEL) shown as \xNN: a message quoting a file's bytes must not
/// drive the user's terminal (escape sequences) or break its one line.
std::string printable(const std::string& text);

}  // namespace rw

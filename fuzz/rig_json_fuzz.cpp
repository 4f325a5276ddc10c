// libFuzzer target: the rig JSON reader (io/rig_json.h) on arbitrary bytes. Properties: it
// never crashes, throws or trips a sanitizer; an error names the file; and whatever it accepts
// it writes and reads back (finite in, finite out).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>

#include "io/rig_json.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const nlohmann::json j = nlohmann::json::parse(data, data + size, nullptr, false);
  if (j.is_discarded()) return 0;
  const rw::Expected<rw::RigDocument> rig = rw::rigFromJson(j, "fuzz.json");
  if (!rig) {
    if (rig.error().message.rfind("fuzz.json: ", 0) != 0) {
      std::fprintf(stderr, "error without the file's name: %s\n", rig.error().message.c_str());
      std::abort();
    }
    return 0;
  }
  const rw::Expected<rw::RigDocument> again = rw::rigFromJson(rw::rigToJson(*rig), "again.json");
  if (!again) {
    std::fprintf(stderr, "our own output does not read back: %s\n", again.error().message.c_str());
    std::abort();
  }
  return 0;
}

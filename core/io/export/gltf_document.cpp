#include "io/export/gltf_document.h"

#include <algorithm>
#include <cstring>
#include <limits>

namespace rw::gltf {
namespace {

const char* typeName(int components) {
  switch (components) {
    case 1:
      return "SCALAR";
    case 2:
      return "VEC2";
    case 3:
      return "VEC3";
    case 4:
      return "VEC4";
    case 16:
      return "MAT4";
  }
  return "SCALAR";
}

void appendUint32(std::string& out, std::uint32_t v) {
  // GLB is little-endian, as is every machine we build for.
  char bytes[4];
  std::memcpy(bytes, &v, 4);
  out.append(bytes, 4);
}

}  // namespace

Document::Document() {
  json = {{"asset", {{"version", "2.0"}, {"generator", "Rigwright"}}}};
  json["bufferViews"] = nlohmann::json::array();
  json["accessors"] = nlohmann::json::array();
}

int Document::addAccessor(const void* bytes, std::size_t byteLength, ComponentType type,
                          int components, std::size_t count, BufferTarget target) {
  const std::size_t offset = binary_.size();
  binary_.append(static_cast<const char*>(bytes), byteLength);
  binary_.resize((binary_.size() + 3) & ~std::size_t(3), '\0');
  nlohmann::json view = {{"buffer", 0}, {"byteOffset", offset}, {"byteLength", byteLength}};
  if (target != BufferTarget::None) view["target"] = int(target);
  json["bufferViews"].push_back(std::move(view));
  json["accessors"].push_back({{"bufferView", json["bufferViews"].size() - 1},
                               {"componentType", int(type)},
                               {"count", count},
                               {"type", typeName(components)}});
  return int(json["accessors"].size()) - 1;
}

int Document::addFloats(const std::vector<float>& values, int components, BufferTarget target,
                        bool withBounds) {
  const std::size_t count = values.size() / std::size_t(components);
  const int index = addAccessor(values.data(), values.size() * sizeof(float), ComponentType::Float,
                                components, count, target);
  if (withBounds && count > 0) {
    std::vector<float> lo(components, std::numeric_limits<float>::infinity());
    std::vector<float> hi(components, -std::numeric_limits<float>::infinity());
    for (std::size_t i = 0; i < values.size(); ++i) {
      const std::size_t c = i % std::size_t(components);
      lo[c] = std::min(lo[c], values[i]);
      hi[c] = std::max(hi[c], values[i]);
    }
    // Written as the doubles the float32 values are exactly, so they compare equal on reading.
    nlohmann::json& accessor = json["accessors"][std::size_t(index)];
    accessor["min"] = std::vector<double>(lo.begin(), lo.end());
    accessor["max"] = std::vector<double>(hi.begin(), hi.end());
  }
  return index;
}

nlohmann::json Document::withBuffer(const nlohmann::json& buffer) const {
  nlohmann::json out = json;
  // A buffer must have at least one byte: a document with no data has no buffer.
  if (!binary_.empty()) out["buffers"] = nlohmann::json::array({buffer});
  if (out["bufferViews"].empty()) out.erase("bufferViews");
  if (out["accessors"].empty()) out.erase("accessors");
  return out;
}

std::string Document::glb() const {
  std::string text = withBuffer({{"byteLength", binary_.size()}}).dump();
  text.resize((text.size() + 3) & ~std::size_t(3), ' ');  // JSON chunk padding is spaces
  const std::size_t total = 12 + 8 + text.size() + (binary_.empty() ? 0 : 8 + binary_.size());
  std::string out;
  out.reserve(total);
  appendUint32(out, 0x46546C67);  // "glTF"
  appendUint32(out, 2);
  appendUint32(out, std::uint32_t(total));
  appendUint32(out, std::uint32_t(text.size()));
  appendUint32(out, 0x4E4F534A);  // "JSON"
  out += text;
  if (!binary_.empty()) {
    appendUint32(out, std::uint32_t(binary_.size()));  // already a multiple of 4
    appendUint32(out, 0x004E4942);                     // "BIN\0"
    out += binary_;
  }
  return out;
}

std::string Document::gltfText(const std::string& bufferUri) const {
  return withBuffer({{"byteLength", binary_.size()}, {"uri", bufferUri}}).dump();
}

std::string uriEncode(const std::string& fileName) {
  static const char* hex = "0123456789ABCDEF";
  std::string out;
  for (unsigned char ch : fileName) {
    const bool unreserved = (ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z') ||
                            (ch >= '0' && ch <= '9') || ch == '-' || ch == '.' || ch == '_' ||
                            ch == '~';
    if (unreserved) {
      out += char(ch);
    } else {
      out += '%';
      out += hex[ch >> 4];
      out += hex[ch & 15];
    }
  }
  return out;
}

}  // namespace rw::gltf

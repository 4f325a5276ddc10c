#include "io/fbx/fbx_binary_writer.h"

#include <zlib.h>

#include <cstring>
#include <stdexcept>
#include <type_traits>

namespace rw::fbx {
namespace {

/// zlib's fastest level, as Blender's writer uses: the default (6) took most of the writing time
/// of an animated character for files a few percent smaller.
constexpr int kZlibLevel = Z_BEST_SPEED;

template <typename T>
void put(std::string& out, T value) {
  static_assert(std::is_trivially_copyable_v<T>);
  char bytes[sizeof(T)];
  std::memcpy(bytes, &value, sizeof(T));  // x86-64 / aarch64 are little-endian like FBX
  out.append(bytes, sizeof(T));
}

void patch32(std::string& out, std::size_t at, std::uint32_t value) {
  std::memcpy(out.data() + at, &value, sizeof(value));
}

std::string zlibCompress(const std::string& raw) {
  uLongf size = compressBound(static_cast<uLong>(raw.size()));
  std::string packed(size, '\0');
  if (compress2(reinterpret_cast<Bytef*>(packed.data()), &size,
                reinterpret_cast<const Bytef*>(raw.data()), static_cast<uLong>(raw.size()),
                kZlibLevel) != Z_OK)
    throw std::runtime_error("zlib compression failed");
  packed.resize(size);
  return packed;
}

template <typename T>
void putArray(std::string& out, const std::vector<T>& values) {
  std::string raw;
  raw.reserve(values.size() * sizeof(T));
  for (const T& v : values) put(raw, v);
  const bool compress = raw.size() >= kCompressArraysFromBytes;
  const std::string payload = compress ? zlibCompress(raw) : raw;
  put<std::uint32_t>(out, static_cast<std::uint32_t>(values.size()));
  put<std::uint32_t>(out, compress ? 1u : 0u);
  put<std::uint32_t>(out, static_cast<std::uint32_t>(payload.size()));
  out += payload;
}

void putProperty(std::string& out, const Property& property) {
  out += typeCode(property);
  std::visit(
      [&out](const auto& v) {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, bool>) {
          out += static_cast<char>(v ? 1 : 0);
        } else if constexpr (std::is_arithmetic_v<T>) {
          put(out, v);
        } else if constexpr (std::is_same_v<T, std::string>) {
          put<std::uint32_t>(out, static_cast<std::uint32_t>(v.size()));
          out += v;
        } else if constexpr (std::is_same_v<T, Raw>) {
          put<std::uint32_t>(out, static_cast<std::uint32_t>(v.bytes.size()));
          out += v.bytes;
        } else if constexpr (std::is_same_v<T, std::vector<bool>>) {
          std::vector<std::uint8_t> bytes(v.begin(), v.end());
          putArray(out, bytes);
        } else {
          putArray(out, v);
        }
      },
      property);
}

void putNode(std::string& out, const Node& node, std::uint64_t base) {
  if (node.name.size() > 255) throw std::runtime_error("FBX record name too long: " + node.name);
  const std::size_t start = out.size();
  put<std::uint32_t>(out, 0);  // end offset, patched below
  put<std::uint32_t>(out, static_cast<std::uint32_t>(node.properties.size()));
  put<std::uint32_t>(out, 0);  // property bytes, patched below
  out += static_cast<char>(node.name.size());
  out += node.name;
  const std::size_t propertiesStart = out.size();
  for (const Property& p : node.properties) putProperty(out, p);
  patch32(out, start + 8, static_cast<std::uint32_t>(out.size() - propertiesStart));
  for (const Node& child : node.children) putNode(out, child, base);
  // Blender's writer (and the FBX SDK) also close AnimationStack/AnimationLayer records.
  if (!node.children.empty() || node.properties.empty() || node.name == "AnimationStack" ||
      node.name == "AnimationLayer")
    out.append(kNullRecordSize, '\0');
  const std::uint64_t end = base + out.size();
  if (end > 0xffffffffu) throw std::runtime_error("FBX 7.4 files are limited to 4 GB");
  patch32(out, start, static_cast<std::uint32_t>(end));
}

}  // namespace

char typeCode(const Property& property) {
  static constexpr char kCodes[] = {'Y', 'C', 'I', 'F', 'D', 'L', 'S',
                                    'R', 'i', 'l', 'f', 'd', 'b'};
  static_assert(sizeof(kCodes) == std::variant_size_v<Property>);
  return kCodes[property.index()];
}

Node& Node::add(std::string childName, std::vector<Property> childProperties) {
  children.push_back(Node{std::move(childName), std::move(childProperties), {}});
  return children.back();
}

std::string encodeNode(const Node& node, std::uint64_t offset) {
  std::string out;
  putNode(out, node, offset);
  return out;
}

std::string encodeFile(const std::vector<Node>& topLevel, std::uint32_t version) {
  std::string out(kHeaderMagic, sizeof(kHeaderMagic) - 1);
  out += '\0';
  out += '\x1a';
  out += '\0';
  put<std::uint32_t>(out, version);
  for (const Node& node : topLevel) putNode(out, node, 0);
  out.append(kNullRecordSize, '\0');
  out.append(reinterpret_cast<const char*>(kFooterId.data()), kFooterId.size());
  out.append(4, '\0');
  const std::size_t pad = 16 - out.size() % 16;  // 1..16: a full 16 when already aligned
  out.append(pad, '\0');
  put<std::uint32_t>(out, version);
  out.append(120, '\0');
  out.append(reinterpret_cast<const char*>(kFooterMagic.data()), kFooterMagic.size());
  return out;
}

}  // namespace rw::fbx

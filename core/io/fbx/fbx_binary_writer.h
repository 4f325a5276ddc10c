#pragma once
// Binary FBX encoding (version 7.4): the node-record tree and its typed properties, as the
// FBX SDK, Blender and Assimp read it. Knows nothing about scenes (see fbx_scene_writer.h).
//
// File layout (little-endian):
//   header  "Kaydara FBX Binary  \0" 0x1A 0x00, uint32 version          (27 bytes)
//   records uint32 endOffset, uint32 propertyCount, uint32 propertyBytes, uint8 nameLength,
//           name, properties, nested records, then a 13-byte null record (the sentinel) when
//           the record has nested records or no properties
//   a 13-byte null record closing the top level, then the footer (kFooterId, padding to 16,
//   version, 120 zero bytes, kFooterMagic).
// Arrays of at least kCompressArraysFromBytes bytes are zlib-compressed (encoding 1).
#include <array>
#include <cstdint>
#include <string>
#include <variant>
#include <vector>

namespace rw::fbx {

inline constexpr std::uint32_t kFbxVersion = 7400;
inline constexpr char kHeaderMagic[] = "Kaydara FBX Binary  ";  // + '\0', 0x1A, 0x00
inline constexpr std::size_t kHeaderSize = 27;
inline constexpr std::size_t kNullRecordSize = 13;
inline constexpr std::array<std::uint8_t, 16> kFooterId = {
    0xfa, 0xbc, 0xab, 0x09, 0xd0, 0xc8, 0xd4, 0x66, 0xb1, 0x76, 0xfb, 0x83, 0x1c, 0xf7, 0x26, 0x7e};
inline constexpr std::array<std::uint8_t, 16> kFooterMagic = {
    0xf8, 0x5a, 0x8c, 0x6a, 0xde, 0xf5, 0xd9, 0x7e, 0xec, 0xe9, 0x0c, 0xe3, 0x75, 0x8f, 0x29, 0x0b};
inline constexpr std::size_t kCompressArraysFromBytes = 128;
/// The top-level FileId and CreationTime that go with kFooterId (the SDK checks the pair).
inline constexpr std::array<std::uint8_t, 16> kFileId = {
    0x28, 0xb3, 0x2a, 0xeb, 0xb6, 0x24, 0xcc, 0xc2, 0xbf, 0xc8, 0xb0, 0x2a, 0xa9, 0x2b, 0xfc, 0xf1};
inline constexpr char kCreationTime[] = "1970-01-01 10:00:00:000";

/// Raw bytes ('R'), as opposed to a string ('S').
struct Raw {
  std::string bytes;
  bool operator==(const Raw&) const = default;
};

/// One typed property. The variant index decides the FBX type code:
/// Y int16, C bool, I int32, F float, D double, L int64, S string, R raw,
/// i/l/f/d/b arrays of int32/int64/float/double/bool.
using Property =
    std::variant<std::int16_t, bool, std::int32_t, float, double, std::int64_t, std::string, Raw,
                 std::vector<std::int32_t>, std::vector<std::int64_t>, std::vector<float>,
                 std::vector<double>, std::vector<bool>>;

/// The FBX type code of a property ('Y', 'C', 'I', ...).
char typeCode(const Property& property);

struct Node {
  std::string name;
  std::vector<Property> properties;
  std::vector<Node> children;

  /// Appends a child record and returns it (references stay valid until the next add()).
  Node& add(std::string childName, std::vector<Property> childProperties = {});
  bool operator==(const Node&) const = default;
};

/// Encodes one record (with its nested records) as it appears at `offset` in the file:
/// end offsets are absolute.
std::string encodeNode(const Node& node, std::uint64_t offset);

/// The whole file: header, top-level records, null record, footer.
std::string encodeFile(const std::vector<Node>& topLevel, std::uint32_t version = kFbxVersion);

}  // namespace rw::fbx

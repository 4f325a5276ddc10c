#pragma once
// A glTF 2 document being assembled for writing: its JSON (nlohmann::json) and the one binary
// buffer every accessor views. Knows the container rules, nothing about characters:
//   * each accessor gets its own buffer view, starting on a 4-byte boundary (glTF 2 §3.6.2.4
//     requires accessor offsets aligned to their component size; 4 covers every type and the
//     GLB chunk alignment), tightly packed, so no view needs a byteStride;
//   * a view that holds vertex attributes or indices carries its target (ARRAY_BUFFER /
//     ELEMENT_ARRAY_BUFFER), as the validator expects of mesh data;
//   * min/max are written where asked (the spec requires them for POSITION and animation
//     inputs) from the float32 values actually stored, so they match what readers see.
// Output: the .glb bytes (JSON chunk + BIN chunk), or the .gltf JSON naming its buffer file.
#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <type_traits>
#include <vector>

namespace rw::gltf {

enum class ComponentType : int {
  UnsignedByte = 5121,
  UnsignedShort = 5123,
  UnsignedInt = 5125,
  Float = 5126,
};

enum class BufferTarget : int { None = 0, Vertices = 34962, Indices = 34963 };

class Document {
 public:
  Document();

  /// The document's JSON: fill nodes, meshes, skins, animations, ... here. "buffers",
  /// "bufferViews" and "accessors" are owned by the add* functions below.
  nlohmann::json json;

  /// Appends float data (`components` per element: 1 SCALAR, 2 VEC2, 3 VEC3, 4 VEC4, 16 MAT4)
  /// and returns the accessor index. `withBounds` writes per-component min and max.
  int addFloats(const std::vector<float>& values, int components, BufferTarget target,
                bool withBounds = false);
  /// Appends unsigned integer data (UNSIGNED_BYTE, _SHORT or _INT elements of `components`).
  template <typename T>
  int addUnsigned(const std::vector<T>& values, int components, BufferTarget target) {
    static_assert(std::is_unsigned_v<T> && sizeof(T) <= 4);
    const ComponentType type = sizeof(T) == 1   ? ComponentType::UnsignedByte
                               : sizeof(T) == 2 ? ComponentType::UnsignedShort
                                                : ComponentType::UnsignedInt;
    return addAccessor(values.data(), values.size() * sizeof(T), type, components,
                       values.size() / std::size_t(components), target);
  }

  /// Room for `bytes` of binary data: growing a large buffer by doubling copies it and touches
  /// twice its size in fresh pages, which costs more than the writing itself.
  void reserveBinary(std::size_t bytes) { binary_.reserve(bytes); }

  /// The binary buffer's bytes (every view 4-byte aligned, length a multiple of 4).
  const std::string& binary() const { return binary_; }
  /// A complete .glb file: 12-byte header, the JSON chunk (space padded), the BIN chunk.
  std::string glb() const;
  /// The .gltf text, its buffer referring to `bufferUri` (already URI-encoded).
  std::string gltfText(const std::string& bufferUri) const;

 private:
  int addAccessor(const void* bytes, std::size_t byteLength, ComponentType type, int components,
                  std::size_t count, BufferTarget target);
  nlohmann::json withBuffer(const nlohmann::json& buffer) const;

  std::string binary_;
};

/// A file name as a URI reference (RFC 3986): every byte but the unreserved ones percent-encoded,
/// so that names with spaces or non-ASCII letters resolve in every reader.
std::string uriEncode(const std::string& fileName);

}  // namespace rw::gltf

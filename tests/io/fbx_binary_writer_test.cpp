// The binary FBX encoding, checked by a tiny independent reader: header and footer bytes,
// record offsets, null-record sentinels, every property type, zlib-compressed arrays.
#include <gtest/gtest.h>
#include <zlib.h>

#include <cstring>

#include "io/fbx/fbx_binary_writer.h"
#include "io/fbx/fbx_scene_writer.h"

using namespace rw::fbx;

namespace {

struct Reader {
  const std::string& b;
  std::size_t at = 0;
  template <typename T>
  T get() {
    if (at + sizeof(T) > b.size()) throw std::runtime_error("read past the end");
    T v;
    std::memcpy(&v, b.data() + at, sizeof(T));
    at += sizeof(T);
    return v;
  }
  template <typename T>
  std::vector<T> array() {
    const auto n = get<std::uint32_t>(), encoding = get<std::uint32_t>(),
               bytes = get<std::uint32_t>();
    std::string raw = b.substr(at, bytes);
    at += bytes;
    if (encoding == 1) {
      std::string out(n * sizeof(T), '\0');
      uLongf len = out.size();
      if (uncompress(reinterpret_cast<Bytef*>(out.data()), &len,
                     reinterpret_cast<const Bytef*>(raw.data()), raw.size()) != Z_OK)
        throw std::runtime_error("bad zlib data");
      raw = out;
    } else if (encoding != 0) {
      throw std::runtime_error("bad encoding");
    }
    if (raw.size() != n * sizeof(T)) throw std::runtime_error("array size mismatch");
    std::vector<T> v(n);
    if (n) std::memcpy(v.data(), raw.data(), raw.size());
    return v;
  }
  Property property() {
    const char type = get<char>();
    switch (type) {
      case 'Y':
        return get<std::int16_t>();
      case 'C':
        return get<std::uint8_t>() != 0;
      case 'I':
        return get<std::int32_t>();
      case 'F':
        return get<float>();
      case 'D':
        return get<double>();
      case 'L':
        return get<std::int64_t>();
      case 'S':
      case 'R': {
        const auto n = get<std::uint32_t>();
        std::string s = b.substr(at, n);
        at += n;
        if (type == 'R') return Raw{s};
        return s;
      }
      case 'i':
        return array<std::int32_t>();
      case 'l':
        return array<std::int64_t>();
      case 'f':
        return array<float>();
      case 'd':
        return array<double>();
      case 'b': {
        auto v = array<std::uint8_t>();
        return std::vector<bool>(v.begin(), v.end());
      }
    }
    throw std::runtime_error(std::string("unknown property type ") + type);
  }
  /// One record, or nullopt for a null record. Checks the offsets and sentinels.
  std::optional<Node> node() {
    const auto end = get<std::uint32_t>(), count = get<std::uint32_t>(),
               propBytes = get<std::uint32_t>();
    const auto nameLen = get<std::uint8_t>();
    if (end == 0 && count == 0 && propBytes == 0 && nameLen == 0) return std::nullopt;
    Node n;
    n.name = b.substr(at, nameLen);
    at += nameLen;
    const std::size_t propsStart = at;
    for (std::uint32_t i = 0; i < count; ++i) n.properties.push_back(property());
    EXPECT_EQ(at - propsStart, propBytes) << n.name;
    if (at < end) {
      while (at < end - kNullRecordSize) {
        auto child = node();
        if (!child) throw std::runtime_error("unexpected null record inside " + n.name);
        n.children.push_back(*child);
      }
      EXPECT_EQ(b.substr(at, kNullRecordSize), std::string(kNullRecordSize, '\0')) << n.name;
      at += kNullRecordSize;
    }
    EXPECT_EQ(at, end) << n.name;
    return n;
  }
};

std::vector<Node> readFile(const std::string& bytes, std::size_t& footerAt) {
  Reader r{bytes, kHeaderSize};
  std::vector<Node> out;
  while (auto n = r.node()) out.push_back(*n);
  footerAt = r.at;
  return out;
}

Node sample() {
  Node root{"Root",
            {std::int16_t(-7), true, std::int32_t(-123456), 1.5f, 2.25, std::int64_t(1) << 40,
             std::string("a\0\1b", 4), Raw{"\x01\x02"}},
            {}};
  std::vector<double> big(1000);
  for (std::size_t i = 0; i < big.size(); ++i) big[i] = std::sin(double(i));
  Node& child = root.add("Child", {big, std::vector<std::int32_t>{1, -2, 3},
                                   std::vector<std::int64_t>(64, 46186158000LL),
                                   std::vector<float>{0.5f}, std::vector<bool>{true, false, true}});
  child.add("Empty");
  root.add("Leaf", {std::int32_t(1)});
  return root;
}

}  // namespace

TEST(FbxBinaryWriter, HeaderAndFooterHaveTheConstantsReadersCheck) {
  const std::string file = encodeFile({sample()});
  ASSERT_GT(file.size(), kHeaderSize + 176);
  EXPECT_EQ(file.substr(0, 23), std::string("Kaydara FBX Binary  \0\x1a\0", 23));
  std::uint32_t version;
  std::memcpy(&version, file.data() + 23, 4);
  EXPECT_EQ(version, 7400u);
  // Tail: footer id, 4 zeros, padding to 16, version, 120 zeros, magic.
  EXPECT_EQ(file.substr(file.size() - 16),
            std::string(reinterpret_cast<const char*>(kFooterMagic.data()), 16));
  EXPECT_EQ(file.substr(file.size() - 136, 120), std::string(120, '\0'));
  std::memcpy(&version, file.data() + file.size() - 140, 4);
  EXPECT_EQ(version, 7400u);
  EXPECT_EQ((file.size() - 140) % 16, 0u);
  std::size_t footerAt = 0;
  readFile(file, footerAt);
  EXPECT_EQ(file.substr(footerAt, 16),
            std::string(reinterpret_cast<const char*>(kFooterId.data()), 16));
}

TEST(FbxBinaryWriter, RecordsRoundTripThroughAnIndependentReader) {
  const Node root = sample();
  const std::string file = encodeFile({root, Node{"Second", {std::string("x")}, {}}});
  std::size_t footerAt = 0;
  const std::vector<Node> back = readFile(file, footerAt);
  ASSERT_EQ(back.size(), 2u);
  EXPECT_EQ(back[0], root);
  EXPECT_EQ(back[1].name, "Second");
  EXPECT_EQ(typeCode(root.properties[6]), 'S');
  EXPECT_EQ(typeCode(root.children[0].properties[0]), 'd');
}

TEST(FbxBinaryWriter, LargeArraysAreZlibCompressedAndSmallOnesRaw) {
  const Node root = sample();
  const std::string bytes = encodeNode(root, 0);
  // The 1000-double array: type 'd', count 1000, encoding 1, compressed length < raw.
  const std::size_t at = bytes.find(std::string("d\xe8\x03\0\0\x01\0\0\0", 9));
  ASSERT_NE(at, std::string::npos);
  std::uint32_t packed;
  std::memcpy(&packed, bytes.data() + at + 9, 4);
  EXPECT_LT(packed, 8000u);
  EXPECT_NE(bytes.find(std::string("i\x03\0\0\0\0\0\0\0\x0c\0\0\0", 13)),
            std::string::npos);  // 3 ints, raw
}

TEST(FbxBinaryWriter, RecordsWithoutPropertiesOrWithChildrenEndWithANullRecord) {
  Node empty{"Empty", {}, {}};
  EXPECT_EQ(encodeNode(empty, 0).size(), 13u + 5 + 13);
  Node leaf{"Leaf", {std::int32_t(1)}, {}};
  EXPECT_EQ(encodeNode(leaf, 0).size(), 13u + 4 + 5);
  // End offsets are absolute.
  const std::string at100 = encodeNode(leaf, 100);
  std::uint32_t end;
  std::memcpy(&end, at100.data(), 4);
  EXPECT_EQ(end, 100u + at100.size());
}

TEST(FbxSceneWriter, EulerKeysAreUnwrappedWithoutFlips) {
  // A rotation about Z through 720 degrees in 10-degree steps, tilted so all axes move.
  Eigen::Vector3d previous;
  const Eigen::Quaterniond tilt(Eigen::AngleAxisd(0.3, Eigen::Vector3d::UnitX()));
  for (int k = 0; k <= 72; ++k) {
    const Eigen::Quaterniond q =
        Eigen::Quaterniond(Eigen::AngleAxisd(k * 10 * M_PI / 180, Eigen::Vector3d::UnitZ())) * tilt;
    const Eigen::Vector3d e = eulerXYZDegrees(q, k ? &previous : nullptr);
    EXPECT_TRUE(quaternionFromEulerXYZDegrees(e).isApprox(q, 1e-9) ||
                quaternionFromEulerXYZDegrees(e).coeffs().isApprox(-q.coeffs(), 1e-9))
        << k;
    if (k) {
      EXPECT_LT((e - previous).cwiseAbs().maxCoeff(), 10.5) << k;
    }
    previous = e;
  }
  EXPECT_NEAR(previous.z(), 720.0, 1e-6);
}

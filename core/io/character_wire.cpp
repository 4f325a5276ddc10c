#include "io/character_wire.h"

#include <cstring>
#include <type_traits>

namespace rw {
namespace {

/// Values copied as their bytes: no heap behind them (plain structs, Eigen's fixed-size
/// vectors and matrices, which are not formally trivially copyable but hold only their
/// coefficients). Strings and vectors are rejected here and written by their parts.
template <typename T>
constexpr bool kPlainBytes = std::is_trivially_destructible_v<T> && !std::is_pointer_v<T>;

class Writer {
 public:
  std::string bytes;

  template <typename T>
  void pod(const T& value) {
    static_assert(kPlainBytes<T>);
    bytes.append(static_cast<const char*>(static_cast<const void*>(&value)), sizeof(T));
  }
  void text(const std::string& s) {
    pod(std::uint64_t(s.size()));
    bytes.append(s);
  }
  /// A vector of plain values (Eigen fixed-size vectors included), as one block.
  template <typename T>
  void block(const std::vector<T>& v) {
    static_assert(kPlainBytes<T>);
    pod(std::uint64_t(v.size()));
    if (!v.empty())  // an empty vector's data() may be null
      bytes.append(static_cast<const char*>(static_cast<const void*>(v.data())),
                   v.size() * sizeof(T));
  }
};

class Reader {
 public:
  explicit Reader(std::string_view bytes) : bytes_(bytes) {}
  bool ok() const { return ok_; }
  bool atEnd() const { return at_ == bytes_.size(); }

  template <typename T>
  T pod() {
    T value{};
    if (!take(sizeof(T))) return value;
    std::memcpy(static_cast<void*>(&value), bytes_.data() + at_ - sizeof(T), sizeof(T));
    return value;
  }
  std::string text() {
    const std::uint64_t n = pod<std::uint64_t>();
    if (!take(n)) return {};
    return std::string(bytes_.substr(at_ - n, n));
  }
  template <typename T>
  std::vector<T> block() {
    const std::uint64_t n = pod<std::uint64_t>();
    if (!ok_ || n > (bytes_.size() - at_) / sizeof(T) || !take(n * sizeof(T))) {
      ok_ = false;
      return {};
    }
    std::vector<T> v(n);
    if (n > 0)  // an empty vector's data() may be null, which memcpy must not be given
      std::memcpy(static_cast<void*>(v.data()), bytes_.data() + at_ - n * sizeof(T), n * sizeof(T));
    return v;
  }
  /// A count of items each at least `minimumBytes` long: more than the bytes left is an error.
  std::uint64_t count(std::size_t minimumBytes) {
    const std::uint64_t n = pod<std::uint64_t>();
    if (ok_ && n > (bytes_.size() - at_) / std::max<std::size_t>(1, minimumBytes)) ok_ = false;
    return ok_ ? n : 0;
  }

 private:
  bool take(std::uint64_t n) {
    if (!ok_ || n > bytes_.size() - at_) return ok_ = false;
    at_ += n;
    return true;
  }
  std::string_view bytes_;
  std::size_t at_ = 0;
  bool ok_ = true;
};

void packMesh(Writer& w, const SourceMesh& m) {
  w.block(m.positions);
  w.block(m.normals);
  w.block(m.uvs);
  w.block(m.triangles);
  w.block(m.triangleMaterial);
  w.pod(std::uint64_t(m.materialNames.size()));
  for (const std::string& name : m.materialNames) w.text(name);
  w.pod(std::uint64_t(m.parts.size()));
  for (const MeshPart& p : m.parts) {
    w.text(p.name);
    for (int v : {p.firstVertex, p.vertexCount, p.firstTriangle, p.triangleCount, p.material})
      w.pod(v);
  }
}

void unpackMesh(Reader& r, SourceMesh& m) {
  m.positions = r.block<Eigen::Vector3d>();
  m.normals = r.block<Eigen::Vector3d>();
  m.uvs = r.block<Eigen::Vector2d>();
  m.triangles = r.block<Eigen::Vector3i>();
  m.triangleMaterial = r.block<int>();
  m.materialNames.resize(r.count(8));
  for (std::string& name : m.materialNames) name = r.text();
  m.parts.resize(r.count(8 + 5 * sizeof(int)));
  for (MeshPart& p : m.parts) {
    p.name = r.text();
    for (int* field :
         {&p.firstVertex, &p.vertexCount, &p.firstTriangle, &p.triangleCount, &p.material})
      *field = r.pod<int>();
  }
}

void packSkeleton(Writer& w, const Skeleton& s) {
  w.pod(std::uint64_t(s.joints.size()));
  for (const Joint& j : s.joints) {
    w.text(j.name);
    w.pod(j.parent);
    w.pod(Eigen::Matrix4d(j.restLocal.matrix()));
    w.pod(j.deform);
    w.pod(j.tail.has_value());
    w.pod(j.tail.value_or(Eigen::Vector3d::Zero()));
  }
  w.block(s.constraints);
}

void unpackSkeleton(Reader& r, Skeleton& s) {
  s.joints.resize(r.count(8 + sizeof(int) + sizeof(Eigen::Matrix4d)));
  for (Joint& j : s.joints) {
    j.name = r.text();
    j.parent = r.pod<int>();
    j.restLocal.matrix() = r.pod<Eigen::Matrix4d>();
    j.deform = r.pod<bool>();
    const bool hasTail = r.pod<bool>();
    const Eigen::Vector3d tail = r.pod<Eigen::Vector3d>();
    if (hasTail) j.tail = tail;
  }
  s.constraints = r.block<Constraint>();
}

void packClip(Writer& w, const AnimationClip& clip) {
  w.text(clip.name);
  w.pod(clip.duration);
  w.pod(clip.framesPerSecond);
  w.pod(std::uint64_t(clip.channels.size()));
  for (const JointChannel& c : clip.channels) {
    w.pod(c.joint);
    w.block(c.translation);
    w.block(c.rotation);
    w.block(c.scale);
  }
}

void unpackClip(Reader& r, AnimationClip& clip) {
  clip.name = r.text();
  clip.duration = r.pod<double>();
  clip.framesPerSecond = r.pod<double>();
  clip.channels.resize(r.count(sizeof(int) + 3 * 8));
  for (JointChannel& c : clip.channels) {
    c.joint = r.pod<int>();
    c.translation = r.block<VectorKey>();
    c.rotation = r.block<RotationKey>();
    c.scale = r.block<VectorKey>();
  }
}

}  // namespace

std::string packCharacter(const Character& c) {
  Writer w;
  w.text(c.sourcePath);
  packMesh(w, c.mesh.source);
  packSkeleton(w, c.skeleton);
  w.pod(std::uint64_t(c.skin.perVertex.size()));
  for (const std::vector<Influence>& influences : c.skin.perVertex) w.block(influences);
  w.pod(std::uint64_t(c.clips.size()));
  for (const AnimationClip& clip : c.clips) packClip(w, clip);
  w.pod(c.sourceUpAxis);
  w.pod(c.metresPerUnit);
  w.pod(std::uint64_t(c.notes.size()));
  for (const std::string& note : c.notes) w.text(note);
  return std::move(w.bytes);
}

Expected<Character> unpackCharacter(std::string_view bytes) {
  Reader r(bytes);
  Character c;
  c.sourcePath = r.text();
  unpackMesh(r, c.mesh.source);
  unpackSkeleton(r, c.skeleton);
  c.skin.perVertex.resize(r.count(8));
  for (std::vector<Influence>& influences : c.skin.perVertex) influences = r.block<Influence>();
  c.clips.resize(r.count(8 + 16 + 8));
  for (AnimationClip& clip : c.clips) unpackClip(r, clip);
  c.sourceUpAxis = r.pod<UpAxis>();
  c.metresPerUnit = r.pod<double>();
  c.notes.resize(r.count(8));
  for (std::string& note : c.notes) note = r.text();
  if (!r.ok() || !r.atEnd()) return Error{"the reader's child process sent a truncated character"};
  return c;
}

}  // namespace rw

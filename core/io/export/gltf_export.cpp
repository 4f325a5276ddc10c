#include "io/export/gltf_export.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <set>

#include "io/export/exportable.h"
#include "io/export/gltf_document.h"
#include "motion/animation_clip.h"
#include "util/atomic_file.h"

namespace rw {
namespace {

using gltf::BufferTarget;
using gltf::Document;
using nlohmann::json;

/// The largest vertex count whose indices fit UNSIGNED_SHORT: 65535 itself is the primitive
/// restart value, which glTF forbids as an index.
constexpr int kMaxShortIndexedVertices = 65535;
/// Joint indices fit UNSIGNED_BYTE up to this many joints.
constexpr int kMaxByteJoints = 256;

struct PartRange {
  int firstVertex, vertexCount, firstTriangle, triangleCount, material;
};

/// The file's parts when they tile the vertices and triangles; otherwise one part (a primitive
/// holds its own vertices, so parts that share vertices cannot be primitives without
/// duplicating them and losing the file's vertex order).
std::vector<PartRange> partRanges(const SourceMesh& m) {
  std::vector<PartRange> out;
  int v = 0, t = 0;
  bool tiles = !m.parts.empty();
  for (const MeshPart& p : m.parts) {
    if (p.firstVertex != v || p.firstTriangle != t) tiles = false;
    v += p.vertexCount;
    t += p.triangleCount;
    out.push_back({p.firstVertex, p.vertexCount, p.firstTriangle, p.triangleCount, p.material});
  }
  if (v != int(m.positions.size()) || t != int(m.triangles.size())) tiles = false;
  for (const PartRange& p : out)
    for (int f = p.firstTriangle; tiles && f < p.firstTriangle + p.triangleCount; ++f)
      if (m.triangles[f].minCoeff() < p.firstVertex ||
          m.triangles[f].maxCoeff() >= p.firstVertex + p.vertexCount)
        tiles = false;
  if (!tiles) {
    const int material = m.triangleMaterial.empty() ? 0 : m.triangleMaterial.front();
    out = {{0, int(m.positions.size()), 0, int(m.triangles.size()), material}};
  }
  return out;
}

std::vector<std::string> materialNames(const SourceMesh& m) {
  return m.materialNames.empty() ? std::vector<std::string>{"Material"} : m.materialNames;
}

// ---------------------------------------------------------------------------------------------
// Mesh

/// JOINTS_0 / WEIGHTS_0 of one vertex.
struct VertexInfluences {
  std::array<int, 4> joint{};  ///< unused slots: joint 0, weight 0 (the validator's rule)
  std::array<float, 4> weight{};
};

/// The 4 strongest influences of a vertex, ties in the stored order (strongest first after
/// SkinWeights::normalize, so the file keeps what the weights' owner ranked first),
/// renormalized so that the float32 weights sum to 1 to within one rounding (the validator
/// checks the sum). A vertex without influences follows `fallbackJoint`.
VertexInfluences strongestFour(const std::vector<Influence>& in, int jointCount,
                               int fallbackJoint) {
  std::array<Influence, 4> top;
  int n = 0;
  for (const Influence& i : in) {
    if (i.joint < 0 || i.joint >= jointCount || !(i.weight > 0) || !std::isfinite(i.weight))
      continue;
    int at = 0;
    while (at < n && top[at].weight >= i.weight) ++at;
    if (at == 4) continue;
    for (int k = std::min(n, 3); k > at; --k) top[k] = top[k - 1];
    top[at] = i;
    n = std::min(n + 1, 4);
  }
  VertexInfluences out;
  if (n == 0) {
    out.joint[0] = fallbackJoint;
    out.weight[0] = 1.0f;
    return out;
  }
  double sum = 0;
  for (int k = 0; k < n; ++k) sum += top[k].weight;
  float others = 0;
  for (int k = n - 1; k >= 1; --k) {
    out.joint[k] = top[k].joint;
    out.weight[k] = float(top[k].weight / sum);
    others += out.weight[k];
  }
  out.joint[0] = top[0].joint;
  out.weight[0] = 1.0f - others;
  return out;
}

template <typename T>
int addJointIndices(Document& doc, const std::vector<VertexInfluences>& influences) {
  std::vector<T> joints;
  joints.reserve(4 * influences.size());
  for (const VertexInfluences& v : influences)
    for (int j : v.joint) joints.push_back(T(j));
  return doc.addUnsigned(joints, 4, BufferTarget::Vertices);
}

/// JOINTS_0 and WEIGHTS_0 of one part into `attributes`.
void addSkinAttributes(Document& doc, const Character& c, const PartRange& p, json& attributes) {
  const int jointCount = c.skeleton.size();
  const int fallbackJoint = c.skeleton.roots().front();
  std::vector<VertexInfluences> influences(p.vertexCount);
  std::vector<float> weights;
  weights.reserve(4 * std::size_t(p.vertexCount));
  for (int v = 0; v < p.vertexCount; ++v) {
    influences[v] = strongestFour(c.skin.perVertex[p.firstVertex + v], jointCount, fallbackJoint);
    weights.insert(weights.end(), influences[v].weight.begin(), influences[v].weight.end());
  }
  attributes["JOINTS_0"] = jointCount <= kMaxByteJoints
                               ? addJointIndices<std::uint8_t>(doc, influences)
                               : addJointIndices<std::uint16_t>(doc, influences);
  attributes["WEIGHTS_0"] = doc.addFloats(weights, 4, BufferTarget::Vertices);
}

/// POSITION, NORMAL and TEXCOORD_0 of one part.
json vertexAttributes(Document& doc, const SourceMesh& m, const PartRange& p) {
  const std::size_t n = std::size_t(p.vertexCount);
  std::vector<float> values;
  values.reserve(3 * n);
  for (std::size_t v = 0; v < n; ++v)
    for (int k = 0; k < 3; ++k) values.push_back(float(m.positions[p.firstVertex + v][k]));
  json attributes = {{"POSITION", doc.addFloats(values, 3, BufferTarget::Vertices, true)}};
  if (m.normals.size() == m.positions.size()) {
    values.clear();
    for (std::size_t v = 0; v < n; ++v) {
      // The validator requires unit normals; the importer's fallback for a degenerate one.
      Eigen::Vector3d normal = m.normals[p.firstVertex + v].normalized();
      if (!normal.allFinite()) normal = Eigen::Vector3d::UnitY();
      for (int k = 0; k < 3; ++k) values.push_back(float(normal[k]));
    }
    attributes["NORMAL"] = doc.addFloats(values, 3, BufferTarget::Vertices);
  }
  if (m.uvs.size() == m.positions.size()) {
    values.clear();
    for (std::size_t v = 0; v < n; ++v) {
      const Eigen::Vector2d& uv = m.uvs[p.firstVertex + v];
      values.push_back(float(uv.x()));
      values.push_back(float(1.0 - uv.y()));
    }
    attributes["TEXCOORD_0"] = doc.addFloats(values, 2, BufferTarget::Vertices);
  }
  return attributes;
}

template <typename T>
int addIndices(Document& doc, const SourceMesh& m, const PartRange& p) {
  std::vector<T> indices;
  indices.reserve(3 * std::size_t(p.triangleCount));
  for (int f = p.firstTriangle; f < p.firstTriangle + p.triangleCount; ++f)
    for (int k = 0; k < 3; ++k) indices.push_back(T(m.triangles[f][k] - p.firstVertex));
  return doc.addUnsigned(indices, 1, BufferTarget::Indices);
}

/// The character's mesh: one primitive per part (partRanges), skinned when `skinned`.
json meshOf(Document& doc, const Character& c, bool skinned) {
  const SourceMesh& m = c.mesh.source;
  const int materialCount = int(materialNames(m).size());
  json primitives = json::array();
  for (const PartRange& p : partRanges(m)) {
    json attributes = vertexAttributes(doc, m, p);
    if (skinned) addSkinAttributes(doc, c, p, attributes);
    const int indices = p.vertexCount <= kMaxShortIndexedVertices
                            ? addIndices<std::uint16_t>(doc, m, p)
                            : addIndices<std::uint32_t>(doc, m, p);
    primitives.push_back({{"attributes", std::move(attributes)},
                          {"indices", indices},
                          {"material", std::clamp(p.material, 0, materialCount - 1)}});
  }
  const std::string name =
      m.parts.empty() || m.parts.front().name.empty() ? std::string("Mesh") : m.parts.front().name;
  return {{"name", name}, {"primitives", std::move(primitives)}};
}

/// Plain grey, not metallic: what our FBX's Lambert materials look like.
json materialsOf(const SourceMesh& m) {
  json out = json::array();
  for (const std::string& name : materialNames(m))
    out.push_back({{"name", name},
                   {"pbrMetallicRoughness",
                    {{"baseColorFactor", {0.8, 0.8, 0.8, 1.0}}, {"metallicFactor", 0.0}}}});
  return out;
}

// ---------------------------------------------------------------------------------------------
// Skeleton

/// A joint's node. Animation channels may only target TRS nodes, so rest transforms are TRS;
/// a matrix is kept only where TRS would change a joint no clip moves (shear, a mirror).
json jointNode(const Skeleton& s, int j, bool animated) {
  const Transform& rest = s.joints[j].restLocal;
  json node = {{"name", s.joints[j].name}};
  const std::vector<int> children = s.children(j);
  if (!children.empty()) node["children"] = children;
  Eigen::Vector3d t, scale;
  Eigen::Quaterniond r;
  decompose(rest, t, r, scale);
  const double tolerance = 1e-9 * std::max(1.0, rest.matrix().cwiseAbs().maxCoeff());
  if (!animated && !compose(t, r, scale).matrix().isApprox(rest.matrix(), tolerance)) {
    const Eigen::Matrix4d m = rest.matrix();
    node["matrix"] = std::vector<double>(m.data(), m.data() + 16);  // column-major, as glTF
    return node;
  }
  if (t != Eigen::Vector3d::Zero()) node["translation"] = {t.x(), t.y(), t.z()};
  if (r.coeffs() != Eigen::Quaterniond::Identity().coeffs())
    node["rotation"] = {r.x(), r.y(), r.z(), r.w()};
  if (scale != Eigen::Vector3d::Ones()) node["scale"] = {scale.x(), scale.y(), scale.z()};
  return node;
}

/// Every joint is a skin joint (node index = joint index), bound at its rest global.
json skinOf(Document& doc, const Skeleton& s) {
  std::vector<float> inverseBinds;
  inverseBinds.reserve(16 * std::size_t(s.size()));
  for (const Transform& g : s.restGlobals()) {
    const Eigen::Matrix4d m = g.inverse().matrix();
    for (int k = 0; k < 16; ++k) inverseBinds.push_back(float(m.data()[k]));  // column-major
  }
  std::vector<int> joints(s.size());
  for (int j = 0; j < s.size(); ++j) joints[j] = j;
  return {{"joints", joints},
          {"inverseBindMatrices", doc.addFloats(inverseBinds, 16, BufferTarget::None)}};
}

// ---------------------------------------------------------------------------------------------
// Animations

/// One sampler's keys as glTF stores them.
struct Track {
  std::vector<float> times;   ///< seconds, strictly increasing (the validator's rule)
  std::vector<float> values;  ///< 3 or 4 per time
};

/// Whether a key at `seconds` can follow the track's last one: float32 times must increase,
/// and glTF time starts at 0.
bool acceptsTime(const Track& track, double seconds) {
  const float t = float(seconds);
  return t >= 0 && (track.times.empty() || t > track.times.back());
}

Track vectorTrack(const std::vector<VectorKey>& keys) {
  Track track;
  for (const VectorKey& k : keys) {
    if (!acceptsTime(track, k.time)) continue;
    track.times.push_back(float(k.time));
    for (int c = 0; c < 3; ++c) track.values.push_back(float(k.value[c]));
  }
  return track;
}

/// Unit quaternions, each on the side of the previous one: LINEAR rotation in glTF is slerp
/// between stored keys, which would take the long way round between q and a nearby -q.
Track rotationTrack(const std::vector<RotationKey>& keys) {
  Track track;
  Eigen::Quaterniond previous = Eigen::Quaterniond::Identity();
  for (const RotationKey& k : keys) {
    if (!acceptsTime(track, k.time)) continue;
    Eigen::Quaterniond q = k.value.normalized();
    if (!track.times.empty() && q.dot(previous) < 0) q.coeffs() = -q.coeffs();
    previous = q;
    track.times.push_back(float(k.time));
    for (int c = 0; c < 4; ++c) track.values.push_back(float(q.coeffs()[c]));  // x, y, z, w
  }
  return track;
}

/// Animation inputs by their times: a clip keys most joints at the same frames, so one input
/// accessor serves them all.
class InputAccessors {
 public:
  int of(Document& doc, const std::vector<float>& times) {
    const auto it = byTimes_.find(times);
    if (it != byTimes_.end()) return it->second;
    const int index = doc.addFloats(times, 1, BufferTarget::None, true);  // min/max required
    byTimes_.emplace(times, index);
    return index;
  }

 private:
  std::map<std::vector<float>, int> byTimes_;
};

/// Adds one sampler and its channel to `animation`, unless the track is empty.
void addChannel(Document& doc, InputAccessors& inputs, const Track& track, int components, int node,
                const char* path, json& animation) {
  if (track.times.empty()) return;
  const int sampler = int(animation["samplers"].size());
  animation["samplers"].push_back(
      {{"input", inputs.of(doc, track.times)},
       {"output", doc.addFloats(track.values, components, BufferTarget::None)},
       {"interpolation", "LINEAR"}});
  animation["channels"].push_back(
      {{"sampler", sampler}, {"target", {{"node", node}, {"path", path}}}});
}

/// One clip as an animation: a channel per keyed component of each joint (a joint's first
/// channel in the clip wins; glTF allows one per target). A clip with no keys still becomes an
/// animation (glTF needs one channel): the first root joint held at rest.
json animationOf(Document& doc, InputAccessors& inputs, const AnimationClip& clip,
                 const Skeleton& s) {
  json animation = {{"name", clip.name}, {"samplers", json::array()}, {"channels", json::array()}};
  std::vector<char> done(s.size(), 0);
  for (const JointChannel& ch : clip.channels) {
    if (ch.joint < 0 || ch.joint >= s.size() || done[ch.joint]) continue;
    done[ch.joint] = 1;
    addChannel(doc, inputs, vectorTrack(ch.translation), 3, ch.joint, "translation", animation);
    addChannel(doc, inputs, rotationTrack(ch.rotation), 4, ch.joint, "rotation", animation);
    addChannel(doc, inputs, vectorTrack(ch.scale), 3, ch.joint, "scale", animation);
  }
  if (animation["channels"].empty()) {
    const int root = s.roots().front();
    Eigen::Vector3d t, scale;
    Eigen::Quaterniond r;
    decompose(s.joints[root].restLocal, t, r, scale);
    addChannel(doc, inputs, rotationTrack(std::vector<RotationKey>{RotationKey{0.0, r}}), 4, root,
               "rotation", animation);
  }
  return animation;
}

std::vector<char> animatedJoints(const Character& c) {
  std::vector<char> animated(c.skeleton.size(), 0);
  for (const AnimationClip& clip : c.clips)
    for (const JointChannel& ch : clip.channels)
      if (ch.joint >= 0 && ch.joint < c.skeleton.size()) animated[ch.joint] = 1;
  return animated;
}

// ---------------------------------------------------------------------------------------------
// Document

/// The bytes the binary buffer will hold (each accessor's data and padding), or a few more.
std::size_t binaryBytesBound(const Character& c) {
  const std::size_t vertices = c.mesh.source.positions.size();
  const std::size_t perVertex =
      3 * 4 + 3 * 4 + 2 * 4 + 4 * 2 + 4 * 4;  // up to UNSIGNED_SHORT joints
  std::size_t bytes = vertices * perVertex + c.mesh.source.triangles.size() * 3 * 4 +
                      std::size_t(c.skeleton.size()) * 16 * 4 +
                      64 * (c.mesh.source.parts.size() + 2);
  for (const AnimationClip& clip : c.clips)
    for (const JointChannel& ch : clip.channels)
      bytes += (ch.translation.size() + ch.scale.size()) * (4 + 3 * 4) +
               ch.rotation.size() * (4 + 4 * 4) + 6 * 4;
  return bytes;
}

/// Nodes 0..J-1 are the joints, node J the mesh; the scene lists the mesh first, then the
/// skeleton's root (or a plain node holding its several roots).
Expected<Document> buildDocument(const Character& c) {
  if (Status bad = checkExportable(c)) return *bad;
  const Skeleton& s = c.skeleton;
  const SourceMesh& m = c.mesh.source;
  Document doc;
  doc.reserveBinary(binaryBytesBound(c));
  json nodes = json::array();
  const std::vector<char> animated = animatedJoints(c);
  for (int j = 0; j < s.size(); ++j) nodes.push_back(jointNode(s, j, animated[j]));
  json sceneNodes = json::array();
  if (!m.positions.empty() && !m.triangles.empty()) {
    const bool skinned = !s.empty() && !c.skin.empty();
    json meshNode = {{"name", "Mesh"}, {"mesh", 0}};
    doc.json["meshes"] = json::array({meshOf(doc, c, skinned)});
    doc.json["materials"] = materialsOf(m);
    if (skinned) {
      doc.json["skins"] = json::array({skinOf(doc, s)});
      meshNode["skin"] = 0;
    }
    sceneNodes.push_back(nodes.size());
    nodes.push_back(std::move(meshNode));
  }
  const std::vector<int> roots = s.roots();
  if (roots.size() > 1) {
    // A skin's joints must share a root (the Khronos validator's SKIN_NO_COMMON_ROOT error):
    // a studio rig's several roots (the body and its IK targets, props) hang under one plain
    // node, as Blender's armature object holds them. Readers take it for a container, not a
    // bone (our own importer, Assimp's and Blender's).
    const int armature = int(nodes.size());
    nodes.push_back({{"name", "Armature"}, {"children", roots}});
    sceneNodes.push_back(armature);
    if (doc.json.contains("skins")) doc.json["skins"][0]["skeleton"] = armature;
  } else {
    for (int root : roots) sceneNodes.push_back(root);
  }
  if (!s.empty() && !c.clips.empty()) {
    InputAccessors inputs;
    json animations = json::array();
    for (const AnimationClip& clip : c.clips)
      animations.push_back(animationOf(doc, inputs, clip, s));
    doc.json["animations"] = std::move(animations);
  }
  if (!nodes.empty()) doc.json["nodes"] = std::move(nodes);
  doc.json["scenes"] = json::array({{{"nodes", std::move(sceneNodes)}}});
  doc.json["scene"] = 0;
  return doc;
}

std::string lowerExtension(const std::string& path) {
  std::string ext = std::filesystem::path(path).extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char ch) { return char(std::tolower(ch)); });
  return ext;
}

/// The buffer files an existing .gltf names: plain file names beside it (no folder, no data
/// URI) that start with its stem, the only ones a rewrite of it may remove.
std::vector<std::string> buffersNamedBy(const std::filesystem::path& gltfPath) {
  std::vector<std::string> names;
  std::error_code ec;
  if (!std::filesystem::is_regular_file(gltfPath, ec)) return names;
  std::ifstream in(gltfPath, std::ios::binary);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const json old = json::parse(text, nullptr, /*allow_exceptions=*/false);
  const json* buffers = old.is_object() && old.contains("buffers") ? &old["buffers"] : nullptr;
  if (!buffers || !buffers->is_array()) return names;
  const std::string stem = gltfPath.stem().string();
  for (const json& buffer : *buffers) {
    if (!buffer.is_object() || !buffer.contains("uri") || !buffer["uri"].is_string()) continue;
    const std::string uri = buffer["uri"].get<std::string>();
    if (uri.rfind(stem, 0) == 0 && uri.find_first_of("/\\:%") == std::string::npos)
      names.push_back(uri);
  }
  return names;
}

/// The .gltf and its buffer, replaced so that a kill at any point leaves the old pair or the new
/// one: the buffer gets a name of its own (NAME-<content hash>.bin), so writing it never
/// touches the old pair's buffer; the .gltf naming it then replaces the old .gltf in one rename;
/// only then is the old buffer removed.
Status writeGltfPair(const std::string& path, const Document& doc, const WriteSteps& steps) {
  const std::filesystem::path target(path);
  char hash[17];
  std::snprintf(hash, sizeof hash, "%016zx", std::hash<std::string_view>{}(doc.binary()));
  const std::string bufferName = target.stem().string() + "-" + std::string(hash, 8) + ".bin";
  const std::filesystem::path bufferPath = target.parent_path() / bufferName;
  const std::vector<std::string> oldBuffers = buffersNamedBy(target);
  std::error_code ec;
  const bool bufferExisted = std::filesystem::exists(bufferPath, ec);
  const std::string text = doc.gltfText(gltf::uriEncode(bufferName));
  if (Status bad =
          writeFilesAtomically({{bufferPath.string(), doc.binary()}, {path, text}}, steps)) {
    if (!bufferExisted) std::filesystem::remove(bufferPath, ec);  // the old pair is untouched
    // The buffer's error names the .gltf too, the file the user asked for.
    return bad->message.rfind(path, 0) == 0 ? bad : Error{path + ": " + bad->message};
  }
  for (const std::string& old : oldBuffers)
    if (old != bufferName) std::filesystem::remove(target.parent_path() / old, ec);
  if (steps) steps("old buffer removed");
  return std::nullopt;
}

}  // namespace

Expected<std::string> encodeGlb(const Character& character) {
  Expected<Document> doc = buildDocument(character);
  if (!doc) return doc.error();
  return doc->glb();
}

Status exportGltf(const Character& character, const std::string& path) {
  return exportGltf(character, path, {});
}

Status exportGltf(const Character& character, const std::string& path, const WriteSteps& steps) {
  Expected<Document> doc = buildDocument(character);
  if (!doc) return Error{path + ": " + doc.error().message};
  if (lowerExtension(path) != ".gltf") return writeFilesAtomically({{path, doc->glb()}}, steps);
  if (doc->binary().empty()) return writeFilesAtomically({{path, doc->gltfText("")}}, steps);
  return writeGltfPair(path, *doc, steps);
}

}  // namespace rw

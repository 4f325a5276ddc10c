#include "io/export/gltf_export.h"

#include <assimp/Exporter.hpp>
#include <assimp/IOStream.hpp>
#include <assimp/IOSystem.hpp>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <filesystem>
#include <map>

#include "motion/animation_clip.h"
#include "util/atomic_file.h"

namespace rw {
namespace {

constexpr double kTicksPerSecond = 1000.0;

aiMatrix4x4 toAi(const Transform& t) {
  const Eigen::Matrix4d m = t.matrix();
  aiMatrix4x4 a;
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c) a[r][c] = static_cast<ai_real>(m(r, c));
  return a;
}

aiVector3D toAi(const Eigen::Vector3d& v) {
  return aiVector3D(ai_real(v.x()), ai_real(v.y()), ai_real(v.z()));
}

template <typename T>
T** newPointerArray(std::size_t n) {
  T** out = new T*[n];
  std::fill(out, out + n, nullptr);
  return out;
}

void setChildren(aiNode* parent, const std::vector<aiNode*>& children) {
  parent->mNumChildren = static_cast<unsigned>(children.size());
  parent->mChildren = children.empty() ? nullptr : newPointerArray<aiNode>(children.size());
  for (std::size_t i = 0; i < children.size(); ++i) {
    parent->mChildren[i] = children[i];
    children[i]->mParent = parent;
  }
}

/// The top `maxInfluences` influences of a vertex, renormalized.
std::vector<Influence> strongest(std::vector<Influence> in, std::size_t maxInfluences) {
  std::sort(in.begin(), in.end(),
            [](const Influence& a, const Influence& b) { return a.weight > b.weight; });
  if (in.size() > maxInfluences) in.resize(maxInfluences);
  double sum = 0;
  for (const Influence& i : in) sum += i.weight;
  if (sum > 0)
    for (Influence& i : in) i.weight /= sum;
  return in;
}

struct PartRange {
  int firstVertex, vertexCount, firstTriangle, triangleCount, material;
};

/// The file's parts when they tile the vertices and triangles; otherwise one part.
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

/// Assimp's file access redirected to memory: every file the exporter writes, by the name it
/// opened. Nothing touches the disk until the files are complete.
class MemoryFiles : public Assimp::IOSystem {
 public:
  std::map<std::string, std::string> files;

  bool Exists(const char* name) const override { return files.count(name) > 0; }
  char getOsSeparator() const override { return '/'; }
  Assimp::IOStream* Open(const char* name, const char* mode) override {
    if (!std::strchr(mode, 'w')) return nullptr;  // the exporter only writes
    std::string& bytes = files[name];
    bytes.clear();
    return new Stream(bytes);
  }
  void Close(Assimp::IOStream* stream) override { delete stream; }

 private:
  class Stream : public Assimp::IOStream {
   public:
    explicit Stream(std::string& bytes) : bytes_(bytes) {}
    size_t Read(void*, size_t, size_t) override { return 0; }
    size_t Write(const void* data, size_t size, size_t count) override {
      const std::size_t n = size * count;
      if (bytes_.size() < position_ + n) bytes_.resize(position_ + n);
      std::memcpy(bytes_.data() + position_, data, n);
      position_ += n;
      return count;
    }
    aiReturn Seek(size_t offset, aiOrigin origin) override {
      const std::size_t base = origin == aiOrigin_SET   ? 0
                               : origin == aiOrigin_CUR ? position_
                                                        : bytes_.size();
      if (base + offset > bytes_.size()) return aiReturn_FAILURE;
      position_ = base + offset;
      return aiReturn_SUCCESS;
    }
    size_t Tell() const override { return position_; }
    size_t FileSize() const override { return bytes_.size(); }
    void Flush() override {}

   private:
    std::string& bytes_;
    std::size_t position_ = 0;
  };
};

}  // namespace

std::unique_ptr<aiScene> characterToAiScene(const Character& c) {
  auto scene = std::make_unique<aiScene>();
  const Skeleton& s = c.skeleton;
  const SourceMesh& m = c.mesh.source;
  scene->mRootNode = new aiNode("Scene");

  // Joints.
  std::vector<aiNode*> jointNodes(s.joints.size());
  for (int j = 0; j < s.size(); ++j) {
    jointNodes[j] = new aiNode(s.joints[j].name);
    jointNodes[j]->mTransformation = toAi(s.joints[j].restLocal);
  }
  std::vector<aiNode*> rootChildren;
  for (int j = 0; j < s.size(); ++j) {
    std::vector<aiNode*> kids;
    for (int k : s.children(j)) kids.push_back(jointNodes[k]);
    setChildren(jointNodes[j], kids);
    if (s.joints[j].parent < 0) rootChildren.push_back(jointNodes[j]);
  }

  // Materials.
  std::vector<std::string> materialNames = m.materialNames;
  if (materialNames.empty()) materialNames.push_back("Material");
  scene->mNumMaterials = static_cast<unsigned>(materialNames.size());
  scene->mMaterials = newPointerArray<aiMaterial>(materialNames.size());
  for (std::size_t i = 0; i < materialNames.size(); ++i) {
    auto* mat = new aiMaterial();
    aiString name(materialNames[i]);
    mat->AddProperty(&name, AI_MATKEY_NAME);
    const aiColor3D diffuse(0.8f, 0.8f, 0.8f);
    mat->AddProperty(&diffuse, 1, AI_MATKEY_COLOR_DIFFUSE);
    scene->mMaterials[i] = mat;
  }

  // Meshes: one per part, every joint a bone (control bones with no weights).
  const std::vector<PartRange> parts =
      m.positions.empty() ? std::vector<PartRange>{} : partRanges(m);
  const std::vector<Transform> restGlobals = s.restGlobals();
  scene->mNumMeshes = static_cast<unsigned>(parts.size());
  scene->mMeshes = parts.empty() ? nullptr : newPointerArray<aiMesh>(parts.size());
  for (std::size_t pi = 0; pi < parts.size(); ++pi) {
    const PartRange& p = parts[pi];
    auto* mesh = new aiMesh();
    scene->mMeshes[pi] = mesh;
    mesh->mName = (pi < m.parts.size() && !m.parts[pi].name.empty()) ? m.parts[pi].name : "Mesh";
    mesh->mPrimitiveTypes = aiPrimitiveType_TRIANGLE;
    mesh->mMaterialIndex =
        static_cast<unsigned>(std::clamp(p.material, 0, int(materialNames.size()) - 1));
    mesh->mNumVertices = static_cast<unsigned>(p.vertexCount);
    mesh->mVertices = new aiVector3D[p.vertexCount];
    for (int v = 0; v < p.vertexCount; ++v)
      mesh->mVertices[v] = toAi(m.positions[p.firstVertex + v]);
    if (m.normals.size() == m.positions.size()) {
      mesh->mNormals = new aiVector3D[p.vertexCount];
      for (int v = 0; v < p.vertexCount; ++v)
        mesh->mNormals[v] = toAi(m.normals[p.firstVertex + v]);
    }
    if (m.uvs.size() == m.positions.size()) {
      mesh->mTextureCoords[0] = new aiVector3D[p.vertexCount];
      mesh->mNumUVComponents[0] = 2;
      for (int v = 0; v < p.vertexCount; ++v) {
        const Eigen::Vector2d& uv = m.uvs[p.firstVertex + v];
        mesh->mTextureCoords[0][v] = aiVector3D(ai_real(uv.x()), ai_real(uv.y()), 0);
      }
    }
    mesh->mNumFaces = static_cast<unsigned>(p.triangleCount);
    mesh->mFaces = new aiFace[p.triangleCount];
    for (int f = 0; f < p.triangleCount; ++f) {
      aiFace& face = mesh->mFaces[f];
      face.mNumIndices = 3;
      face.mIndices = new unsigned[3];
      for (int k = 0; k < 3; ++k)
        face.mIndices[k] =
            static_cast<unsigned>(m.triangles[p.firstTriangle + f][k] - p.firstVertex);
    }
    if (!s.empty() && !c.skin.empty()) {
      std::vector<std::vector<aiVertexWeight>> perJoint(s.joints.size());
      for (int v = 0; v < p.vertexCount; ++v)
        for (const Influence& in : strongest(c.skin.perVertex[p.firstVertex + v], 4))
          if (in.joint >= 0 && in.joint < s.size())
            perJoint[in.joint].push_back(aiVertexWeight(unsigned(v), ai_real(in.weight)));
      mesh->mNumBones = static_cast<unsigned>(s.joints.size());
      mesh->mBones = newPointerArray<aiBone>(s.joints.size());
      for (int j = 0; j < s.size(); ++j) {
        auto* bone = new aiBone();
        bone->mName = s.joints[j].name;
        bone->mOffsetMatrix = toAi(restGlobals[j].inverse());
        bone->mNumWeights = static_cast<unsigned>(perJoint[j].size());
        if (!perJoint[j].empty()) {
          bone->mWeights = new aiVertexWeight[perJoint[j].size()];
          std::copy(perJoint[j].begin(), perJoint[j].end(), bone->mWeights);
        }
        mesh->mBones[j] = bone;
      }
    }
  }
  if (!parts.empty()) {
    auto* meshNode = new aiNode("Mesh");
    meshNode->mNumMeshes = static_cast<unsigned>(parts.size());
    meshNode->mMeshes = new unsigned[parts.size()];
    for (std::size_t i = 0; i < parts.size(); ++i) meshNode->mMeshes[i] = static_cast<unsigned>(i);
    rootChildren.insert(rootChildren.begin(), meshNode);
  }
  setChildren(scene->mRootNode, rootChildren);

  // Animations: every component of a keyed joint gets keys (its rest value when the clip
  // does not key it), so that readers never see an empty sampler.
  scene->mNumAnimations = static_cast<unsigned>(c.clips.size());
  scene->mAnimations = c.clips.empty() ? nullptr : newPointerArray<aiAnimation>(c.clips.size());
  for (std::size_t a = 0; a < c.clips.size(); ++a) {
    const AnimationClip& clip = c.clips[a];
    auto* anim = new aiAnimation();
    scene->mAnimations[a] = anim;
    anim->mName = clip.name;
    anim->mTicksPerSecond = kTicksPerSecond;
    anim->mDuration = clip.duration * kTicksPerSecond;
    std::vector<aiNodeAnim*> channels;
    for (const JointChannel& ch : clip.channels) {
      if (ch.joint < 0 || ch.joint >= s.size()) continue;
      if (ch.translation.empty() && ch.rotation.empty() && ch.scale.empty()) continue;
      Eigen::Vector3d restT, restS;
      Eigen::Quaterniond restR;
      decompose(s.joints[ch.joint].restLocal, restT, restR, restS);
      auto* na = new aiNodeAnim();
      na->mNodeName = s.joints[ch.joint].name;
      auto vectorKeys = [](const std::vector<VectorKey>& keys, const Eigen::Vector3d& rest,
                           unsigned& n) {
        n = static_cast<unsigned>(std::max<std::size_t>(keys.size(), 1));
        auto* out = new aiVectorKey[n];
        if (keys.empty()) out[0] = aiVectorKey(0.0, toAi(rest));
        for (std::size_t k = 0; k < keys.size(); ++k)
          out[k] = aiVectorKey(keys[k].time * kTicksPerSecond, toAi(keys[k].value));
        return out;
      };
      na->mPositionKeys = vectorKeys(ch.translation, restT, na->mNumPositionKeys);
      na->mScalingKeys = vectorKeys(ch.scale, restS, na->mNumScalingKeys);
      na->mNumRotationKeys = static_cast<unsigned>(std::max<std::size_t>(ch.rotation.size(), 1));
      na->mRotationKeys = new aiQuatKey[na->mNumRotationKeys];
      auto quat = [](const Eigen::Quaterniond& q) {
        const Eigen::Quaterniond n = q.normalized();
        return aiQuaternion(ai_real(n.w()), ai_real(n.x()), ai_real(n.y()), ai_real(n.z()));
      };
      if (ch.rotation.empty()) na->mRotationKeys[0] = aiQuatKey(0.0, quat(restR));
      for (std::size_t k = 0; k < ch.rotation.size(); ++k)
        na->mRotationKeys[k] =
            aiQuatKey(ch.rotation[k].time * kTicksPerSecond, quat(ch.rotation[k].value));
      channels.push_back(na);
    }
    anim->mNumChannels = static_cast<unsigned>(channels.size());
    anim->mChannels = channels.empty() ? nullptr : newPointerArray<aiNodeAnim>(channels.size());
    std::copy(channels.begin(), channels.end(), anim->mChannels);
  }
  return scene;
}

Status exportGltf(const Character& character, const std::string& path) {
  std::string ext = std::filesystem::path(path).extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char ch) { return char(std::tolower(ch)); });
  const std::unique_ptr<aiScene> scene = characterToAiScene(character);
  Assimp::Exporter exporter;
  if (ext != ".gltf") {
    const aiExportDataBlob* blob = exporter.ExportToBlob(scene.get(), "glb2");
    if (!blob) return Error{path + ": glTF export failed (" + exporter.GetErrorString() + ")"};
    return writeFileAtomically(path,
                               std::string_view(static_cast<const char*>(blob->data), blob->size));
  }
  // A .gltf references its buffer by file name: Assimp writes both into memory under their
  // real names, then they go into place together (neither replaces an old file unless both
  // were written completely; the buffer first, so the .gltf never names a missing one).
  auto* memory = new MemoryFiles();  // owned by the exporter
  exporter.SetIOHandler(memory);
  if (exporter.Export(scene.get(), "gltf2", path) != AI_SUCCESS)
    return Error{path + ": glTF export failed (" + exporter.GetErrorString() + ")"};
  std::vector<FileContent> files;
  for (const auto& [name, bytes] : memory->files)
    if (name != path) files.push_back({name, bytes});
  const auto main = memory->files.find(path);
  if (main == memory->files.end()) return Error{path + ": glTF export produced no file"};
  files.push_back({path, main->second});
  // The buffer goes first: its error names the .gltf too, the file the user asked for.
  if (Status bad = writeFilesAtomically(files))
    return bad->message.rfind(path, 0) == 0 ? bad : Error{path + ": " + bad->message};
  return std::nullopt;
}

}  // namespace rw

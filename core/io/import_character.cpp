#include "io/import_character.h"

#include "io/assimp_log.h"
#include "io/assimp_settings.h"
#include "io/character_wire.h"
#include "io/finite_character.h"
#include "io/identical_vertices.h"
#include "io/isolated_read_check.h"
#include "io/isolated_reader.h"

#include <assimp/config.h>
#include <assimp/postprocess.h>
#include <assimp/scene.h>
#include <assimp/Importer.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <unordered_map>

namespace rw {
namespace {

namespace fs = std::filesystem;

Transform toTransform(const aiMatrix4x4& m) {
  Transform t = Transform::Identity();
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c) t.matrix()(r, c) = m[r][c];
  t.matrix().row(3) << 0, 0, 0, 1;  // Assimp matrices are affine; drop projective noise
  return t;
}

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s;
}

/// Leaves that only mark where a bone ends (FBX `*_end`, BVH end sites).
bool isEndLeafName(const std::string& name) {
  const std::string n = lower(name);
  auto endsWith = [&](const std::string& suffix) {
    return n.size() >= suffix.size() &&
           n.compare(n.size() - suffix.size(), suffix.size(), suffix) == 0;
  };
  if (n.rfind("endsite", 0) == 0 || n.rfind("end site", 0) == 0) return true;  // Assimp's BVH
  return endsWith("_end") || endsWith("end site") || endsWith("_end_site") || endsWith(".end") ||
         endsWith("_nub") || endsWith(" nub");
}

/// Formats whose files are Z-up and which Assimp does not turn to Y-up (docs/data.md pitfall 6).
bool formatIsZUp(const std::string& extension) {
  static const std::set<std::string> zUp = {".blend", ".xgl", ".zgl", ".cob", ".ase"};
  return zUp.count(extension) > 0;
}

struct NodeInfo {
  const aiNode* node = nullptr;
  int parent = -1;
  Transform local = Transform::Identity();
  Transform global = Transform::Identity();  // character space (up-axis conversion applied)
  bool seed = false;                         // a skin bone or an animated node
  bool joint = false;
  int jointIndex = -1;
};

class SceneReader {
 public:
  SceneReader(const aiScene& scene, const std::string& path, Character& character)
      : scene_(scene), path_(path), ch_(character) {}

  void read(const Transform& upConversion) {
    up_ = upConversion;
    flattenNodes(scene_.mRootNode, -1);
    collectSeeds();
    chooseJoints();
    buildSkeleton();
    readMeshes();
    readClips();
    foldEndLeaves();
  }

 private:
  const aiScene& scene_;
  const std::string& path_;
  Character& ch_;
  Transform up_ = Transform::Identity();
  std::vector<NodeInfo> nodes_;
  std::unordered_map<std::string, int> nodeByName_;
  std::set<std::string> boneNames_;
  std::set<std::string> weightedBones_;    ///< bones with a non-zero weight on some vertex
  std::vector<Transform> bindGlobals_;     // per joint
  std::vector<Transform> meshPlacements_;  // distinct B matrices of skinned meshes

  void flattenNodes(const aiNode* node, int parent) {
    NodeInfo info;
    info.node = node;
    info.parent = parent;
    info.local = toTransform(node->mTransformation);
    info.global =
        parent < 0 ? Transform(up_ * info.local) : Transform(nodes_[parent].global * info.local);
    const int index = static_cast<int>(nodes_.size());
    nodes_.push_back(info);
    nodeByName_.emplace(node->mName.C_Str(), index);  // first wins on duplicate names
    for (unsigned c = 0; c < node->mNumChildren; ++c) flattenNodes(node->mChildren[c], index);
  }

  void collectSeeds() {
    for (unsigned m = 0; m < scene_.mNumMeshes; ++m)
      for (unsigned b = 0; b < scene_.mMeshes[m]->mNumBones; ++b) {
        const aiBone* bone = scene_.mMeshes[m]->mBones[b];
        boneNames_.insert(bone->mName.C_Str());
        for (unsigned w = 0; w < bone->mNumWeights; ++w)
          if (bone->mWeights[w].mWeight > 0.0f) {
            weightedBones_.insert(bone->mName.C_Str());
            break;
          }
      }
    // Animated nodes are joints, except containers whose channel never leaves their rest
    // transform (Blender's "Armature" object in FBX files): those are not bones.
    std::set<std::string> animated;
    for (unsigned a = 0; a < scene_.mNumAnimations; ++a)
      for (unsigned c = 0; c < scene_.mAnimations[a]->mNumChannels; ++c) {
        const aiNodeAnim* channel = scene_.mAnimations[a]->mChannels[c];
        auto it = nodeByName_.find(channel->mNodeName.C_Str());
        if (it != nodeByName_.end() && channelStaysAtRest(*channel, nodes_[it->second].local))
          continue;
        animated.insert(channel->mNodeName.C_Str());
      }
    for (NodeInfo& n : nodes_) {
      const std::string name = n.node->mName.C_Str();
      // The scene root only becomes a joint when it is itself a bone: Assimp's BVH root is the
      // "Hips" joint, but most roots are a file-level container.
      n.seed = boneNames_.count(name) || (animated.count(name) && n.node->mNumMeshes == 0);
    }
  }

  static bool channelStaysAtRest(const aiNodeAnim& c, const Transform& rest) {
    Eigen::Vector3d t, sc;
    Eigen::Quaterniond r;
    decompose(rest, t, r, sc);
    const double tol = 1e-5 * std::max(1.0, t.norm());
    for (unsigned k = 0; k < c.mNumPositionKeys; ++k) {
      const aiVector3D& v = c.mPositionKeys[k].mValue;
      if ((Eigen::Vector3d(v.x, v.y, v.z) - t).norm() > tol) return false;
    }
    for (unsigned k = 0; k < c.mNumRotationKeys; ++k) {
      const aiQuaternion& q = c.mRotationKeys[k].mValue;
      if (std::abs(Eigen::Quaterniond(q.w, q.x, q.y, q.z).normalized().dot(r)) < 1 - 1e-8)
        return false;
    }
    for (unsigned k = 0; k < c.mNumScalingKeys; ++k) {
      const aiVector3D& v = c.mScalingKeys[k].mValue;
      if ((Eigen::Vector3d(v.x, v.y, v.z) - sc).norm() > 1e-5 * std::max(1.0, sc.norm()))
        return false;
    }
    return true;
  }

  /// Joints: bones and animated nodes, nodes between two of them, and the mesh-free nodes
  /// below them (control bones, end leaves). Containers above the topmost joints ("Root",
  /// "Armature") are not joints: their transform is baked into the root joints, so a file
  /// with several skeleton roots keeps them all (a creature with a moving root node).
  void chooseJoints() {
    const int n = static_cast<int>(nodes_.size());
    std::vector<char> seedBelow(n, 0);
    for (int i = n - 1; i >= 0; --i) {
      if (nodes_[i].seed) seedBelow[i] = 1;
      if (seedBelow[i] && nodes_[i].parent >= 0) seedBelow[nodes_[i].parent] = 1;
    }
    for (int i = 0; i < n; ++i) {
      NodeInfo& node = nodes_[i];
      const bool underJoint = node.parent >= 0 && nodes_[node.parent].joint;
      if (node.seed)
        node.joint = true;
      else if (underJoint && (seedBelow[i] || node.node->mNumMeshes == 0))
        node.joint = true;
    }
  }

  void buildSkeleton() {
    Skeleton& s = ch_.skeleton;
    for (std::size_t i = 0; i < nodes_.size(); ++i) {
      NodeInfo& node = nodes_[i];
      if (!node.joint) continue;
      Joint j;
      j.name = node.node->mName.C_Str();
      if (j.name.empty()) j.name = "joint_" + std::to_string(s.size());
      j.parent = node.parent >= 0 ? nodes_[node.parent].jointIndex : -1;
      node.jointIndex = s.size();
      s.joints.push_back(j);
      bindGlobals_.push_back(node.global);
    }
    // Skin bones that the node tree does not name (anim_test.x): recreated from their offsets.
    for (unsigned m = 0; m < scene_.mNumMeshes; ++m) {
      const aiMesh* mesh = scene_.mMeshes[m];
      for (unsigned b = 0; b < mesh->mNumBones; ++b) {
        const std::string name = mesh->mBones[b]->mName.C_Str();
        if (nodeByName_.count(name) || s.indexOf(name) >= 0) continue;
        Joint j;
        j.name = name;
        s.joints.push_back(j);
        bindGlobals_.push_back(
            Transform(meshNodeGlobal(m) * toTransform(mesh->mBones[b]->mOffsetMatrix).inverse()));
        ch_.notes.push_back("bone '" + name +
                            "' has no node in the hierarchy: placed from its offset matrix");
      }
    }
    const bool hasSkin = !boneNames_.empty();
    // A bone deforms when it moves some vertex: glTF lists every joint of a skin (props,
    // capes, IK helpers too), and Assimp gives each an aiBone, with no weights for those.
    for (Joint& j : s.joints) j.deform = !hasSkin || weightedBones_.count(j.name) > 0;
  }

  int jointOfNode(const std::string& name) const {
    auto it = nodeByName_.find(name);
    if (it != nodeByName_.end() && nodes_[it->second].joint) return nodes_[it->second].jointIndex;
    return ch_.skeleton.indexOf(name);
  }

  /// The first node that instances mesh m (its transform places an unskinned mesh).
  Transform meshNodeGlobal(unsigned m) const {
    for (const NodeInfo& n : nodes_)
      for (unsigned k = 0; k < n.node->mNumMeshes; ++k)
        if (n.node->mMeshes[k] == m) return n.global;
    return up_;
  }

  /// Skinned meshes (pitfall 2): the node rest pose skins a vertex by global(bone)·offset,
  /// which is the same matrix B for every bone when the file's rest pose is its bind pose;
  /// the mesh then sits at B·v (not at its node transform). When the bones disagree
  /// (rest pose ≠ bind pose), the offsets define the bind pose: bind(bone) = M·offset⁻¹ with
  /// M the mesh node's transform, and the mesh sits at M·v.
  Transform placeSkinnedMesh(unsigned m, std::vector<char>& bindFromOffsets) {
    const aiMesh* mesh = scene_.mMeshes[m];
    std::vector<Transform> skinAtRest;
    for (unsigned b = 0; b < mesh->mNumBones; ++b) {
      const int j = jointOfNode(mesh->mBones[b]->mName.C_Str());
      skinAtRest.push_back(
          Transform(bindGlobals_[j] * toTransform(mesh->mBones[b]->mOffsetMatrix)));
    }
    double scale = 1.0;
    for (const Transform& t : skinAtRest) scale = std::max(scale, t.matrix().cwiseAbs().maxCoeff());
    bool consistent = true;
    for (const Transform& t : skinAtRest)
      if (!(t.matrix() - skinAtRest.front().matrix()).isZero(1e-4 * scale)) consistent = false;
    if (consistent) {
      // Parts of one character (a torso and legs) each give B up to float noise; one shared
      // matrix keeps their common seam vertices identical so the weld joins them.
      for (const Transform& known : meshPlacements_)
        if ((known.matrix() - skinAtRest.front().matrix()).isZero(1e-4 * scale)) return known;
      meshPlacements_.push_back(skinAtRest.front());
      return skinAtRest.front();
    }
    const Transform meshGlobal = meshNodeGlobal(m);
    for (unsigned b = 0; b < mesh->mNumBones; ++b) {
      const int j = jointOfNode(mesh->mBones[b]->mName.C_Str());
      if (bindFromOffsets[j]) continue;
      bindGlobals_[j] = meshGlobal * toTransform(mesh->mBones[b]->mOffsetMatrix).inverse();
      bindFromOffsets[j] = 1;
    }
    ch_.notes.push_back("mesh '" + std::string(mesh->mName.C_Str()) +
                        "': the file's rest pose differs from its bind pose; bind pose taken "
                        "from the bone offsets");
    return meshGlobal;
  }

  /// The file's material names (or material_N), at least one.
  std::vector<std::string> materialNames() const {
    std::vector<std::string> names;
    for (unsigned i = 0; i < scene_.mNumMaterials; ++i) {
      aiString name;
      scene_.mMaterials[i]->Get(AI_MATKEY_NAME, name);
      names.push_back(name.length ? name.C_Str() : "material_" + std::to_string(i));
    }
    if (names.empty()) names.push_back("default");
    return names;
  }

  /// Each node instance of a mesh is one part (mesh, node); skinned meshes are used once.
  std::vector<std::pair<unsigned, int>> meshInstances() const {
    std::vector<std::pair<unsigned, int>> instances;
    std::set<unsigned> skinnedSeen;
    for (std::size_t n = 0; n < nodes_.size(); ++n)
      for (unsigned k = 0; k < nodes_[n].node->mNumMeshes; ++k) {
        const unsigned m = nodes_[n].node->mMeshes[k];
        if (m >= scene_.mNumMeshes) continue;
        if (scene_.mMeshes[m]->HasBones() && !skinnedSeen.insert(m).second) continue;
        instances.emplace_back(m, int(n));
      }
    return instances;
  }

  /// The merged mesh being read: vertices, attributes and influences of the parts so far.
  struct MergedMesh {
    SourceMesh src;
    std::vector<std::vector<Influence>> perVertex;
    bool anyNormals = false, anyUVs = false, anySkin = false;
  };

  /// Per vertex of `mesh`, its influences: its bones' weights, or all on `rigidJoint` (an
  /// unskinned mesh under a joint, else -1); none for a mesh neither skinned nor under a joint.
  std::vector<std::vector<Influence>> partInfluences(const aiMesh& mesh, int rigidJoint) {
    std::vector<std::vector<Influence>> influences;
    if (mesh.HasBones()) {
      influences.resize(mesh.mNumVertices);
      for (unsigned b = 0; b < mesh.mNumBones; ++b) {
        const aiBone* bone = mesh.mBones[b];
        const int j = jointOfNode(bone->mName.C_Str());
        for (unsigned w = 0; w < bone->mNumWeights; ++w) {
          const aiVertexWeight& vw = bone->mWeights[w];
          if (vw.mVertexId < mesh.mNumVertices)
            influences[vw.mVertexId].push_back({j, double(vw.mWeight)});
        }
      }
    } else if (rigidJoint >= 0) {
      influences.assign(mesh.mNumVertices, {{rigidJoint, 1.0}});
    }
    return influences;
  }

  /// Appends mesh `m` placed at node `n`: its vertices in character space (a skinned mesh by its
  /// bones' bind pose, pitfall 2), normals and UVs when any part has them, its influences (an
  /// unskinned mesh under a joint moves with it), its triangles.
  void appendPart(unsigned m, int n, std::vector<char>& bindFromOffsets, MergedMesh& out) {
    const aiMesh* mesh = scene_.mMeshes[m];
    SourceMesh& src = out.src;
    Transform place = nodes_[n].global;
    int rigidJoint = -1;  // an unskinned mesh hanging under a joint moves with it
    if (mesh->HasBones()) {
      place = placeSkinnedMesh(m, bindFromOffsets);
    } else {
      for (int a = n; a >= 0 && rigidJoint < 0; a = nodes_[a].parent)
        if (nodes_[a].joint) rigidJoint = nodes_[a].jointIndex;
    }
    const Eigen::Matrix3d normalMatrix = place.linear().inverse().transpose();
    // Influences first: identical vertices are joined on them too.
    std::vector<std::vector<Influence>> influences = partInfluences(*mesh, rigidJoint);
    out.anySkin |= !influences.empty();
    const VertexClasses joined = identicalVertices(*mesh, influences);
    MeshPart part;
    part.name = mesh->mName.length ? mesh->mName.C_Str() : nodes_[n].node->mName.C_Str();
    part.firstVertex = static_cast<int>(src.positions.size());
    part.vertexCount = static_cast<int>(joined.firstOfClass.size());
    part.firstTriangle = static_cast<int>(src.triangles.size());
    part.material = std::min<int>(mesh->mMaterialIndex, int(src.materialNames.size()) - 1);
    for (int v : joined.firstOfClass) {
      const aiVector3D& p = mesh->mVertices[v];
      src.positions.push_back(place * Eigen::Vector3d(p.x, p.y, p.z));
      if (out.anyNormals) {
        Eigen::Vector3d nrm = Eigen::Vector3d::UnitY();
        if (mesh->HasNormals()) {
          const aiVector3D& q = mesh->mNormals[v];
          nrm = (normalMatrix * Eigen::Vector3d(q.x, q.y, q.z)).normalized();
          if (!nrm.allFinite()) nrm = Eigen::Vector3d::UnitY();
        }
        src.normals.push_back(nrm);
      }
      if (out.anyUVs) {
        const aiVector3D uv = mesh->HasTextureCoords(0) ? mesh->mTextureCoords[0][v] : aiVector3D();
        src.uvs.emplace_back(uv.x, uv.y);
      }
    }
    out.perVertex.resize(src.positions.size());
    if (!influences.empty())
      for (int k = 0; k < part.vertexCount; ++k)
        out.perVertex[part.firstVertex + k] = std::move(influences[joined.firstOfClass[k]]);
    for (unsigned f = 0; f < mesh->mNumFaces; ++f) {
      const aiFace& face = mesh->mFaces[f];
      if (face.mNumIndices != 3) continue;
      bool valid = true;
      for (int c = 0; c < 3; ++c) valid &= face.mIndices[c] < mesh->mNumVertices;
      if (!valid) continue;
      src.triangles.emplace_back(part.firstVertex + joined.classOf[face.mIndices[0]],
                                 part.firstVertex + joined.classOf[face.mIndices[1]],
                                 part.firstVertex + joined.classOf[face.mIndices[2]]);
      src.triangleMaterial.push_back(part.material);
    }
    part.triangleCount = static_cast<int>(src.triangles.size()) - part.firstTriangle;
    src.parts.push_back(part);
  }

  /// Rest locals from the bind globals (they changed where the offsets defined the bind pose;
  /// joints below such a bone that skin nothing keep their local transform).
  void restLocalsFromBindGlobals(std::vector<char>& bindFromOffsets) {
    Skeleton& s = ch_.skeleton;
    for (int j = 0; j < s.size(); ++j) {
      const int p = s.joints[j].parent;
      if (!bindFromOffsets[j] && p >= 0 && bindFromOffsets[p]) {
        // Keep the node's local offset relative to the re-posed parent.
        const int node = nodeByName_.count(s.joints[j].name) ? nodeByName_[s.joints[j].name] : -1;
        if (node >= 0) bindGlobals_[j] = bindGlobals_[p] * nodes_[node].local;
        bindFromOffsets[j] = 1;
      }
    }
    for (int j = 0; j < s.size(); ++j) {
      const int p = s.joints[j].parent;
      s.joints[j].restLocal =
          p < 0 ? bindGlobals_[j] : Transform(bindGlobals_[p].inverse() * bindGlobals_[j]);
    }
  }

  void readMeshes() {
    MergedMesh merged;
    merged.src.materialNames = materialNames();
    std::vector<char> bindFromOffsets(ch_.skeleton.size(), 0);
    const std::vector<std::pair<unsigned, int>> instances = meshInstances();
    for (auto [m, n] : instances) {
      merged.anyNormals |= scene_.mMeshes[m]->HasNormals();
      merged.anyUVs |= scene_.mMeshes[m]->HasTextureCoords(0);
    }
    for (auto [m, n] : instances) {
      const aiMesh* mesh = scene_.mMeshes[m];
      if (mesh->mNumFaces == 0 || !(mesh->mPrimitiveTypes & aiPrimitiveType_TRIANGLE)) continue;
      appendPart(m, n, bindFromOffsets, merged);
    }
    restLocalsFromBindGlobals(bindFromOffsets);
    if (merged.anySkin) {
      ch_.skin.perVertex = std::move(merged.perVertex);
      const int changed = ch_.skin.normalize();
      if (changed > 0)
        ch_.notes.push_back("skin weights normalized on " + std::to_string(changed) + " of " +
                            std::to_string(ch_.skin.vertexCount()) + " vertices");
    }
    // Welded by the caller (finishImport): the parent of an isolated read welds what its child
    // read, so the weld runs once.
    ch_.mesh.source = std::move(merged.src);
  }

  void readClips() {
    Skeleton& s = ch_.skeleton;
    for (unsigned a = 0; a < scene_.mNumAnimations; ++a) {
      const aiAnimation* anim = scene_.mAnimations[a];
      AnimationClip clip;
      clip.name = anim->mName.length ? anim->mName.C_Str() : "clip_" + std::to_string(a);
      const double ticksPerSecond = anim->mTicksPerSecond > 0 ? anim->mTicksPerSecond : 25.0;
      clip.duration = std::max(0.0, anim->mDuration / ticksPerSecond);
      std::vector<double> steps;
      for (unsigned c = 0; c < anim->mNumChannels; ++c) {
        const aiNodeAnim* ch = anim->mChannels[c];
        const int j = jointOfNode(ch->mNodeName.C_Str());
        if (j < 0) continue;
        // Root joints carry their container's transform (and the up-axis turn): keys are
        // relative to the container, so they are re-expressed in character space.
        const int node =
            nodeByName_.count(ch->mNodeName.C_Str()) ? nodeByName_[ch->mNodeName.C_Str()] : -1;
        Transform prefix = Transform::Identity();
        const bool isRoot = s.joints[j].parent < 0;
        if (isRoot && node >= 0)
          prefix = nodes_[node].parent >= 0 ? nodes_[nodes_[node].parent].global : up_;
        const Transform nodeLocal = node >= 0 ? nodes_[node].local : Transform::Identity();
        Eigen::Vector3d t0, s0;
        Eigen::Quaterniond r0;
        decompose(nodeLocal, t0, r0, s0);

        JointChannel channel;
        channel.joint = j;
        for (unsigned k = 0; k < ch->mNumPositionKeys; ++k) {
          const auto& key = ch->mPositionKeys[k];
          channel.translation.push_back(
              {key.mTime / ticksPerSecond, {key.mValue.x, key.mValue.y, key.mValue.z}});
        }
        for (unsigned k = 0; k < ch->mNumRotationKeys; ++k) {
          const auto& key = ch->mRotationKeys[k];
          channel.rotation.push_back(
              {key.mTime / ticksPerSecond,
               Eigen::Quaterniond(key.mValue.w, key.mValue.x, key.mValue.y, key.mValue.z)
                   .normalized()});
        }
        for (unsigned k = 0; k < ch->mNumScalingKeys; ++k) {
          const auto& key = ch->mScalingKeys[k];
          channel.scale.push_back(
              {key.mTime / ticksPerSecond, {key.mValue.x, key.mValue.y, key.mValue.z}});
        }
        for (std::size_t k = 1; k < channel.rotation.size(); ++k)
          steps.push_back(channel.rotation[k].time - channel.rotation[k - 1].time);
        for (std::size_t k = 1; k < channel.translation.size(); ++k)
          steps.push_back(channel.translation[k].time - channel.translation[k - 1].time);
        if (isRoot && !prefix.matrix().isIdentity(1e-12)) bakePrefix(channel, prefix, t0, r0, s0);
        clip.channels.push_back(std::move(channel));
      }
      steps.erase(std::remove_if(steps.begin(), steps.end(), [](double d) { return d <= 1e-9; }),
                  steps.end());
      // Frame rate: formats that count ticks in frames (BVH, FBX) say it directly; otherwise
      // a clip sampled at a regular rate (mocap, baked .X) shows it in its key spacing; sparse
      // hand-set keys fall back to 30 fps.
      if (anim->mTicksPerSecond >= 10 && anim->mTicksPerSecond <= 300) {
        // BVH stores the frame time rounded (0.008333 s): snap 120.0005 back to 120.
        const double fps = anim->mTicksPerSecond;
        clip.framesPerSecond = std::abs(fps - std::round(fps)) < 0.01 ? std::round(fps) : fps;
      } else if (!steps.empty()) {
        std::nth_element(steps.begin(), steps.begin() + steps.size() / 2, steps.end());
        const double fps = 1.0 / steps[steps.size() / 2];
        clip.framesPerSecond = (fps >= 10 && fps <= 300) ? std::round(fps * 1000) / 1000 : 30.0;
      }
      ch_.clips.push_back(std::move(clip));
    }
  }

  /// Re-expresses a root channel's keys in character space: every key k becomes
  /// decompose(prefix · compose(k)), missing components taken from the node's rest local.
  static void bakePrefix(JointChannel& c, const Transform& prefix, const Eigen::Vector3d& t0,
                         const Eigen::Quaterniond& r0, const Eigen::Vector3d& s0) {
    std::set<double> times;
    for (const auto& k : c.translation) times.insert(k.time);
    for (const auto& k : c.rotation) times.insert(k.time);
    for (const auto& k : c.scale) times.insert(k.time);
    JointChannel baked;
    baked.joint = c.joint;
    for (double t : times) {
      const Transform local =
          compose(sampleVector(c.translation, t, t0), sampleRotation(c.rotation, t, r0),
                  sampleVector(c.scale, t, s0));
      Eigen::Vector3d tr, sc;
      Eigen::Quaterniond ro;
      decompose(prefix * local, tr, ro, sc);
      baked.translation.push_back({t, tr});
      if (!baked.rotation.empty() && baked.rotation.back().value.dot(ro) < 0) ro.coeffs() *= -1;
      baked.rotation.push_back({t, ro});
      baked.scale.push_back({t, sc});
    }
    c = std::move(baked);
  }

  /// `*_end` leaves and BVH end sites only say where their parent bone ends: they become the
  /// parent's tail, and joint indices (weights, channels, constraints) are remapped.
  void foldEndLeaves() {
    Skeleton& s = ch_.skeleton;
    std::vector<char> remove(s.size(), 0);
    std::vector<int> childCount(s.size(), 0);
    for (const Joint& j : s.joints)
      if (j.parent >= 0) ++childCount[j.parent];
    std::set<int> skinned, animated;
    for (const auto& v : ch_.skin.perVertex)
      for (const Influence& i : v) skinned.insert(i.joint);
    const std::vector<Transform> globals = s.restGlobals();
    int folded = 0;
    for (int j = 0; j < s.size(); ++j) {
      if (childCount[j] || s.joints[j].parent < 0 || skinned.count(j)) continue;
      if (!isEndLeafName(s.joints[j].name)) continue;
      remove[j] = 1;
      Joint& parent = s.joints[s.joints[j].parent];
      if (!parent.tail) parent.tail = globals[j].translation();
      ++folded;
    }
    if (!folded) return;
    std::vector<int> newIndex(s.size(), -1);
    Skeleton kept;
    for (int j = 0; j < s.size(); ++j) {
      if (remove[j]) continue;
      newIndex[j] = kept.size();
      Joint joint = s.joints[j];
      joint.parent = joint.parent >= 0 ? newIndex[joint.parent] : -1;
      kept.joints.push_back(std::move(joint));
    }
    for (auto& v : ch_.skin.perVertex)
      for (Influence& i : v) i.joint = newIndex[i.joint];
    for (AnimationClip& clip : ch_.clips) {
      std::vector<JointChannel> channels;
      for (JointChannel& c : clip.channels)
        if (newIndex[c.joint] >= 0) {
          c.joint = newIndex[c.joint];
          channels.push_back(std::move(c));
        }
      clip.channels = std::move(channels);
    }
    s = std::move(kept);
    ch_.notes.push_back(std::to_string(folded) +
                        " end-of-chain leaves (*_end, end sites) folded "
                        "into their parent bone's tail");
  }
};

/// An FBX's UnitScaleFactor (centimetres per unit; Assimp leaves coordinates in file units).
std::optional<double> fbxCentimetresPerUnit(const aiScene& scene, const std::string& ext) {
  if (ext != ".fbx" || !scene.mMetaData) return std::nullopt;
  double asDouble = 0;
  float asFloat = 0;
  double cm = 0;
  if (scene.mMetaData->Get("UnitScaleFactor", asDouble))
    cm = asDouble;
  else if (scene.mMetaData->Get("UnitScaleFactor", asFloat))
    cm = asFloat;
  if (!(cm > 0) || !std::isfinite(cm)) return std::nullopt;
  return cm;
}

/// The file read and converted to character space, its mesh not yet welded (Mesh::source only).
Expected<Character> readUnwelded(const std::string& path, const ImportOptions& options) {
  Assimp::Importer importer;
  const aiScene* scene = nullptr;
  beginCollectingReaderErrors();
  try {
    scene = readScene(importer, path);
  } catch (const std::exception& e) {
    return Error{path + ": " + e.what()};
  }
  if (!scene) {
    std::string why = importer.GetErrorString();
    if (why.empty()) why = "not a format Rigwright can read";
    return Error{path + ": " + why};
  }
  if (!scene->mRootNode) return Error{path + ": the file has no scene hierarchy"};
  const std::vector<std::string> readerErrors = collectedReaderErrors();
  for (const std::string& e : readerErrors)
    if (readerErrorDamagesGeometry(e)) return Error{path + ": malformed geometry (" + e + ")"};
  bool anyTriangles = false;
  for (unsigned m = 0; m < scene->mNumMeshes; ++m) anyTriangles |= scene->mMeshes[m]->mNumFaces > 0;
  if (!anyTriangles && scene->mNumAnimations == 0 && scene->mRootNode->mNumChildren == 0)
    return Error{path + ": the file contains no mesh, skeleton or animation"};

  Character character;
  character.sourcePath = path;
  std::string ext = lower(fs::path(path).extension().string());
  UpAxis up = formatIsZUp(ext) ? UpAxis::Z : UpAxis::Y;
  int metaUp = 1;
  if (scene->mMetaData && scene->mMetaData->Get("UpAxis", metaUp) && metaUp == 2 && ext == ".fbx")
    up = UpAxis::Z;
  if (options.upAxis) up = *options.upAxis;
  character.sourceUpAxis = up;
  if (const std::optional<double> cm = fbxCentimetresPerUnit(*scene, ext))
    character.metresPerUnit = *cm / 100.0;
  Transform conversion = Transform::Identity();
  if (up == UpAxis::Z) {
    conversion.linear() << 1, 0, 0, 0, 0, 1, 0, -1, 0;  // (x, y, z) -> (x, z, -y)
    character.notes.push_back("Z-up file turned to Y-up");
  }
  for (const std::string& e : readerErrors) character.notes.push_back("reader: " + e);
  SceneReader reader(*scene, path, character);
  reader.read(conversion);

  return character;
}

/// The checks of a converted character (its data may come from the isolated reader's child),
/// then the weld.
Expected<Character> finishImport(Character character, const std::string& path,
                                 const ImportOptions& options) {
  // Readers pass Inf/NaN and absurd magnitudes through (a BVH channel of "inf", a NaN key).
  if (Status bad = checkFiniteCharacter(character, path)) return *bad;
  if (Status bad = character.skeleton.validate()) return Error{path + ": " + bad->message};
  character.mesh = buildMesh(std::move(character.mesh.source), options.relativeWeldTolerance);
  if (character.mesh.empty() && character.skeleton.empty())
    return Error{path + ": the file contains no mesh, skeleton or animation"};
  return character;
}

}  // namespace

Expected<std::string> readPackedCharacter(const std::string& path, const ImportOptions& options) {
  Expected<Character> read = readUnwelded(path, options);
  if (read) return packCharacter(*read);
  // runInIsolation names the file itself.
  const std::string& message = read.error().message;
  const std::string named = path + ": ";
  return Error{message.compare(0, named.size(), named) == 0 ? message.substr(named.size())
                                                            : message};
}

Expected<Character> importCharacter(const std::string& path, const ImportOptions& options) {
  std::error_code ec;
  if (!fs::exists(path, ec)) return Error{path + ": file not found"};
  if (fs::is_directory(path, ec)) return Error{path + ": is a folder, not a file"};
  {
    std::ifstream probe(path, std::ios::binary);
    if (!probe) return Error{path + ": cannot be read (permission denied?)"};
  }
  if (fs::file_size(path, ec) == 0) return Error{path + ": the file is empty"};

  if (!options.isolateReader) {
    Expected<Character> read = readUnwelded(path, options);
    if (!read) return read.error();
    return finishImport(std::move(*read), path, options);
  }
  // Read once, in a child process (a file that crashes or hangs the reader is an error, not
  // the end of the program); the child hands the converted character over.
  IsolatedReadLimits limits;
  limits.timeoutSeconds = options.readTimeoutSeconds;
  Expected<std::string> packed = runInIsolation(
      path, limits,
      {importJobArguments(options.upAxis), [&] { return readPackedCharacter(path, options); }});
  if (!packed) return packed.error();
  Expected<Character> read = unpackCharacter(*packed);
  if (!read) return Error{path + ": " + read.error().message};
  return finishImport(std::move(*read), path, options);
}

}  // namespace rw

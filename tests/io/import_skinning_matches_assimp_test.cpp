// The strongest check of the import math (bind pose, root containers, channel conversion,
// weights): our posed mesh equals the mesh skinned straight from Assimp's data, the way the
// format defines it (v' = Σ w · global(bone, t) · offset · v), at several times of every clip.
#include <gtest/gtest.h>

#include <assimp/postprocess.h>
#include <assimp/scene.h>
#include <assimp/Importer.hpp>

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>

#include "io/assimp_settings.h"
#include "skin/linear_blend_skinning.h"
#include "support/real_models.h"

using namespace rw;

namespace {

Eigen::Matrix4d toEigen(const aiMatrix4x4& m) {
  Eigen::Matrix4d e;
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c) e(r, c) = m[r][c];
  return e;
}

template <typename Key>
std::pair<std::size_t, double> bracket(const Key* keys, unsigned n, double ticks) {
  if (n == 1 || ticks <= keys[0].mTime) return {0, 0.0};
  for (unsigned k = 0; k + 1 < n; ++k)
    if (ticks < keys[k + 1].mTime)
      return {k, (ticks - keys[k].mTime) / (keys[k + 1].mTime - keys[k].mTime)};
  return {n - 1, 0.0};
}

/// Local transform of a node at `ticks` from its channel, as Assimp's viewer evaluates it.
Eigen::Matrix4d channelLocal(const aiNodeAnim& c, double ticks) {
  aiVector3D t(0, 0, 0), s(1, 1, 1);
  aiQuaternion r;
  if (c.mNumPositionKeys) {
    auto [k, f] = bracket(c.mPositionKeys, c.mNumPositionKeys, ticks);
    t = c.mPositionKeys[k].mValue;
    if (f > 0) t = t + (c.mPositionKeys[k + 1].mValue - t) * float(f);
  }
  if (c.mNumRotationKeys) {
    auto [k, f] = bracket(c.mRotationKeys, c.mNumRotationKeys, ticks);
    r = c.mRotationKeys[k].mValue;
    if (f > 0)
      aiQuaternion::Interpolate(r, c.mRotationKeys[k].mValue, c.mRotationKeys[k + 1].mValue,
                                float(f));
  }
  if (c.mNumScalingKeys) {
    auto [k, f] = bracket(c.mScalingKeys, c.mNumScalingKeys, ticks);
    s = c.mScalingKeys[k].mValue;
    if (f > 0) s = s + (c.mScalingKeys[k + 1].mValue - s) * float(f);
  }
  r.Normalize();  // files store rounded quaternions (simple_skin: 0.707, 0.707); we normalize
  return toEigen(aiMatrix4x4(s, r, t));
}

/// Skins every skinned mesh of the scene at `seconds` into one list, in our part order
/// (nodes depth-first, each skinned mesh once).
std::vector<Eigen::Vector3d> assimpSkinned(const aiScene& scene, const aiAnimation& anim,
                                           double seconds) {
  const double tps = anim.mTicksPerSecond > 0 ? anim.mTicksPerSecond : 25.0;
  std::map<std::string, const aiNodeAnim*> channels;
  for (unsigned c = 0; c < anim.mNumChannels; ++c)
    channels[anim.mChannels[c]->mNodeName.C_Str()] = anim.mChannels[c];
  std::map<std::string, Eigen::Matrix4d> globals;
  std::vector<unsigned> order;
  std::function<void(const aiNode*, const Eigen::Matrix4d&)> walk =
      [&](const aiNode* n, const Eigen::Matrix4d& parent) {
        auto it = channels.find(n->mName.C_Str());
        const Eigen::Matrix4d local = it != channels.end()
                                          ? channelLocal(*it->second, seconds * tps)
                                          : toEigen(n->mTransformation);
        const Eigen::Matrix4d g = parent * local;
        globals.emplace(n->mName.C_Str(), g);
        for (unsigned m = 0; m < n->mNumMeshes; ++m)
          if (std::find(order.begin(), order.end(), n->mMeshes[m]) == order.end())
            order.push_back(n->mMeshes[m]);
        for (unsigned c = 0; c < n->mNumChildren; ++c) walk(n->mChildren[c], g);
      };
  walk(scene.mRootNode, Eigen::Matrix4d::Identity());
  std::vector<Eigen::Vector3d> out;
  for (unsigned m : order) {
    const aiMesh* mesh = scene.mMeshes[m];
    std::vector<Eigen::Vector3d> skinned(mesh->mNumVertices, Eigen::Vector3d::Zero());
    for (unsigned b = 0; b < mesh->mNumBones; ++b) {
      const aiBone* bone = mesh->mBones[b];
      const Eigen::Matrix4d mat = globals.at(bone->mName.C_Str()) * toEigen(bone->mOffsetMatrix);
      for (unsigned w = 0; w < bone->mNumWeights; ++w) {
        const aiVector3D& p = mesh->mVertices[bone->mWeights[w].mVertexId];
        skinned[bone->mWeights[w].mVertexId] +=
            bone->mWeights[w].mWeight * (mat * Eigen::Vector4d(p.x, p.y, p.z, 1)).head<3>();
      }
    }
    // The file's weights may not sum to one; compare against normalized skinning.
    std::vector<double> sums(mesh->mNumVertices, 0.0);
    for (unsigned b = 0; b < mesh->mNumBones; ++b)
      for (unsigned w = 0; w < mesh->mBones[b]->mNumWeights; ++w)
        sums[mesh->mBones[b]->mWeights[w].mVertexId] += mesh->mBones[b]->mWeights[w].mWeight;
    for (unsigned v = 0; v < mesh->mNumVertices; ++v)
      out.push_back(sums[v] > 0 ? Eigen::Vector3d(skinned[v] / sums[v])
                                : Eigen::Vector3d::Constant(NAN));
  }
  return out;
}

void expectSameDeformation(const std::string& file) {
  SCOPED_TRACE(file);
  Character c;
  ASSERT_TRUE(test::loadModel(file, c));
  Assimp::Importer importer;
  // Assimp's own join of identical vertices: the importer's (identical_vertices.h) must keep
  // the same vertices, in the same order.
  configureImporter(importer);
  const aiScene* scene =
      importer.ReadFile(test::modelPath(file), kImportFlags | aiProcess_JoinIdenticalVertices);
  ASSERT_NE(scene, nullptr);
  ASSERT_EQ(scene->mNumAnimations, c.clips.size());
  const double size = c.mesh.size();
  for (unsigned a = 0; a < scene->mNumAnimations; ++a) {
    const AnimationClip& clip = c.clips[a];
    // At key times the two must agree to 1e-4 of size; between keys interpolation details
    // (float vs double slerp) are allowed 1e-3.
    std::vector<double> keyTimes;
    for (const JointChannel& ch : clip.channels)
      for (const RotationKey& k : ch.rotation) keyTimes.push_back(k.time);
    std::sort(keyTimes.begin(), keyTimes.end());
    ASSERT_FALSE(keyTimes.empty());
    const std::vector<std::pair<double, double>> checks = {
        {keyTimes.front(), 1e-4},
        {keyTimes[keyTimes.size() * 37 / 100], 1e-4},
        {keyTimes[keyTimes.size() * 81 / 100], 1e-4},
        {0.43 * clip.duration, 1e-3}};
    for (const auto& [t, tolerance] : checks) {
      const auto ours =
          skinLinearBlend(c, c.skeleton.globalsFromLocals(clip.sampleLocals(c.skeleton, t)));
      const auto reference = assimpSkinned(*scene, *scene->mAnimations[a], t);
      ASSERT_EQ(ours.size(), reference.size());
      double worst = 0;
      for (std::size_t v = 0; v < ours.size(); ++v)
        if (reference[v].allFinite()) worst = std::max(worst, (ours[v] - reference[v]).norm());
      EXPECT_LT(worst, tolerance * size) << clip.name << " at t=" << t;
    }
  }
}

}  // namespace

TEST(ImportSkinningMatchesAssimp, BcnEpileptic) {
  expectSameDeformation("X/BCN_Epileptic.X");
}
TEST(ImportSkinningMatchesAssimp, Testwuson) {
  expectSameDeformation("X/Testwuson.X");
}
TEST(ImportSkinningMatchesAssimp, Huesitos) {
  expectSameDeformation("FBX/huesitos.fbx");
}
TEST(ImportSkinningMatchesAssimp, AnimationWithSkeleton) {
  expectSameDeformation("FBX/animation_with_skeleton.fbx");
}
TEST(ImportSkinningMatchesAssimp, SimpleSkinGltf) {
  expectSameDeformation("glTF2/simple_skin/simple_skin.gltf");
}

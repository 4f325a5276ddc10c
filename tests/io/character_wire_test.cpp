// The file read once (issue 24): the isolated reader's child converts the file and hands the
// character to its parent as bytes (io/character_wire.h). The parent's character must be the
// one a direct read gives, on every kind of real model; a truncated message is an error.
#include <gtest/gtest.h>

#include "io/character_wire.h"
#include "io/import_character.h"
#include "support/real_models.h"

using namespace rw;

namespace {

void expectSameCharacter(const Character& a, const Character& b, const std::string& what) {
  EXPECT_EQ(a.sourcePath, b.sourcePath) << what;
  EXPECT_EQ(a.mesh.source.positions, b.mesh.source.positions) << what;
  EXPECT_EQ(a.mesh.source.normals, b.mesh.source.normals) << what;
  EXPECT_EQ(a.mesh.source.uvs, b.mesh.source.uvs) << what;
  EXPECT_EQ(a.mesh.source.triangles, b.mesh.source.triangles) << what;
  EXPECT_EQ(a.mesh.source.triangleMaterial, b.mesh.source.triangleMaterial) << what;
  EXPECT_EQ(a.mesh.source.materialNames, b.mesh.source.materialNames) << what;
  ASSERT_EQ(a.mesh.source.parts.size(), b.mesh.source.parts.size()) << what;
  for (std::size_t p = 0; p < a.mesh.source.parts.size(); ++p) {
    const MeshPart &x = a.mesh.source.parts[p], &y = b.mesh.source.parts[p];
    EXPECT_TRUE(x.name == y.name && x.firstVertex == y.firstVertex &&
                x.vertexCount == y.vertexCount && x.firstTriangle == y.firstTriangle &&
                x.triangleCount == y.triangleCount && x.material == y.material)
        << what << " part " << p;
  }
  EXPECT_EQ(a.mesh.positions, b.mesh.positions) << what;
  EXPECT_EQ(a.mesh.triangles, b.mesh.triangles) << what;
  EXPECT_EQ(a.mesh.weldedOfSource, b.mesh.weldedOfSource) << what;
  ASSERT_EQ(a.skeleton.size(), b.skeleton.size()) << what;
  for (int j = 0; j < a.skeleton.size(); ++j) {
    const Joint &x = a.skeleton.joints[j], &y = b.skeleton.joints[j];
    EXPECT_TRUE(x.name == y.name && x.parent == y.parent && x.deform == y.deform &&
                x.restLocal.matrix() == y.restLocal.matrix() && x.tail == y.tail)
        << what << " joint " << x.name;
  }
  ASSERT_EQ(a.skeleton.constraints.size(), b.skeleton.constraints.size()) << what;
  ASSERT_EQ(a.skin.vertexCount(), b.skin.vertexCount()) << what;
  for (int v = 0; v < a.skin.vertexCount(); ++v) {
    const auto &x = a.skin.perVertex[v], &y = b.skin.perVertex[v];
    ASSERT_EQ(x.size(), y.size()) << what << " vertex " << v;
    for (std::size_t i = 0; i < x.size(); ++i)
      ASSERT_TRUE(x[i].joint == y[i].joint && x[i].weight == y[i].weight)
          << what << " vertex " << v;
  }
  ASSERT_EQ(a.clips.size(), b.clips.size()) << what;
  for (std::size_t c = 0; c < a.clips.size(); ++c) {
    const AnimationClip &x = a.clips[c], &y = b.clips[c];
    EXPECT_TRUE(x.name == y.name && x.duration == y.duration &&
                x.framesPerSecond == y.framesPerSecond && x.channels.size() == y.channels.size())
        << what << " clip " << x.name;
    for (std::size_t k = 0; k < std::min(x.channels.size(), y.channels.size()); ++k) {
      const JointChannel &p = x.channels[k], &q = y.channels[k];
      ASSERT_TRUE(p.joint == q.joint && p.translation.size() == q.translation.size() &&
                  p.rotation.size() == q.rotation.size() && p.scale.size() == q.scale.size())
          << what << " channel " << k;
      for (std::size_t i = 0; i < p.rotation.size(); ++i)
        ASSERT_TRUE(p.rotation[i].time == q.rotation[i].time &&
                    p.rotation[i].value.coeffs() == q.rotation[i].value.coeffs())
            << what << " rotation key " << i;
      for (std::size_t i = 0; i < p.translation.size(); ++i)
        ASSERT_TRUE(p.translation[i].time == q.translation[i].time &&
                    p.translation[i].value == q.translation[i].value)
            << what << " translation key " << i;
    }
  }
  EXPECT_EQ(a.sourceUpAxis, b.sourceUpAxis) << what;
  EXPECT_EQ(a.metresPerUnit, b.metresPerUnit) << what;
  EXPECT_EQ(a.notes, b.notes) << what;
}

const char* const kModels[] = {"X/BCN_Epileptic.X",
                               "X/Testwuson.X",
                               "OBJ/WusonOBJ.obj",
                               "Collada/human.zae",
                               "BLEND/HUMAN.blend",
                               "BVH/01_01.bvh",
                               "FBX/animation_with_skeleton.fbx",
                               "FBX/spider.fbx"};

}  // namespace

// Read in the isolated child and handed over, or read here: the same character, bit for bit
// (mesh, weld, skeleton, constraints, weights, every key of every clip, notes).
TEST(CharacterWire, TheIsolatedReadIsTheDirectRead) {
  for (const char* model : kModels) {
    const std::string path = test::modelPath(model);
    ImportOptions direct;
    direct.isolateReader = false;
    Expected<Character> here = importCharacter(path, direct);
    Expected<Character> isolated = importCharacter(path);
    ASSERT_TRUE(here) << here.error().message;
    ASSERT_TRUE(isolated) << isolated.error().message;
    expectSameCharacter(*here, *isolated, model);
  }
}

TEST(CharacterWire, PackedAndUnpackedIsTheSame) {
  Character bcn;
  ASSERT_TRUE(test::loadModel("X/BCN_Epileptic.X", bcn));
  Expected<Character> back = unpackCharacter(packCharacter(bcn));
  ASSERT_TRUE(back) << back.error().message;
  back->mesh = buildMesh(std::move(back->mesh.source), kDefaultWeldTolerance);
  expectSameCharacter(bcn, *back, "BCN");
}

// Every truncation of the message (a child killed mid-write) and extra bytes are errors, never
// a crash or a huge allocation.
TEST(CharacterWire, ATruncatedMessageIsAnError) {
  Character wuson;
  ASSERT_TRUE(test::loadModel("X/Testwuson.X", wuson));
  wuson.mesh.source.positions.resize(40);  // small enough to try every prefix
  wuson.mesh.source.normals.clear();
  wuson.mesh.source.uvs.clear();
  wuson.mesh.source.triangles.resize(10);
  wuson.mesh.source.triangleMaterial.resize(10);
  wuson.skin.perVertex.resize(40);
  for (AnimationClip& clip : wuson.clips)
    for (JointChannel& c : clip.channels) {
      c.rotation.resize(std::min<std::size_t>(c.rotation.size(), 2));
      c.translation.resize(std::min<std::size_t>(c.translation.size(), 2));
    }
  const std::string bytes = packCharacter(wuson);
  ASSERT_TRUE(unpackCharacter(bytes));
  for (std::size_t n = 0; n < bytes.size(); n += 1 + n / 200)
    EXPECT_FALSE(unpackCharacter(std::string_view(bytes).substr(0, n))) << n << " bytes";
  EXPECT_FALSE(unpackCharacter(bytes + "x"));
}

// Our FBX and glTF read back through Assimp (our own importer): the same bones, parents and
// rest positions, weights, clips and deformed poses as the character we exported.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <map>

#include "io/export/export_character.h"
#include "io/import_character.h"
#include "skin/linear_blend_skinning.h"
#include "support/real_models.h"
#include "support/run_process.h"

using namespace rw;
namespace fs = std::filesystem;

namespace {

void checkReimport(const std::string& model, const std::string& ext) {
  SCOPED_TRACE(model + " as " + ext);
  Character c;
  ASSERT_TRUE(test::loadModel(model, c));
  const fs::path dir = fs::temp_directory_path() / ("rw-reimport-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string out = (dir / (fs::path(model).stem().string() + ext)).string();
  ASSERT_FALSE(exportCharacter(c, out).has_value());
  Expected<Character> back = importCharacter(out);
  fs::remove_all(dir);
  ASSERT_TRUE(back) << back.error().message;
  const Character& r = *back;
  const double size = c.mesh.size();

  ASSERT_EQ(r.skeleton.size(), c.skeleton.size());
  const std::vector<Transform> restOurs = c.skeleton.restGlobals(),
                               restBack = r.skeleton.restGlobals();
  double restErr = 0;
  for (int j = 0; j < c.skeleton.size(); ++j) {
    const int k = r.skeleton.indexOf(c.skeleton.joints[j].name);
    ASSERT_GE(k, 0) << c.skeleton.joints[j].name;
    const int p = c.skeleton.joints[j].parent, q = r.skeleton.joints[k].parent;
    EXPECT_EQ(p < 0 ? "" : c.skeleton.joints[p].name, q < 0 ? "" : r.skeleton.joints[q].name);
    restErr =
        std::max(restErr, (restOurs[j].translation() - restBack[k].translation()).norm() / size);
  }
  EXPECT_LT(restErr, 1e-4);

  // Vertices: Assimp splits FBX polygon-vertex data and joins identical ones again; match each
  // read-back vertex to ours by position and compare weights there.
  ASSERT_EQ(r.mesh.source.triangles.size(), c.mesh.source.triangles.size());
  std::vector<int> ofBack(r.mesh.source.positions.size(), -1);
  for (std::size_t f = 0; f < c.mesh.source.triangles.size(); ++f)
    for (int k = 0; k < 3; ++k)
      ofBack[r.mesh.source.triangles[f][k]] = c.mesh.source.triangles[f][k];
  double posErr = 0, weightErr = 0;
  for (std::size_t v = 0; v < ofBack.size(); ++v) {
    ASSERT_GE(ofBack[v], 0);
    posErr = std::max(
        posErr, (r.mesh.source.positions[v] - c.mesh.source.positions[ofBack[v]]).norm() / size);
    std::map<std::string, double> ours, theirs;
    std::vector<Influence> in = c.skin.perVertex[ofBack[v]];
    if (ext != ".fbx" && in.size() > 4) in.resize(4);
    double sum = 0;
    for (const Influence& i : in) sum += i.weight;
    for (const Influence& i : in) ours[c.skeleton.joints[i.joint].name] += i.weight / sum;
    for (const Influence& i : r.skin.perVertex[v])
      theirs[r.skeleton.joints[i.joint].name] += i.weight;
    for (const auto& [n, w] : ours) weightErr = std::max(weightErr, std::abs(w - theirs[n]));
    for (const auto& [n, w] : theirs) weightErr = std::max(weightErr, std::abs(w - ours[n]));
  }
  EXPECT_LT(posErr, 1e-6);
  EXPECT_LT(weightErr, 1e-4);

  // Assimp 5.2.5's FBX importer drops a single-pose clip (zero duration, e.g. Wuson_Bind);
  // Blender keeps it (export_blender_test). Every clip that lasts must come back.
  std::size_t lasting = 0;
  for (const AnimationClip& clip : c.clips) lasting += clip.duration > 0;
  ASSERT_EQ(r.clips.size(), ext == ".fbx" ? lasting : c.clips.size());
  double deformErr = 0;
  for (const AnimationClip& clip : c.clips) {
    if (ext == ".fbx" && clip.duration <= 0) continue;
    const auto it = std::find_if(r.clips.begin(), r.clips.end(), [&](const AnimationClip& k) {
      return k.name.find(clip.name) != std::string::npos;
    });
    ASSERT_NE(it, r.clips.end()) << clip.name;
    std::vector<double> keys;
    for (const JointChannel& ch : clip.channels)
      for (const RotationKey& k : ch.rotation) keys.push_back(k.time);
    std::sort(keys.begin(), keys.end());
    ASSERT_FALSE(keys.empty());
    for (double t : {keys[keys.size() * 11 / 100], keys[keys.size() * 47 / 100],
                     keys[keys.size() * 83 / 100]}) {
      const auto ours =
          skinLinearBlend(c, c.skeleton.globalsFromLocals(clip.sampleLocals(c.skeleton, t)));
      const auto theirs =
          skinLinearBlend(r, r.skeleton.globalsFromLocals(it->sampleLocals(r.skeleton, t)));
      for (std::size_t v = 0; v < ofBack.size(); ++v)
        deformErr = std::max(deformErr, (theirs[v] - ours[ofBack[v]]).norm() / size);
    }
  }
  EXPECT_LT(deformErr, 1e-3);
  std::cout << model << ext << " through Assimp: rest " << restErr << ", positions " << posErr
            << ", weights " << weightErr << ", deformed " << deformErr << " (of size)\n";
}

}  // namespace

TEST(ExportReimport, BcnFbx) {
  checkReimport("X/BCN_Epileptic.X", ".fbx");
}
TEST(ExportReimport, WusonFbx) {
  checkReimport("X/Testwuson.X", ".fbx");
}
TEST(ExportReimport, BcnGlb) {
  checkReimport("X/BCN_Epileptic.X", ".glb");
}
TEST(ExportReimport, WusonGltf) {
  checkReimport("X/Testwuson.X", ".gltf");
}

TEST(ExportCli, WritesEveryFormatAndRejectsAnUnwritableFolder) {
  const fs::path dir = fs::temp_directory_path() / ("rw-export-cli-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string in = test::modelPath("X/BCN_Epileptic.X");
  for (const char* ext : {".fbx", ".glb", ".gltf", ".json"}) {
    const std::string out = (dir / (std::string("bcn") + ext)).string();
    const test::ProcessResult r = test::runCli({"export", in, "-o", out});
    EXPECT_EQ(r.exitCode, 0) << ext << r.err;
    EXPECT_GT(fs::file_size(out), 1000u) << ext;
  }
  const std::string bad = (dir / "no-such-folder" / "x.fbx").string();
  const test::ProcessResult r = test::runCli({"export", in, "-o", bad});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find(bad), std::string::npos) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  const test::ProcessResult unknown = test::runCli({"export", in, "-o", (dir / "x.obj").string()});
  EXPECT_EQ(unknown.exitCode, 2);
  fs::remove_all(dir);
}

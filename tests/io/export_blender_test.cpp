// Our exports opened in a real client. Blender 3.4 (headless) imports our binary FBX and our
// .glb of the two artist rigs; tests/io/blender/inspect_import.py reports what it sees and
// this test compares it with the character we exported: one armature with our bone names,
// parents and rest positions (1e-4 of size), a mesh with our vertex count and vertex groups
// carrying our weights (1e-4; glTF: the top 4 renormalized), one action per clip over the
// right frames, and the deformed mesh at three key times equal to our own LBS (1e-3 of size).
// Blender missing is a failure, never a skip (scripts/setup.sh installs it).
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "io/export/export_character.h"
#include "skin/linear_blend_skinning.h"
#include "support/real_models.h"
#include "support/run_process.h"

using namespace rw;
namespace fs = std::filesystem;

namespace {

std::string findBlender() {
  const char* path = std::getenv("PATH");
  std::stringstream dirs(path ? path : "");
  for (std::string dir; std::getline(dirs, dir, ':');) {
    const fs::path candidate = fs::path(dir) / "blender";
    if (!dir.empty() && ::access(candidate.c_str(), X_OK) == 0) return candidate.string();
  }
  return {};
}

/// Character space (Y up) to Blender's world (Z up); both importers map one unit to 1 m.
Eigen::Vector3d toBlender(const Eigen::Vector3d& p) {
  return {p.x(), -p.z(), p.y()};
}
Eigen::Vector3d vec(const nlohmann::json& j) {
  return {j[0].get<double>(), j[1].get<double>(), j[2].get<double>()};
}

/// Three key times of a clip (where every importer's baking is exact).
std::vector<double> checkTimes(const AnimationClip& clip) {
  std::vector<double> keys;
  for (const JointChannel& ch : clip.channels)
    for (const RotationKey& k : ch.rotation) keys.push_back(k.time);
  std::sort(keys.begin(), keys.end());
  keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
  if (keys.empty()) return {0.0};
  return {keys[keys.size() * 11 / 100], keys[keys.size() * 47 / 100], keys[keys.size() * 83 / 100]};
}

std::pair<double, double> keyRange(const AnimationClip& clip) {
  double lo = INFINITY, hi = -INFINITY;
  for (const JointChannel& ch : clip.channels) {
    for (const VectorKey& k : ch.translation) lo = std::min(lo, k.time), hi = std::max(hi, k.time);
    for (const RotationKey& k : ch.rotation) lo = std::min(lo, k.time), hi = std::max(hi, k.time);
    for (const VectorKey& k : ch.scale) lo = std::min(lo, k.time), hi = std::max(hi, k.time);
  }
  return {lo, hi};
}

struct Measured {
  double rest = 0, weight = 0, deformed = 0;
};

/// Exports `model` to `ext`, opens it in Blender and checks the report.
void checkInBlender(const std::string& model, const std::string& ext) {
  SCOPED_TRACE(model + " as " + ext);
  const std::string blender = findBlender();
  ASSERT_FALSE(blender.empty())
      << "blender not found on PATH: run scripts/setup.sh (it installs it)";
  Character c;
  ASSERT_TRUE(test::loadModel(model, c));
  const fs::path dir = fs::temp_directory_path() / ("rw-blender-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string out = (dir / (fs::path(model).stem().string() + ext)).string();
  ASSERT_FALSE(exportCharacter(c, out).has_value());

  // FBX keys land at frame 1 + t·fps (Blender's default animation offset), glTF keys at t·fps.
  const bool fbx = ext == ".fbx";
  nlohmann::json request = {{"offset", fbx ? 1.0 : 0.0}, {"poses", nlohmann::json::array()}};
  for (const AnimationClip& clip : c.clips)
    request["poses"].push_back({{"clip", clip.name}, {"seconds", checkTimes(clip)}});
  const std::string requestPath = out + ".request.json", reportPath = out + ".report.json";
  std::ofstream(requestPath) << request.dump();
  const std::string script =
      (fs::path(__FILE__).parent_path() / "blender" / "inspect_import.py").string();
  const auto start = std::chrono::steady_clock::now();
  const test::ProcessResult run =
      test::runProcess({blender, "-b", "--factory-startup", "--python-exit-code", "1", "--python",
                        script, "--", out, reportPath, requestPath},
                       120);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  ASSERT_EQ(run.exitCode, 0) << run.out << run.err;
  nlohmann::json report;
  std::ifstream(reportPath) >> report;
  fs::remove_all(dir);

  const double size = c.mesh.size();
  Measured err;
  // One armature with our bones, parents and rest positions.
  ASSERT_EQ(report["armatures"].get<int>(), 1);
  ASSERT_EQ(report["bones"].size(), std::size_t(c.skeleton.size()));
  std::map<std::string, const nlohmann::json*> bones;
  for (const auto& b : report["bones"]) bones[b["name"].get<std::string>()] = &b;
  const std::vector<Transform> rest = c.skeleton.restGlobals();
  for (int j = 0; j < c.skeleton.size(); ++j) {
    const Joint& joint = c.skeleton.joints[j];
    ASSERT_TRUE(bones.count(joint.name)) << joint.name;
    const nlohmann::json& b = *bones[joint.name];
    if (joint.parent < 0)
      EXPECT_TRUE(b["parent"].is_null()) << joint.name;
    else
      EXPECT_EQ(b["parent"], c.skeleton.joints[joint.parent].name) << joint.name;
    err.rest =
        std::max(err.rest, (vec(b["head"]) - toBlender(rest[j].translation())).norm() / size);
  }
  EXPECT_LT(err.rest, 1e-4);

  // The skinned mesh: our vertex count, our weights.
  const nlohmann::json* mesh = nullptr;
  for (const auto& m : report["meshes"])
    if (m["vertices"].get<std::size_t>() == c.mesh.source.positions.size()) mesh = &m;
  ASSERT_EQ(report["meshes"].size(), 1u);
  ASSERT_NE(mesh, nullptr) << "no mesh with " << c.mesh.source.positions.size() << " vertices";
  for (int v = 0; v < c.skin.vertexCount(); ++v) {
    std::map<std::string, double> ours, theirs;
    std::vector<Influence> in = c.skin.perVertex[v];
    if (!fbx && in.size() > 4) {
      in.resize(4);
      double sum = 0;
      for (const Influence& i : in) sum += i.weight;
      for (Influence& i : in) i.weight /= sum;
    }
    for (const Influence& i : in) ours[c.skeleton.joints[i.joint].name] += i.weight;
    for (const auto& g : (*mesh)["groups"][v])
      theirs[g[0].get<std::string>()] += g[1].get<double>();
    for (const auto& [name, w] : ours)
      err.weight = std::max(err.weight, std::abs(w - theirs[name]));
    for (const auto& [name, w] : theirs)
      err.weight = std::max(err.weight, std::abs(w - ours[name]));
  }
  EXPECT_LT(err.weight, 1e-4);

  // One action per clip over the clip's keys.
  ASSERT_EQ(report["actions"].size(), c.clips.size());
  const double fps = report["fps"].get<double>();
  for (const AnimationClip& clip : c.clips) {
    const auto [lo, hi] = keyRange(clip);
    bool found = false;
    for (const auto& a : report["actions"]) {
      const std::string name = a["name"];
      if (name.find(clip.name) == std::string::npos) continue;
      found = true;
      EXPECT_NEAR(a["range"][0].get<double>(), request["offset"].get<double>() + lo * fps, 1e-3)
          << name;
      // Blender's frame_range spans at least one frame (a single-pose clip reads [f, f + 1]).
      EXPECT_NEAR(a["range"][1].get<double>(),
                  request["offset"].get<double>() + std::max(hi * fps, lo * fps + 1), 1e-3)
          << name;
    }
    EXPECT_TRUE(found) << "no action for clip " << clip.name;
  }

  // The evaluated (deformed) mesh equals our LBS at three key times of every clip.
  int poses = 0;
  for (const auto& pose : report["poses"]) {
    ASSERT_FALSE(pose.contains("missing")) << pose["clip"];
    const AnimationClip& clip =
        *std::find_if(c.clips.begin(), c.clips.end(),
                      [&](const AnimationClip& k) { return k.name == pose["clip"]; });
    const double t = pose["seconds"];
    const auto ours =
        skinLinearBlend(c, c.skeleton.globalsFromLocals(clip.sampleLocals(c.skeleton, t)));
    ASSERT_EQ(pose["vertices"].size(), ours.size());
    for (std::size_t v = 0; v < ours.size(); ++v)
      err.deformed =
          std::max(err.deformed, (vec(pose["vertices"][v]) - toBlender(ours[v])).norm() / size);
    ++poses;
  }
  EXPECT_EQ(poses, 3 * int(c.clips.size()));
  EXPECT_LT(err.deformed, 1e-3);
  std::cout << model << ext << " in Blender (" << seconds << " s): max rest error " << err.rest
            << " of size, weights " << err.weight << ", deformed " << err.deformed
            << " of size over " << poses << " poses\n";
}

}  // namespace

TEST(ExportBlender, BcnFbx) {
  checkInBlender("X/BCN_Epileptic.X", ".fbx");
}
TEST(ExportBlender, WusonFbx) {
  checkInBlender("X/Testwuson.X", ".fbx");
}
TEST(ExportBlender, BcnGlb) {
  checkInBlender("X/BCN_Epileptic.X", ".glb");
}
TEST(ExportBlender, WusonGlb) {
  checkInBlender("X/Testwuson.X", ".glb");
}

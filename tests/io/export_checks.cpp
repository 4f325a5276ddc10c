#include "io/export_checks.h"

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
#include "io/import_character.h"
#include "skin/linear_blend_skinning.h"
#include "support/run_process.h"
#include "support/scratch_dir.h"

namespace rw::test {
namespace {

namespace fs = std::filesystem;

bool isFbx(const std::string& file) {
  const std::optional<ExportFormat> f = exportFormatFor(file);
  return f && *f == ExportFormat::Fbx;
}

/// The weights a file of this format carries for `in`: all of them (FBX), or the top 4
/// renormalized (glTF).
std::map<std::string, double> expectedWeights(const Character& c, std::vector<Influence> in,
                                              bool fbx) {
  if (!fbx && in.size() > 4) in.resize(4);
  double sum = 0;
  for (const Influence& i : in) sum += i.weight;
  std::map<std::string, double> out;
  for (const Influence& i : in) out[c.skeleton.joints[i.joint].name] += i.weight / sum;
  return out;
}

double weightDifference(const std::map<std::string, double>& a,
                        const std::map<std::string, double>& b) {
  double err = 0;
  for (const auto& [name, w] : a)
    err = std::max(err, std::abs(w - (b.count(name) ? b.at(name) : 0.0)));
  for (const auto& [name, w] : b)
    err = std::max(err, std::abs(w - (a.count(name) ? a.at(name) : 0.0)));
  return err;
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

/// Blender names an imported action "Armature|clip" (FBX) or "clip_Armature" (glTF); the same
/// rule as inspect_import.py.
bool actionOfClip(const std::string& action, const std::string& clip) {
  if (action == clip || action.rfind(clip + "_", 0) == 0) return true;
  std::stringstream parts(action);
  for (std::string part; std::getline(parts, part, '|');)
    if (part == clip) return true;
  return false;
}

/// An executable on PATH, or empty.
std::string findOnPath(const char* name) {
  const char* path = std::getenv("PATH");
  std::stringstream dirs(path ? path : "");
  for (std::string dir; std::getline(dirs, dir, ':');) {
    const fs::path candidate = fs::path(dir) / name;
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

}  // namespace

nlohmann::json validateGltf(const std::string& file) {
  const fs::path tools(RIGWRIGHT_NPM_TOOLS_DIR);
  const fs::path script = tools / "validate_gltf.js";
  EXPECT_TRUE(fs::exists(tools / "node_modules" / "gltf-validator"))
      << "gltf-validator not installed under " << tools << ": run scripts/setup.sh";
  const std::string node = findOnPath("node");
  EXPECT_FALSE(node.empty()) << "node not found on PATH: run scripts/setup.sh";
  if (node.empty()) return nullptr;
  const ProcessResult r = runProcess({node, script.string(), file}, 300);
  EXPECT_EQ(r.exitCode, 0) << "the validator did not run on " << file << ": " << r.err;
  if (r.exitCode != 0) return nullptr;
  return nlohmann::json::parse(r.out, nullptr, false);
}

std::string scratchFolder(const std::string& tag) {
  const fs::path dir = rw::test::processScratchDir(tag);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir.string();
}

ExportErrors checkAssimpReimport(const Character& c, const std::string& file) {
  SCOPED_TRACE(file + " through Assimp");
  ExportErrors err;
  const bool fbx = isFbx(file);
  if (!fbx) {  // every glTF we write passes the Khronos validator without a warning
    const nlohmann::json report = validateGltf(file);
    EXPECT_TRUE(report.is_object()) << "no validator report";
    if (report.is_object()) {
      EXPECT_EQ(report["errors"], 0) << report["messages"];
      EXPECT_EQ(report["warnings"], 0) << report["messages"];
    }
  }
  Expected<Character> back = importCharacter(file);
  EXPECT_TRUE(back) << back.error().message;
  if (!back) return err;
  const Character& r = *back;
  const double size = c.mesh.size();

  EXPECT_EQ(r.skeleton.size(), c.skeleton.size());
  const std::vector<Transform> restOurs = c.skeleton.restGlobals(),
                               restBack = r.skeleton.restGlobals();
  for (int j = 0; j < c.skeleton.size(); ++j) {
    const int k = r.skeleton.indexOf(c.skeleton.joints[j].name);
    EXPECT_GE(k, 0) << c.skeleton.joints[j].name;
    if (k < 0) return err;
    const int p = c.skeleton.joints[j].parent, q = r.skeleton.joints[k].parent;
    EXPECT_EQ(p < 0 ? "" : c.skeleton.joints[p].name, q < 0 ? "" : r.skeleton.joints[q].name);
    err.rest =
        std::max(err.rest, (restOurs[j].translation() - restBack[k].translation()).norm() / size);
  }
  EXPECT_LT(err.rest, 1e-4);

  // Vertices: Assimp splits FBX polygon-vertex data and joins identical ones again; match each
  // read-back vertex to ours through the triangles and compare weights there.
  EXPECT_EQ(r.mesh.source.triangles.size(), c.mesh.source.triangles.size());
  if (r.mesh.source.triangles.size() != c.mesh.source.triangles.size()) return err;
  std::vector<int> ofBack(r.mesh.source.positions.size(), -1);
  for (std::size_t f = 0; f < c.mesh.source.triangles.size(); ++f)
    for (int k = 0; k < 3; ++k)
      ofBack[r.mesh.source.triangles[f][k]] = c.mesh.source.triangles[f][k];
  for (std::size_t v = 0; v < ofBack.size(); ++v) {
    EXPECT_GE(ofBack[v], 0);
    if (ofBack[v] < 0) return err;
    err.positions =
        std::max(err.positions,
                 (r.mesh.source.positions[v] - c.mesh.source.positions[ofBack[v]]).norm() / size);
    std::map<std::string, double> theirs;
    for (const Influence& i : r.skin.perVertex[v])
      theirs[r.skeleton.joints[i.joint].name] += i.weight;
    err.weights =
        std::max(err.weights,
                 weightDifference(expectedWeights(c, c.skin.perVertex[ofBack[v]], fbx), theirs));
  }
  EXPECT_LT(err.positions, 1e-6);
  EXPECT_LT(err.weights, 1e-4);

  // Every clip comes back (a single pose included, see fbx_scene_writer.h), as long as before
  // and at its frame rate (FBX: the file's one rate, the highest of the clips').
  EXPECT_EQ(r.clips.size(), c.clips.size());
  double fileFps = 0;
  for (const AnimationClip& clip : c.clips) fileFps = std::max(fileFps, clip.framesPerSecond);
  for (const AnimationClip& clip : c.clips) {
    const auto it = std::find_if(r.clips.begin(), r.clips.end(), [&](const AnimationClip& k) {
      return k.name.find(clip.name) != std::string::npos;
    });
    EXPECT_NE(it, r.clips.end()) << "no clip " << clip.name;
    if (it == r.clips.end()) continue;
    // glTF stores times as float32; FBX counts frames at the file's rate.
    EXPECT_NEAR(it->duration, clip.duration, 1e-6 * (1 + clip.duration)) << clip.name;
    if (fbx) {
      EXPECT_NEAR(it->framesPerSecond, fileFps, 1e-6) << clip.name;
      EXPECT_EQ(it->frameCount(), std::lround(clip.duration * fileFps) + 1) << clip.name;
    } else {
      EXPECT_EQ(it->frameCount(), clip.frameCount()) << clip.name;
    }
    std::vector<double> keys;
    for (const JointChannel& ch : clip.channels)
      for (const RotationKey& k : ch.rotation) keys.push_back(k.time);
    std::sort(keys.begin(), keys.end());
    EXPECT_FALSE(keys.empty()) << clip.name;
    if (keys.empty()) continue;
    for (double t : {keys[keys.size() * 11 / 100], keys[keys.size() * 47 / 100],
                     keys[keys.size() * 83 / 100]}) {
      const auto ours =
          skinLinearBlend(c, c.skeleton.globalsFromLocals(clip.sampleLocals(c.skeleton, t)));
      const auto theirs =
          skinLinearBlend(r, r.skeleton.globalsFromLocals(it->sampleLocals(r.skeleton, t)));
      for (std::size_t v = 0; v < ofBack.size(); ++v)
        err.deformed = std::max(err.deformed, (theirs[v] - ours[ofBack[v]]).norm() / size);
    }
  }
  EXPECT_LT(err.deformed, 1e-3);
  std::cout << file << " through Assimp: rest " << err.rest << ", positions " << err.positions
            << ", weights " << err.weights << ", deformed " << err.deformed << " (of size)\n";
  return err;
}

ExportErrors checkBlenderImport(const Character& c, const std::string& file) {
  SCOPED_TRACE(file + " in Blender");
  ExportErrors err;
  const std::string blender = findOnPath("blender");
  EXPECT_FALSE(blender.empty())
      << "blender not found on PATH: run scripts/setup.sh (it installs it)";
  if (blender.empty()) return err;

  // FBX keys land at frame 1 + t·fps (Blender's default animation offset), glTF keys at t·fps.
  const bool fbx = isFbx(file);
  nlohmann::json request = {{"offset", fbx ? 1.0 : 0.0}, {"poses", nlohmann::json::array()}};
  for (const AnimationClip& clip : c.clips)
    request["poses"].push_back({{"clip", clip.name}, {"seconds", checkTimes(clip)}});
  const std::string requestPath = file + ".request.json", reportPath = file + ".report.json";
  std::ofstream(requestPath) << request.dump();
  const std::string script =
      (fs::path(__FILE__).parent_path() / "blender" / "inspect_import.py").string();
  const auto start = std::chrono::steady_clock::now();
  const ProcessResult run =
      runProcess({blender, "-b", "--factory-startup", "--python-exit-code", "1", "--python", script,
                  "--", file, reportPath, requestPath},
                 300);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(run.exitCode, 0) << run.out << run.err;
  if (run.exitCode != 0) return err;
  nlohmann::json report;
  std::ifstream(reportPath) >> report;
  fs::remove(requestPath);
  fs::remove(reportPath);

  const double size = c.mesh.size();
  // One armature with our bones, parents and rest positions.
  EXPECT_EQ(report["armatures"].get<int>(), 1);
  EXPECT_EQ(report["bones"].size(), std::size_t(c.skeleton.size()));
  std::map<std::string, const nlohmann::json*> bones;
  for (const auto& b : report["bones"]) bones[b["name"].get<std::string>()] = &b;
  const std::vector<Transform> rest = c.skeleton.restGlobals();
  for (int j = 0; j < c.skeleton.size(); ++j) {
    const Joint& joint = c.skeleton.joints[j];
    EXPECT_TRUE(bones.count(joint.name)) << joint.name;
    if (!bones.count(joint.name)) continue;
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
  EXPECT_EQ(report["meshes"].size(), 1u);
  const nlohmann::json* mesh = nullptr;
  for (const auto& m : report["meshes"])
    if (m["vertices"].get<std::size_t>() == c.mesh.source.positions.size()) mesh = &m;
  EXPECT_NE(mesh, nullptr) << "no mesh with " << c.mesh.source.positions.size() << " vertices";
  if (!mesh) return err;
  for (int v = 0; v < c.skin.vertexCount(); ++v) {
    std::map<std::string, double> theirs;
    for (const auto& g : (*mesh)["groups"][v])
      theirs[g[0].get<std::string>()] += g[1].get<double>();
    err.weights = std::max(err.weights,
                           weightDifference(expectedWeights(c, c.skin.perVertex[v], fbx), theirs));
  }
  EXPECT_LT(err.weights, 1e-4);

  // One action per clip over the clip's keys.
  EXPECT_EQ(report["actions"].size(), c.clips.size());
  const double fps = report["fps"].get<double>();
  const double offset = request["offset"].get<double>();
  for (const AnimationClip& clip : c.clips) {
    const auto [lo, hi] = keyRange(clip);
    int found = 0;
    for (const auto& a : report["actions"]) {
      const std::string name = a["name"];
      if (!actionOfClip(name, clip.name)) continue;
      ++found;
      EXPECT_NEAR(a["range"][0].get<double>(), offset + lo * fps, 1e-3) << name;
      // Blender's frame_range spans at least one frame (a single-pose clip reads [f, f + 1]).
      EXPECT_NEAR(a["range"][1].get<double>(), offset + std::max(hi * fps, lo * fps + 1), 1e-3)
          << name;
    }
    EXPECT_EQ(found, 1) << "actions for clip " << clip.name;
  }

  // The evaluated (deformed) mesh equals our LBS at three key times of every clip.
  int poses = 0;
  for (const auto& pose : report["poses"]) {
    EXPECT_FALSE(pose.contains("missing")) << pose["clip"];
    if (pose.contains("missing")) continue;
    const auto clip = std::find_if(c.clips.begin(), c.clips.end(),
                                   [&](const AnimationClip& k) { return k.name == pose["clip"]; });
    const double t = pose["seconds"];
    const auto ours =
        skinLinearBlend(c, c.skeleton.globalsFromLocals(clip->sampleLocals(c.skeleton, t)));
    EXPECT_EQ(pose["vertices"].size(), ours.size());
    if (pose["vertices"].size() != ours.size()) continue;
    for (std::size_t v = 0; v < ours.size(); ++v)
      err.deformed =
          std::max(err.deformed, (vec(pose["vertices"][v]) - toBlender(ours[v])).norm() / size);
    // Every bone, control bones too (an IK target must play where we keyed it).
    const auto globals = c.skeleton.globalsFromLocals(clip->sampleLocals(c.skeleton, t));
    for (int j = 0; j < c.skeleton.size(); ++j) {
      const std::string& name = c.skeleton.joints[j].name;
      EXPECT_TRUE(pose["joints"].contains(name)) << name;
      if (!pose["joints"].contains(name)) continue;
      err.posedJoints =
          std::max(err.posedJoints,
                   (vec(pose["joints"][name]) - toBlender(globals[j].translation())).norm() / size);
    }
    ++poses;
  }
  EXPECT_EQ(poses, 3 * int(c.clips.size()));
  EXPECT_LT(err.deformed, 1e-3);
  EXPECT_LT(err.posedJoints, 1e-3);
  std::cout << file << " in Blender (" << seconds << " s): max rest error " << err.rest
            << " of size, weights " << err.weights << ", deformed " << err.deformed
            << " of size, posed joints " << err.posedJoints << " over " << poses << " poses\n";
  return err;
}

}  // namespace rw::test

#include "io/fbx_sdk_checks.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <iostream>
#include <map>
#include <regex>
#include <sstream>

#include "io/export/export_settings.h"
#include "io/import_character.h"
#include "skin/linear_blend_skinning.h"
#include "support/run_process.h"

namespace rw::test {
namespace {

namespace fs = std::filesystem;

/// FBX2glTF samples every animation at this rate (its --anim-framerate bake60).
constexpr double kBakeFps = 60.0;

/// "   3014 vertices" lines of FBX2glTF's summary.
void readSummary(const std::string& out, FbxSdkReading& reading) {
  static const std::regex line(R"(^\s*(\d+) (vertices|nodes|animations)\s*$)");
  std::stringstream lines(out);
  for (std::string s; std::getline(lines, s);) {
    std::smatch m;
    if (!std::regex_match(s, m, line)) continue;
    const int n = std::stoi(m[1]);
    if (m[2] == "vertices") reading.vertices = n;
    if (m[2] == "nodes") reading.nodes = n;
    if (m[2] == "animations") reading.animations = n;
  }
}

/// Up to five times spread over a clip where our keys and the SDK's baked frames coincide, so
/// that neither side interpolates (FBX interpolates Euler angles, we slerp).
std::vector<double> sharedKeyTimes(const AnimationClip& clip) {
  std::vector<double> keys;
  for (const JointChannel& ch : clip.channels)
    for (const RotationKey& k : ch.rotation) {
      const double frames = k.time * kBakeFps;
      if (std::abs(frames - std::round(frames)) < 1e-6 && k.time <= clip.duration + 1e-9)
        keys.push_back(k.time);
    }
  std::sort(keys.begin(), keys.end());
  keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
  if (keys.size() <= 1) return {0.0};
  std::vector<double> out;
  for (int percent : {5, 27, 50, 73, 95}) out.push_back(keys[(keys.size() - 1) * percent / 100]);
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

/// For each of our vertices, the read-back vertices at its rest position (within 1e-6 of
/// size): the SDK and FBX2glTF keep the file's vertices but in their own order.
std::vector<std::vector<int>> coincidentVertices(const std::vector<Eigen::Vector3d>& ours,
                                                 const std::vector<Eigen::Vector3d>& theirs,
                                                 double size) {
  const double cell = 1e-4 * size, tolerance = 1e-6 * size;
  auto key = [cell](const Eigen::Vector3d& p) {
    return std::array<long, 3>{std::lround(std::floor(p.x() / cell)),
                               std::lround(std::floor(p.y() / cell)),
                               std::lround(std::floor(p.z() / cell))};
  };
  std::map<std::array<long, 3>, std::vector<int>> grid;
  for (int k = 0; k < int(theirs.size()); ++k) grid[key(theirs[k])].push_back(k);
  std::vector<std::vector<int>> out(ours.size());
  for (std::size_t v = 0; v < ours.size(); ++v) {
    const std::array<long, 3> c = key(ours[v]);
    for (long dx = -1; dx <= 1; ++dx)
      for (long dy = -1; dy <= 1; ++dy)
        for (long dz = -1; dz <= 1; ++dz) {
          const auto it = grid.find({c[0] + dx, c[1] + dy, c[2] + dz});
          if (it == grid.end()) continue;
          for (int k : it->second)
            if ((theirs[k] - ours[v]).norm() <= tolerance) out[v].push_back(k);
        }
  }
  return out;
}

void compareBones(const Character& c, const Character& r, FbxSdkReading& reading) {
  const double size = c.mesh.empty() ? 1.0 : c.mesh.size();
  const std::vector<Transform> restOurs = c.skeleton.restGlobals(),
                               restBack = r.skeleton.restGlobals();
  for (int j = 0; j < c.skeleton.size(); ++j) {
    const Joint& joint = c.skeleton.joints[j];
    const int k = r.skeleton.indexOf(joint.name);
    EXPECT_GE(k, 0) << "the SDK has no bone " << joint.name;
    if (k < 0) continue;
    const int p = joint.parent, q = r.skeleton.joints[k].parent;
    EXPECT_EQ(p < 0 ? "" : c.skeleton.joints[p].name, q < 0 ? "" : r.skeleton.joints[q].name)
        << "parent of " << joint.name;
    reading.rest = std::max(reading.rest,
                            (restOurs[j].translation() - restBack[k].translation()).norm() / size);
  }
  EXPECT_LT(reading.rest, 1e-4);
}

void comparePoses(const Character& c, const Character& r, FbxSdkReading& reading) {
  const double size = c.mesh.size();
  const std::vector<std::vector<int>> match =
      coincidentVertices(c.mesh.source.positions, r.mesh.source.positions, size);
  int unmatched = 0;
  for (const std::vector<int>& m : match) unmatched += m.empty() ? 1 : 0;
  EXPECT_EQ(unmatched, 0) << "of our vertices have none at their rest position in the SDK's mesh";
  for (const AnimationClip& clip : c.clips) {
    const auto it = std::find_if(r.clips.begin(), r.clips.end(),
                                 [&](const AnimationClip& k) { return k.name == clip.name; });
    EXPECT_NE(it, r.clips.end()) << "the SDK has no animation " << clip.name;
    if (it == r.clips.end()) continue;
    for (double t : sharedKeyTimes(clip)) {
      const auto ours =
          skinLinearBlend(c, c.skeleton.globalsFromLocals(clip.sampleLocals(c.skeleton, t)));
      const auto theirs =
          skinLinearBlend(r, r.skeleton.globalsFromLocals(it->sampleLocals(r.skeleton, t)));
      double worst = 0;
      for (std::size_t v = 0; v < ours.size(); ++v) {
        if (match[v].empty()) continue;
        double nearest = INFINITY;
        for (int k : match[v]) nearest = std::min(nearest, (theirs[k] - ours[v]).norm() / size);
        worst = std::max(worst, nearest);
      }
      EXPECT_LT(worst, 1e-3) << clip.name << " at " << t << " s";
      reading.deformed = std::max(reading.deformed, worst);
      ++reading.poses;
    }
  }
}

}  // namespace

std::string fbx2gltfPath() {
  return std::string(RIGWRIGHT_NPM_TOOLS_DIR) + "/node_modules/fbx2gltf/bin/Linux/FBX2glTF";
}

FbxSdkReading checkFbxSdkImport(const Character& inFileUnits, const std::string& fbx) {
  SCOPED_TRACE(fbx + " through the FBX SDK (FBX2glTF)");
  // FBX2glTF converts the scene to metres (glTF's unit).
  const Character c = rescaled(inFileUnits, inFileUnits.metresPerUnit);
  FbxSdkReading reading;
  const std::string tool = fbx2gltfPath();
  EXPECT_EQ(::access(tool.c_str(), X_OK), 0)
      << tool << " is missing: run scripts/setup.sh (it installs the npm client checks)";
  if (::access(tool.c_str(), X_OK) != 0) return reading;
  const std::string prefix =
      (fs::path(fbx).parent_path() / (fs::path(fbx).stem().string() + "_sdk")).string();
  const ProcessResult run = runProcess(
      {tool, "-i", fbx, "-o", prefix, "--binary", "--anim-framerate", "bake60", "-v"}, 300);
  EXPECT_EQ(run.exitCode, 0) << run.out << run.err;
  readSummary(run.out, reading);
  reading.glb = prefix + ".glb";

  const int vertices = static_cast<int>(c.mesh.source.positions.size());
  EXPECT_EQ(reading.vertices, vertices) << "vertices the SDK read";
  EXPECT_EQ(reading.animations, static_cast<int>(c.clips.size())) << "animations the SDK read";
  Expected<Character> back = importCharacter(reading.glb);
  EXPECT_TRUE(back) << back.error().message;
  if (!back) return reading;
  EXPECT_EQ(static_cast<int>(back->mesh.source.positions.size()), vertices);
  EXPECT_EQ(back->clips.size(), c.clips.size());
  compareBones(c, *back, reading);
  if (vertices > 0 && !c.skin.empty()) comparePoses(c, *back, reading);
  std::cout << fbx << " through the FBX SDK: " << reading.vertices << " vertices, " << reading.nodes
            << " nodes, " << reading.animations << " animations; rest error " << reading.rest
            << ", deformed " << reading.deformed << " of size over " << reading.poses << " poses\n";
  return reading;
}

}  // namespace rw::test

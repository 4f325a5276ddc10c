// Writing a skinned, animated character (issue 18): .glb by our glTF writer and binary FBX by
// our FBX writer, each character midpoint subdivided 0, 2 and 3 times (1 -> 4 triangles per
// level), its weights carried over to the new vertices (the mean of the edge's ends), with
// area-weighted normals, and CMU 01_01 (2752 frames at 120 fps) retargeted onto it:
//   human  HUMAN.blend rigged by autorig (22 joints, head auto) and bone-heat skinned:
//          8.5K, 137K and 548K triangles, the sizes of the issue;
//   bcn    BCN_Epileptic's artist rig (54 joints) with its own clip too: 5.1K, 82K, 328K.
// Target: the 137K .glb written in <= 0.3 s (Assimp's glTF exporter took ~2.3 s).
//   Encode*: the file's bytes in memory;  Write*: exportCharacter, atomic write + fsync included.
// Run: ./build/bench/bench_export --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>

#include "autorig/autorig.h"
#include "field/head_vertex.h"
#include "io/export/export_character.h"
#include "io/export/gltf_export.h"
#include "io/fbx/fbx_scene_writer.h"
#include "io/import_character.h"
#include "midpoint_subdivision.h"
#include "motion/joint_correspondence.h"
#include "motion/retarget_character.h"
#include "skin/bone_heat.h"

using namespace rw;

namespace {

Character load(const std::string& relative) {
  Expected<Character> c = importCharacter(std::string(RIGWRIGHT_MODELS_DIR) + "/" + relative);
  if (!c) {
    std::cerr << c.error().message << "\n";
    std::exit(1);
  }
  return std::move(c).value();
}

/// The influences of a new vertex between `a` and `b`: the mean of theirs.
std::vector<Influence> blend(const std::vector<Influence>& a, const std::vector<Influence>& b) {
  std::vector<Influence> out;
  for (const auto* side : {&a, &b})
    for (const Influence& i : *side) out.push_back({i.joint, 0.5 * i.weight});
  return out;
}

/// One midpoint subdivision of the character's mesh with its weights: subdivideMidpoint
/// makes triangles (a, ab, ca), (ab, b, bc), (ca, bc, c), (ab, bc, ca) per triangle, so each
/// new vertex's edge is read back from them.
void subdivide(Character& c) {
  const Mesh& m = c.mesh;
  std::vector<std::vector<Influence>> welded(m.positions.size());
  for (std::size_t v = 0; v < m.weldedOfSource.size(); ++v)
    if (welded[m.weldedOfSource[v]].empty()) welded[m.weldedOfSource[v]] = c.skin.perVertex[v];
  SourceMesh fine = bench::subdivideMidpoint(m.positions, m.triangles);
  welded.resize(fine.positions.size());
  for (std::size_t t = 0; t < m.triangles.size(); ++t) {
    const Eigen::Vector3i& corner = m.triangles[t];
    const int ab = fine.triangles[4 * t][1], ca = fine.triangles[4 * t][2],
              bc = fine.triangles[4 * t + 1][2];
    welded[ab] = blend(welded[corner[0]], welded[corner[1]]);
    welded[bc] = blend(welded[corner[1]], welded[corner[2]]);
    welded[ca] = blend(welded[corner[2]], welded[corner[0]]);
  }
  fine.normals.assign(fine.positions.size(), Eigen::Vector3d::Zero());
  for (const Eigen::Vector3i& t : fine.triangles) {
    const Eigen::Vector3d n = (fine.positions[t[1]] - fine.positions[t[0]])
                                  .cross(fine.positions[t[2]] - fine.positions[t[0]]);
    for (int k = 0; k < 3; ++k) fine.normals[t[k]] += n;
  }
  for (Eigen::Vector3d& n : fine.normals) n.normalize();
  c.mesh = buildMesh(std::move(fine));
  c.skin.perVertex = std::move(welded);
  c.skin.normalize();  // merges the joints both ends share, strongest first
}

template <typename T>
T orExit(Expected<T> value, const std::string& what) {
  if (!value) {
    std::cerr << what << ": " << value.error().message << "\n";
    std::exit(1);
  }
  return std::move(value).value();
}

enum Model { kHuman, kBcn };

/// HUMAN.blend as `autorig --head auto --skin` makes it.
Character autorigHuman() {
  Character c = load("BLEND/HUMAN.blend");
  const int head = orExit(resolveHeadVertex(c.mesh, "auto"), "HUMAN.blend head");
  c.skeleton = orExit(autorig(c.mesh, head), "autorig HUMAN.blend").skeleton;
  c.skin = orExit(boneHeatWeights(c.mesh, c.skeleton), "bone heat on HUMAN.blend").weights;
  c.clips.clear();
  return c;
}

/// The model with the walk, subdivided `levels` times. Built once per model and level.
const Character& character(Model model, int levels) {
  static std::map<std::pair<Model, int>, std::unique_ptr<Character>> cache;
  if (auto it = cache.find({model, levels}); it != cache.end()) return *it->second;
  auto c =
      std::make_unique<Character>(model == kHuman ? autorigHuman() : load("X/BCN_Epileptic.X"));
  const Character walk = load("BVH/01_01.bvh");
  const JointCorrespondence map = orExit(matchJoints(walk.skeleton, c->skeleton), "01_01 map");
  c->clips.push_back(
      orExit(retargetOntoCharacter(walk, walk.clips.at(0), *c, map), "retarget 01_01")
          .clip);
  for (int i = 0; i < levels; ++i) subdivide(*c);
  return *cache.emplace(std::make_pair(model, levels), std::move(c)).first->second;
}

void report(benchmark::State& state, const Character& c, std::size_t bytes) {
  state.counters["triangles"] = double(c.mesh.source.triangles.size());
  state.counters["vertices"] = double(c.mesh.source.positions.size());
  state.counters["MB"] = double(bytes) / 1e6;
}

void BM_EncodeGlb(benchmark::State& state, Model model) {
  const Character& c = character(model, int(state.range(0)));
  std::size_t bytes = 0;
  for (auto _ : state) {
    Expected<std::string> glb = encodeGlb(c);
    if (!glb) return state.SkipWithError(glb.error().message.c_str());
    bytes = glb->size();
    benchmark::DoNotOptimize(glb->data());
  }
  report(state, c, bytes);
}

void BM_EncodeFbx(benchmark::State& state, Model model) {
  const Character& c = character(model, int(state.range(0)));
  std::size_t bytes = 0;
  for (auto _ : state) {
    Expected<std::string> fbx = fbx::encodeCharacterFbx(c);
    if (!fbx) return state.SkipWithError(fbx.error().message.c_str());
    bytes = fbx->size();
    benchmark::DoNotOptimize(fbx->data());
  }
  report(state, c, bytes);
}

/// exportCharacter to a file in the temp folder: what `rigwright-cli ... -o FILE` pays.
void writeFile(benchmark::State& state, Model model, const char* extension) {
  const Character& c = character(model, int(state.range(0)));
  const std::filesystem::path file = std::filesystem::temp_directory_path() /
                                     ("rw-bench-export-" + std::to_string(::getpid()) + extension);
  for (auto _ : state)
    if (Status bad = exportCharacter(c, file.string()))
      return state.SkipWithError(bad->message.c_str());
  report(state, c, std::filesystem::file_size(file));
  std::filesystem::remove(file);
}
void BM_WriteGlb(benchmark::State& state, Model model) {
  writeFile(state, model, ".glb");
}
void BM_WriteFbx(benchmark::State& state, Model model) {
  writeFile(state, model, ".fbx");
}

// Levels 0, 2, 3 (human: 8.5K, 137K, 548K triangles; bcn: 5.1K, 82K, 328K).
#define EXPORT_BENCHMARK(name)           \
  BENCHMARK_CAPTURE(name, human, kHuman) \
      ->Arg(0)                           \
      ->Arg(2)                           \
      ->Arg(3)                           \
      ->Unit(benchmark::kMillisecond)    \
      ->UseRealTime();                   \
  BENCHMARK_CAPTURE(name, bcn, kBcn)     \
      ->Arg(0)                           \
      ->Arg(2)                           \
      ->Arg(3)                           \
      ->Unit(benchmark::kMillisecond)    \
      ->UseRealTime()
EXPORT_BENCHMARK(BM_EncodeGlb);
EXPORT_BENCHMARK(BM_WriteGlb);
EXPORT_BENCHMARK(BM_EncodeFbx);
EXPORT_BENCHMARK(BM_WriteFbx);

}  // namespace

BENCHMARK_MAIN();

// Bone heat (core/skin/bone_heat.h) on BCN_Epileptic with its artist skeleton plus six twist
// bones (60 deform bones), the mesh subdivided 1→4 per level: ~10K, ~42K, ~168K, ~670K vertices.
// Target (issue 6): 50K vertices and 60 deform bones in ≤ 0.5 s. Also LBS / DQS of all vertices.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <iostream>
#include <map>
#include <memory>

#include "io/import_character.h"
#include "midpoint_subdivision.h"
#include "skin/bone_heat.h"
#include "skin/linear_blend_skinning.h"
#include "skin/skinning_deformer.h"

using namespace rw;

namespace {

/// BCN at `levels` subdivisions, with 60 deform bones. Loaded once per level.
const Character& character(int levels) {
  static std::map<int, std::unique_ptr<Character>> cache;
  auto it = cache.find(levels);
  if (it != cache.end()) return *it->second;
  Expected<Character> c = importCharacter(std::string(RIGWRIGHT_MODELS_DIR) + "/X/BCN_Epileptic.X");
  if (!c) {
    std::cerr << c.error().message << "\n";
    std::exit(1);
  }
  auto out = std::make_unique<Character>(std::move(c).value());
  // Twist bones: a child at the middle of each upper arm, forearm and thigh, as riggers add them.
  Skeleton& s = out->skeleton;
  const std::vector<Transform> rest = s.restGlobals();
  for (const char* name : {"B_UpperArm_Left", "B_UpperArm_Right", "B_ForeArm_Left",
                           "B_ForeArm_Right", "B_Hip_Left", "B_Hip_Right"}) {
    const int j = s.indexOf(name);
    if (j < 0) continue;
    const BoneShape shape = s.boneShape(j, 0.1);
    s.joints[j].tail = shape.tail;
    Joint twist;
    twist.name = std::string(name) + "_twist";
    twist.parent = j;
    twist.restLocal =
        rest[j].inverse() * Transform(Eigen::Translation3d(0.5 * (shape.head + shape.tail)));
    twist.tail = shape.tail;
    s.joints.push_back(twist);
  }
  for (int i = 0; i < levels; ++i) {
    out->mesh = buildMesh(bench::subdivideMidpoint(out->mesh.positions, out->mesh.triangles));
    out->skin.perVertex.clear();
  }
  return *cache.emplace(levels, std::move(out)).first->second;
}

void BM_BoneHeat(benchmark::State& state) {
  const Character& c = character(int(state.range(0)));
  BoneHeatReport last;
  for (auto _ : state) {
    Expected<BoneHeatResult> heat = boneHeatWeights(c.mesh, c.skeleton);
    if (!heat) {
      state.SkipWithError(heat.error().message.c_str());
      return;
    }
    last = heat->report;
    benchmark::DoNotOptimize(heat->weights.perVertex.data());
  }
  state.counters["vertices"] = double(c.mesh.positions.size());
  state.counters["bones"] = double(c.skeleton.deformCount());
  state.counters["nearest_s"] = last.nearestSeconds;
  state.counters["visibility_s"] = last.visibilitySeconds;
  state.counters["factor_s"] = last.factorSeconds;
  state.counters["solve_s"] = last.solveSeconds;
  state.counters["finish_s"] = last.finishSeconds;
}
BENCHMARK(BM_BoneHeat)
    ->DenseRange(1, 4)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Iterations(3);

void BM_Deform(benchmark::State& state) {
  Character c = character(int(state.range(0)));
  const SkinningMethod method =
      state.range(1) ? SkinningMethod::DualQuaternion : SkinningMethod::LinearBlend;
  Expected<BoneHeatResult> heat = boneHeatWeights(c.mesh, c.skeleton);
  if (!heat) {
    state.SkipWithError(heat.error().message.c_str());
    return;
  }
  c.skin = heat->weights;
  std::vector<Transform> locals = c.skeleton.restLocals();
  for (int j = 1; j < c.skeleton.size(); ++j)
    locals[j] = locals[j] * Eigen::AngleAxisd(0.2, Eigen::Vector3d::UnitZ());
  const std::vector<Transform> matrices =
      skinningMatrices(c.skeleton, c.skeleton.globalsFromLocals(locals));
  for (auto _ : state) {
    auto out = deformVertices(c.mesh.source.positions, c.skin, matrices, method);
    benchmark::DoNotOptimize(out.data());
  }
  state.counters["vertices"] = double(c.mesh.source.positions.size());
  state.SetLabel(toString(method));
}
BENCHMARK(BM_Deform)->ArgsProduct({{2, 3}, {0, 1}})->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();

// Skeleton embedding's discretization (Baran & Popović 2007, §3.1; core/embed/): the volume grid
// (inside vote and distance transform) and the sphere graph, on HUMAN.blend midpoint-subdivided
// from 8.5K to 548K triangles, and the whole embedding of the production biped. Pinocchio takes
// 0.96-1.3 s for embedding and attachment on HUMAN.blend here, 13-22 s at 137K triangles.
// Run: ./build/bench/bench_embed --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <iostream>
#include <map>
#include <memory>

#include "embed/skeleton_embedding.h"
#include "embed/sphere_graph.h"
#include "embed/volume_grid.h"
#include "io/import_character.h"
#include "io/rig_json.h"
#include "midpoint_subdivision.h"

using namespace rw;

namespace {

const Mesh& human(int levels) {
  static std::map<int, std::unique_ptr<Mesh>> cache;
  auto it = cache.find(levels);
  if (it != cache.end()) return *it->second;
  Expected<Character> c = importCharacter(std::string(RIGWRIGHT_MODELS_DIR) + "/BLEND/HUMAN.blend");
  if (!c) {
    std::cerr << c.error().message << "\n";
    std::exit(1);
  }
  Mesh mesh = c->mesh;
  for (int i = 0; i < levels; ++i)
    mesh = buildMesh(bench::subdivideMidpoint(mesh.positions, mesh.triangles));
  return *cache.emplace(levels, std::make_unique<Mesh>(std::move(mesh))).first->second;
}

void BM_VolumeGrid(benchmark::State& state) {
  const Mesh& mesh = human(int(state.range(0)));
  for (auto _ : state) {
    VolumeGrid grid = sampleVolume(mesh.positions, mesh.triangles);
    benchmark::DoNotOptimize(grid.distance.data());
  }
  state.counters["triangles"] = double(mesh.triangles.size());
}
BENCHMARK(BM_VolumeGrid)->DenseRange(0, 3)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_SphereGraph(benchmark::State& state) {
  const Mesh& mesh = human(int(state.range(0)));
  const VolumeGrid grid = sampleVolume(mesh.positions, mesh.triangles);
  int spheres = 0;
  for (auto _ : state) {
    SphereGraph graph = buildSphereGraph(grid);
    spheres = graph.size();
    benchmark::DoNotOptimize(graph.distances.data());
  }
  state.counters["spheres"] = spheres;
}
BENCHMARK(BM_SphereGraph)->Arg(0)->Unit(benchmark::kMillisecond)->UseRealTime();

/// The whole embedding of the production biped (77 joints, 7 reduced), four facings tried.
void BM_EmbedSkeleton(benchmark::State& state) {
  const Mesh& mesh = human(int(state.range(0)));
  Expected<RigDocument> biped =
      readRigJson(std::string(RIGWRIGHT_SKELETONS_DIR) + "/biped_production.json");
  if (!biped) {
    state.SkipWithError(biped.error().message.c_str());
    return;
  }
  for (auto _ : state) {
    SkeletonEmbedding e = embedSkeleton(mesh, biped->skeleton);
    if (!e.found) {
      state.SkipWithError(e.reason.c_str());
      return;
    }
    benchmark::DoNotOptimize(e.position.data());
  }
  state.counters["triangles"] = double(mesh.triangles.size());
}
BENCHMARK(BM_EmbedSkeleton)->DenseRange(0, 3)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();

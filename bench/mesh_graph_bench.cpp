// The mesh topology stages on real meshes at ~10K, ~30K, ~115K and ~460K faces:
// field (geodesics, extrema, Laplacian, CHOLMOD), Reeb graph, multiresolution + symmetry.
// Counters: faces, and the process's peak resident memory so far (MiB).
#include <benchmark/benchmark.h>
#include <sys/resource.h>

#include <cstdlib>
#include <iostream>
#include <map>
#include <memory>

#include "field/head_vertex.h"
#include "session/mesh_graph.h"
#include "io/import_character.h"
#include "midpoint_subdivision.h"

using namespace rw;

namespace {

struct Input {
  Mesh mesh;
  int head = -1;
};

double peakMiB() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss / 1024.0;
}

/// Real meshes by name: "human_blend" (8.5K faces), "human_zae" (28.8K) and its 1→4 (115K) and
/// 1→16 (460K) subdivisions. Loaded once.
const Input& input(const std::string& name) {
  static std::map<std::string, std::unique_ptr<Input>> cache;
  auto it = cache.find(name);
  if (it != cache.end()) return *it->second;
  const std::string dir = RIGWRIGHT_MODELS_DIR;
  const bool blend = name == "human_blend";
  Expected<Character> c =
      importCharacter(dir + (blend ? "/BLEND/HUMAN.blend" : "/Collada/human.zae"));
  if (!c) {
    std::cerr << c.error().message << "\n";
    std::exit(1);
  }
  auto in = std::make_unique<Input>();
  in->mesh = std::move(c->mesh);
  const int times = name == "human_zae_x4" ? 1 : name == "human_zae_x16" ? 2 : 0;
  for (int i = 0; i < times; ++i)
    in->mesh = buildMesh(bench::subdivideMidpoint(in->mesh.positions, in->mesh.triangles));
  const Eigen::AlignedBox3d box = in->mesh.bounds();
  in->head = resolveHeadVertex(in->mesh, std::to_string(box.center().x()) + "," +
                                             std::to_string(box.max().y()) + "," +
                                             std::to_string(box.center().z()))
                 .value();
  return *cache.emplace(name, std::move(in)).first->second;
}

const char* kMeshes[] = {"human_blend", "human_zae", "human_zae_x4", "human_zae_x16"};

void setCounters(benchmark::State& state, const Input& in) {
  state.counters["faces"] = double(in.mesh.triangles.size());
  state.counters["peak_MiB"] = peakMiB();
}

void BM_Field(benchmark::State& state) {
  const Input& in = input(kMeshes[state.range(0)]);
  for (auto _ : state) benchmark::DoNotOptimize(harmonicField(in.mesh, in.head));
  setCounters(state, in);
}

void BM_Reeb(benchmark::State& state) {
  const Input& in = input(kMeshes[state.range(0)]);
  const HarmonicField field = harmonicField(in.mesh, in.head).value();
  for (auto _ : state) benchmark::DoNotOptimize(computeReebGraph(in.mesh, field));
  setCounters(state, in);
}

void BM_MultiresAndSymmetry(benchmark::State& state) {
  const Input& in = input(kMeshes[state.range(0)]);
  const HarmonicField field = harmonicField(in.mesh, in.head).value();
  const ReebGraph reeb = computeReebGraph(in.mesh, field);
  for (auto _ : state) {
    const MultiresGraph m = buildMultiresolution(reeb.graph);
    benchmark::DoNotOptimize(detectSymmetry(m));
  }
  setCounters(state, in);
}

void BM_WholeGraph(benchmark::State& state) {
  const Input& in = input(kMeshes[state.range(0)]);
  for (auto _ : state) benchmark::DoNotOptimize(buildMeshGraph(in.mesh, in.head));
  setCounters(state, in);
}

}  // namespace

BENCHMARK(BM_Field)->DenseRange(0, 3)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_Reeb)->DenseRange(0, 3)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_MultiresAndSymmetry)->DenseRange(0, 3)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_WholeGraph)->DenseRange(0, 3)->Unit(benchmark::kMillisecond)->UseRealTime();

BENCHMARK_MAIN();

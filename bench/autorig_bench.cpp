// The automatic skeleton (Aujay 2007) on real meshes: the whole pipeline from the head vertex
// (mesh graph + classification + embedding) and the autorig stages alone on a built graph.
// Meshes: human.zae (28.8K faces, biped), BCN_Epileptic.zgl (5.1K, biped), WusonOBJ.obj
// (3.7K, quadruped).
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <iostream>
#include <map>
#include <memory>

#include "autorig/autorig.h"
#include "field/head_vertex.h"
#include "io/import_character.h"

using namespace rw;

namespace {

struct Input {
  Mesh mesh;
  int head = -1;
  MeshGraph graph;
};

/// Head specs as the tests use them: top of the head for the bipeds, the front of the head for
/// the bull (its head is at -Z in the OBJ).
const Input& input(const std::string& name) {
  static std::map<std::string, std::unique_ptr<Input>> cache;
  auto it = cache.find(name);
  if (it != cache.end()) return *it->second;
  const std::string dir = RIGWRIGHT_MODELS_DIR;
  const std::string file = name == "human_zae" ? "/Collada/human.zae"
                           : name == "bcn_zgl" ? "/XGL/BCN_Epileptic.zgl"
                                               : "/OBJ/WusonOBJ.obj";
  Expected<Character> c = importCharacter(dir + file);
  if (!c) {
    std::cerr << c.error().message << "\n";
    std::exit(1);
  }
  auto in = std::make_unique<Input>();
  in->mesh = std::move(c->mesh);
  in->head = resolveHeadVertex(in->mesh, "auto").value();
  if (name == "wuson_obj") {
    int front = 0;
    for (int v = 0; v < int(in->mesh.positions.size()); ++v)
      if (in->mesh.positions[v].z() < in->mesh.positions[front].z()) front = v;
    in->head = front;
  }
  in->graph = buildMeshGraph(in->mesh, in->head).value();
  return *cache.emplace(name, std::move(in)).first->second;
}

const char* kMeshes[] = {"human_zae", "bcn_zgl", "wuson_obj"};

void BM_AutorigWhole(benchmark::State& state) {
  const Input& in = input(kMeshes[state.range(0)]);
  state.SetLabel(kMeshes[state.range(0)]);
  for (auto _ : state) {
    Expected<AutorigResult> r = autorig(in.mesh, in.head);
    benchmark::DoNotOptimize(r);
  }
  state.counters["faces"] = double(in.mesh.triangles.size());
}

void BM_AutorigFromGraph(benchmark::State& state) {
  const Input& in = input(kMeshes[state.range(0)]);
  state.SetLabel(kMeshes[state.range(0)]);
  int joints = 0;
  for (auto _ : state) {
    AutorigResult r = autorigFromGraph(in.mesh, in.graph);
    joints = r.skeleton.size();
    benchmark::DoNotOptimize(r);
  }
  state.counters["joints"] = joints;
}

}  // namespace

BENCHMARK(BM_AutorigWhole)->DenseRange(0, 2)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_AutorigFromGraph)->DenseRange(0, 2)->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();

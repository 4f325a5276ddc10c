// The retargeting session (issue 5): the whole chain from a new head vertex, and the partial
// re-runs live preview relies on (a γ change re-runs placement only, a C change symmetry on).
// Run: ./build/bench/bench_rig_session --benchmark_repetitions=5
// --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <iostream>
#include <map>
#include <memory>

#include "field/head_vertex.h"
#include "io/import_character.h"
#include "io/rig_json.h"
#include "session/rig_session.h"

namespace {

struct Case {
  std::shared_ptr<const rw::Mesh> mesh;
  std::shared_ptr<const rw::Skeleton> skeleton;
  int head = -1, joint = -1;
};

/// The production biped and a real mesh, loaded once.
const Case& load(const std::string& relative, const std::string& headSpec) {
  static std::map<std::string, Case> cache;
  if (auto it = cache.find(relative); it != cache.end()) return it->second;
  auto c = rw::importCharacter(std::string(RIGWRIGHT_MODELS_DIR) + "/" + relative);
  auto rig = rw::readRigJson(std::string(RIGWRIGHT_SKELETONS_DIR) + "/biped_production.json");
  if (!c || !rig) {
    std::cerr << (c ? rig.error().message : c.error().message) << std::endl;
    std::exit(1);
  }
  Case k;
  k.mesh = std::make_shared<const rw::Mesh>(c->mesh);
  k.skeleton = std::make_shared<const rw::Skeleton>(rig->skeleton);
  k.head = rw::resolveHeadVertex(*k.mesh, headSpec).value();
  k.joint = k.skeleton->indexOf("head");
  return cache.emplace(relative, k).first->second;
}

std::unique_ptr<rw::RigSession> session(const Case& k) {
  auto s = std::make_unique<rw::RigSession>();
  s->setMesh(k.mesh);
  s->setSkeleton(k.skeleton);
  s->setMeshHead(k.head);
  s->setSkeletonHead(k.joint);
  if (s->run()) std::exit(1);
  return s;
}

const Case& bcn() {
  return load("X/BCN_Epileptic.X", "0,0.79,0");
}
const Case& human() {
  return load("Collada/human.zae", "0,1.66,0.12");
}

/// Everything from the field on (a new head vertex).
void wholeChain(benchmark::State& state, const Case& k) {
  auto s = session(k);
  int flip = 0;
  for (auto _ : state) {
    s->setMeshHead(k.head + (++flip % 2));  // a neighbouring vertex: the field is recomputed
    if (s->run()) state.SkipWithError("run failed");
  }
  state.counters["vertices"] = double(k.mesh->positions.size());
}

/// What a γ slider drag costs: placement and control bones only.
void gammaChange(benchmark::State& state, const Case& k) {
  auto s = session(k);
  rw::RigParams p = s->params();
  int flip = 0;
  for (auto _ : state) {
    p.placement.gammaDistance = (++flip % 2) ? 2.0 : 1.0;
    s->setParams(p);
    if (s->run()) state.SkipWithError("run failed");
  }
}

/// What a C change costs: both symmetries, links, matching, placement.
void lengthThresholdChange(benchmark::State& state, const Case& k) {
  auto s = session(k);
  rw::RigParams p = s->params();
  int flip = 0;
  for (auto _ : state) {
    p.mesh.symmetry.lengthThreshold = (++flip % 2) ? 0.3 : 0.25;
    s->setParams(p);
    if (s->run()) state.SkipWithError("run failed");
  }
}

void BM_WholeChainBcn(benchmark::State& s) {
  wholeChain(s, bcn());
}
void BM_WholeChainColladaHuman(benchmark::State& s) {
  wholeChain(s, human());
}
void BM_GammaChangeBcn(benchmark::State& s) {
  gammaChange(s, bcn());
}
void BM_GammaChangeColladaHuman(benchmark::State& s) {
  gammaChange(s, human());
}
void BM_LengthThresholdChangeBcn(benchmark::State& s) {
  lengthThresholdChange(s, bcn());
}

}  // namespace

BENCHMARK(BM_WholeChainBcn)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_WholeChainColladaHuman)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_GammaChangeBcn)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_GammaChangeColladaHuman)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LengthThresholdChangeBcn)->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();

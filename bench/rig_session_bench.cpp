// The retargeting session (issue 5): the whole chain from a new head vertex, and the partial
// re-runs live preview relies on (a γ change re-runs placement only, a C change symmetry on).
// The target pair: the 136-joint studio biped (resources/skeletons/biped_full.json)
// onto Collada/human.zae (28,796 triangles, the closest real mesh to the paper's ~27K-face Toon,
// which took 32.6 s): a cold session through all 9 stages <= 0.3 s, a γ change <= 20 ms. Their
// CPU column is the whole process's (every thread); the Time column is wall time.
// Measured at 89f45d0 (2 cores, load average 4.1-4.3 from other builds), medians of 5: cold
// 225 / 242 ms wall (field ~50, Reeb ~160, placement ~17-20 ms), γ change 15.3 / 17.6 ms wall.
// After 1c46b5f (limbs bridged to their branching joints) on an idle machine (load 0.5): γ change
// 20.6-20.9 ms wall; with the arcs of one generation placed in parallel (2 threads): γ change
// 15.0 ms wall / 23 ms CPU, cold 264 ms wall (Reeb 171, field 72, placement 15 ms).
// Run: ./build/bench/bench_rig_session --benchmark_repetitions=5
// --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <iostream>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "field/head_vertex.h"
#include "io/import_character.h"
#include "io/rig_json.h"
#include "midpoint_subdivision.h"
#include "session/rig_session.h"

namespace {

struct Case {
  std::shared_ptr<const rw::Mesh> mesh;
  std::shared_ptr<const rw::Skeleton> skeleton;
  int head = -1, joint = -1;
};

/// A real mesh and a bundled skeleton (head joint "head"), loaded once.
const Case& load(const std::string& relative, const std::string& headSpec,
                 const std::string& skeletonFile = "biped_production.json") {
  static std::map<std::string, Case> cache;
  const std::string key = relative + "|" + skeletonFile;
  if (auto it = cache.find(key); it != cache.end()) return it->second;
  auto c = rw::importCharacter(std::string(RIGWRIGHT_MODELS_DIR) + "/" + relative);
  auto rig = rw::readRigJson(std::string(RIGWRIGHT_SKELETONS_DIR) + "/" + skeletonFile);
  if (!c || !rig) {
    std::cerr << (c ? rig.error().message : c.error().message) << std::endl;
    std::exit(1);
  }
  Case k;
  k.mesh = std::make_shared<const rw::Mesh>(c->mesh);
  k.skeleton = std::make_shared<const rw::Skeleton>(rig->skeleton);
  k.head = rw::resolveHeadVertex(*k.mesh, headSpec).value();
  k.joint = k.skeleton->indexOf("head");
  return cache.emplace(key, k).first->second;
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
const Case& humanFullBiped() {
  return load("Collada/human.zae", "0,1.66,0.12", "biped_full.json");
}
const Case& bcnFullBiped() {
  return load("X/BCN_Epileptic.X", "0,0.79,0", "biped_full.json");
}

/// Issue 24's production resolution: HUMAN.blend midpoint-subdivided twice (8.5K -> 137K
/// triangles) with the 136-joint studio biped, its head at the auto head (the highest point).
const Case& human137KFullBiped() {
  static const Case k = [] {
    Case c = load("BLEND/HUMAN.blend", "auto", "biped_full.json");
    rw::Mesh mesh = *c.mesh;
    for (int i = 0; i < 2; ++i)
      mesh = rw::buildMesh(rw::bench::subdivideMidpoint(mesh.positions, mesh.triangles));
    c.mesh = std::make_shared<const rw::Mesh>(std::move(mesh));
    c.head = rw::resolveHeadVertex(*c.mesh, "auto").value();
    return c;
  }();
  return k;
}

void sizeCounters(benchmark::State& state, const Case& k) {
  state.counters["triangles"] = double(k.mesh->triangles.size());
  state.counters["joints"] = double(k.skeleton->size());
}

/// A cold session: every one of the 9 stages from nothing (the mesh and skeleton are in memory).
/// Counters: the mean wall time of the stages that cost something (ms), to see where it goes.
void coldSession(benchmark::State& state, const Case& k) {
  std::map<std::string, double> stageSeconds;
  for (auto _ : state) {
    rw::RigSession s;
    s.setMesh(k.mesh);
    s.setSkeleton(k.skeleton);
    s.setMeshHead(k.head);
    s.setSkeletonHead(k.joint);
    if (s.run() || s.lastRun().size() != std::size_t(rw::kRigStageCount)) {
      state.SkipWithError("the cold run failed or skipped a stage");
      break;
    }
    benchmark::DoNotOptimize(s.retargeted());
    for (const rw::StageTime& t : s.stageTimes())
      stageSeconds[rw::rigStageName(t.stage)] += t.seconds;
  }
  sizeCounters(state, k);
  for (const char* stage : {"field", "reeb", "place"})
    state.counters[std::string(stage) + "_ms"] =
        benchmark::Counter(1000.0 * stageSeconds[stage], benchmark::Counter::kAvgIterations);
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
    if (s->run() || s->lastRun() != std::vector<rw::RigStage>{rw::RigStage::Place}) {
      state.SkipWithError("the γ change failed or re-ran more than placement");
      break;
    }
  }
  sizeCounters(state, k);
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
  sizeCounters(state, k);
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
void BM_ColdSessionFullBipedColladaHuman(benchmark::State& s) {
  coldSession(s, humanFullBiped());
}
void BM_GammaChangeFullBipedColladaHuman(benchmark::State& s) {
  gammaChange(s, humanFullBiped());
}
void BM_ColdSessionFullBipedBcn(benchmark::State& s) {
  coldSession(s, bcnFullBiped());
}
void BM_GammaChangeFullBipedBcn(benchmark::State& s) {
  gammaChange(s, bcnFullBiped());
}

void BM_ColdSessionFullBiped137K(benchmark::State& s) {
  coldSession(s, human137KFullBiped());
}
void BM_GammaChangeFullBiped137K(benchmark::State& s) {
  gammaChange(s, human137KFullBiped());
}
void BM_LengthThresholdChangeFullBiped137K(benchmark::State& s) {
  lengthThresholdChange(s, human137KFullBiped());
}

}  // namespace

BENCHMARK(BM_WholeChainBcn)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_WholeChainColladaHuman)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_GammaChangeBcn)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_GammaChangeColladaHuman)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LengthThresholdChangeBcn)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ColdSessionFullBipedColladaHuman)
    ->Unit(benchmark::kMillisecond)
    ->MeasureProcessCPUTime();
BENCHMARK(BM_GammaChangeFullBipedColladaHuman)
    ->Unit(benchmark::kMillisecond)
    ->MeasureProcessCPUTime();
BENCHMARK(BM_ColdSessionFullBipedBcn)->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime();
BENCHMARK(BM_GammaChangeFullBipedBcn)->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime();
BENCHMARK(BM_ColdSessionFullBiped137K)->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime();
BENCHMARK(BM_GammaChangeFullBiped137K)->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime();
BENCHMARK(BM_LengthThresholdChangeFullBiped137K)
    ->Unit(benchmark::kMillisecond)
    ->MeasureProcessCPUTime();
BENCHMARK_MAIN();

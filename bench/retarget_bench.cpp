// Retargeting throughput: CMU 01_01 (31 joints, 2752 frames) onto BCN_Epileptic (54 joints).
// Issue 7 asks for >= 10,000 frames/s (Lu et al. 2009 report 28-30 frames/s).
// Run: ./build/bench/bench_retarget --benchmark_repetitions=5
// --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <iostream>
#include <map>

#include "io/import_character.h"
#include "motion/joint_correspondence.h"
#include "motion/retarget_character.h"
#include "motion/retarget_motion.h"

namespace {

const rw::Character& load(const std::string& relative) {
  static std::map<std::string, rw::Character> cache;
  auto it = cache.find(relative);
  if (it != cache.end()) return it->second;
  auto c = rw::importCharacter(std::string(RIGWRIGHT_MODELS_DIR) + "/" + relative);
  if (!c) {
    std::cerr << c.error().message << std::endl;
    std::exit(1);
  }
  return cache.emplace(relative, std::move(*c)).first->second;
}

/// Retargets 01_01 onto BCN with `retarget` once per iteration; reports frames per second.
template <typename Retarget>
void retargetOntoBcn(benchmark::State& state, Retarget retarget) {
  const rw::Character& motion = load("BVH/01_01.bvh");
  const rw::Character& rig = load("X/BCN_Epileptic.X");
  const auto map = rw::matchJoints(motion.skeleton, rig.skeleton);
  if (!map) {
    state.SkipWithError(map.error().message.c_str());
    return;
  }
  long frames = 0;
  for (auto _ : state) {
    auto r = retarget(motion, rig, *map);
    benchmark::DoNotOptimize(r);
    frames += r ? r->frames : 0;
  }
  state.counters["frames_per_s"] = benchmark::Counter(double(frames), benchmark::Counter::kIsRate);
}

void BM_Retarget01_01OntoBcn(benchmark::State& state) {
  retargetOntoBcn(state, [](const rw::Character& motion, const rw::Character& rig,
                            const rw::JointCorrespondence& map) {
    return rw::retargetMotion(motion.skeleton, motion.clips.at(0), rig.skeleton, map);
  });
}
BENCHMARK(BM_Retarget01_01OntoBcn)->Unit(benchmark::kMillisecond)->UseRealTime();

// The path `animate` and the workstation take (issue 17): onto the character, so on its floor,
// its soles skinned every frame to plant them and keep them out of the floor.
void BM_Retarget01_01OntoBcnCharacter(benchmark::State& state) {
  retargetOntoBcn(state, [](const rw::Character& motion, const rw::Character& rig,
                            const rw::JointCorrespondence& map) {
    return rw::retargetOntoCharacter(motion, motion.clips.at(0), rig, map);
  });
}
BENCHMARK(BM_Retarget01_01OntoBcnCharacter)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();

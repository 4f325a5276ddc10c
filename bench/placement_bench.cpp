// Joint placement on one long chain (issue 25, D6): the exact DP is O(t·m³) time and O(t·m²)
// memory; chains past PlacementHeuristics::maxExactBones go through their key joints, so time
// and memory grow linearly beyond it. Reports the process's peak memory too.
// Run: ./build/bench/bench_placement --benchmark_repetitions=5
// --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>
#include <sys/resource.h>

#include <cmath>

#include "retarget/joint_placement.h"

namespace {

/// A chain of `bones` equal bones along Y, and a bent path (a quarter circle) to place it on.
void BM_PlaceChain(benchmark::State& state) {
  const int bones = int(state.range(0));
  std::vector<Eigen::Vector3d> chain = {Eigen::Vector3d::Zero()};
  for (int i = 0; i < bones; ++i) chain.push_back(chain.back() + Eigen::Vector3d(0, 1, 0));
  std::vector<Eigen::Vector3d> path;
  for (int k = 0; k <= 64; ++k) {
    const double a = 0.5 * M_PI * k / 64;
    path.emplace_back(std::sin(a), 1.0 - std::cos(a), 0.0);
  }
  for (auto _ : state) benchmark::DoNotOptimize(rw::placeJoints(chain, path));
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  state.counters["peak_rss_mb"] = double(usage.ru_maxrss) / 1024.0;
}
BENCHMARK(BM_PlaceChain)
    ->Arg(8)
    ->Arg(32)
    ->Arg(33)
    ->Arg(400)
    ->Arg(2000)
    ->Arg(20000)
    ->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();

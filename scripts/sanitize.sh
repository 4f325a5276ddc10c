#!/usr/bin/env bash
# The sanitizer job (issue 25): builds the readers' fuzzers, the CLI and its tests with clang,
# AddressSanitizer and UndefinedBehaviorSanitizer (any report is fatal), runs each fuzzer for
# FUZZ_SECONDS (default 60) from its seeds, then the CLI tests on the real models.
# Usage: bash scripts/sanitize.sh   (after scripts/setup.sh; run by scripts/test.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${FUZZ_SECONDS:-60}"
flags="-O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all"
# Coverage for the fuzzers in our own code; vptr checks misfire across the (uninstrumented)
# libraries we link.
flags="$flags -fsanitize=fuzzer-no-link -fno-sanitize=vptr"
CC=clang CXX=clang++ cmake -S . -B build-sanitize -G Ninja -DCMAKE_BUILD_TYPE=None \
  -DCMAKE_CXX_FLAGS="$flags" -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" \
  -DRIGWRIGHT_BUILD_GUI=OFF -DRIGWRIGHT_BUILD_BENCH=OFF -DRIGWRIGHT_BUILD_FUZZERS=ON \
  -DRIGWRIGHT_MIMALLOC=OFF  # ASan serves the heap itself
cmake --build build-sanitize --parallel "$(nproc)" \
  --target fuzz_rig_json fuzz_project fuzz_cli_options rigwright-cli rigwright-read test_cli

export ASAN_OPTIONS="detect_leaks=0:abort_on_error=0"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
runs=build-sanitize/fuzz-runs
rm -rf "$runs"
fuzz() {  # NAME SEED_DIR...: new inputs go to a scratch corpus; the seeds are read only
  local name="$1"
  shift
  mkdir -p "$runs/$name"
  echo "sanitize.sh: $name for ${seconds} s"
  "build-sanitize/fuzz/$name" -seed=1 -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix="$runs/$name-" -print_final_stats=1 "$runs/$name" "$@" 2>"$runs/$name.log" ||
    { tail -n 60 "$runs/$name.log"; echo "sanitize.sh: $name found a failure"; exit 1; }
  grep -E "stat::number_of_executed_units|Done" "$runs/$name.log" | tail -n 2
}
fuzz fuzz_rig_json resources/skeletons tests/data/hostile
fuzz fuzz_project resources/demo fuzz/seeds/project tests/data/hostile
fuzz fuzz_cli_options fuzz/seeds/cli

# The CLI tests (bad input, hostile input, info on every real model) against the sanitized CLI.
cd build-sanitize
ctest --output-on-failure --parallel "$(nproc)" --timeout 1800 -R "^Cli(BadInput|HostileInput|Info)\."

#!/usr/bin/env bash
# README command (2): install what is needed, build, and run the whole test suite
# (unit, real-model integration, CLI sweep, GUI tests under Xvfb), then the sanitizer job
# (fuzzers and CLI tests under ASan + UBSan).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh
(cd build && ctest --output-on-failure --parallel "$(nproc)" --timeout 1800)
bash scripts/sanitize.sh

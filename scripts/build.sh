#!/usr/bin/env bash
# Configures and builds Rigwright in ./build (Release, Ninja). Usage: bash scripts/build.sh
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release
cmake --build build --parallel "$(nproc)"

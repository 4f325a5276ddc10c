#!/usr/bin/env bash
# README command (1): install what is needed, build, and open the workstation on the bundled
# demo project (resources/demo/bcn_biped.rwproj). Without a display it says so and runs the same demo headless through the CLI, writing
# its outputs to out/demo/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh
demo_character=/usr/share/assimp/models/X/BCN_Epileptic.X
if [ ! -f "$demo_character" ]; then
  echo "demo: $demo_character is missing; install Debian's assimp-testmodels (bash scripts/setup.sh)" >&2
  exit 2
fi
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  # The ready project: BCN_Epileptic.X, the bundled production biped and the CMU walk 01_01,
  # retargeted, skinned and animated as soon as it opens (Space plays the walk).
  exec ./build/app/rigwright resources/demo/bcn_biped.rwproj
fi
echo "demo: no display found (DISPLAY is not set): running the demo headless through rigwright-cli"
mkdir -p out/demo
./build/app/rigwright-cli info "$demo_character" | tee out/demo/info.txt
./build/app/rigwright-cli info "$demo_character" --json > out/demo/info.json
# The mesh topology graph from the top of the head: levels, symmetry tags, stage times.
./build/app/rigwright-cli graph "$demo_character" --head 0,0.79,-0.14 --json out/demo/graph.json
echo "demo: outputs written to $(pwd)/out/demo/ (info.txt, info.json, graph.json)"

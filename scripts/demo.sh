#!/usr/bin/env bash
# README command (1): install what is needed, build, and open the workstation on the bundled
# demo project (resources/demo/bcn_biped.rwproj). Without a display it says so and runs the same
# demo's whole job headless through the CLI (scripts/demo_headless.sh): retarget, skin, the CMU clip
# retargeted, exported to out/demo/ as .fbx and .glb.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  # The ready project: BCN_Epileptic.X, the bundled production biped and the CMU clip 01_01,
  # retargeted, skinned and animated as soon as it opens (Space plays the clip).
  exec ./build/app/rigwright resources/demo/bcn_biped.rwproj
fi
echo "demo: no display found (DISPLAY is not set): running the demo's whole job headless"
exec bash scripts/demo_headless.sh ./build/app/rigwright-cli out/demo

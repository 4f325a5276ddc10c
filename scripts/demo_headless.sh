#!/usr/bin/env bash
# The demo's whole job without a display (what the workstation does when it opens
# resources/demo/bcn_biped.rwproj): BCN_Epileptic.X's bare mesh, the bundled production biped
# retargeted into it, bone-heat skin weights, the CMU clip 01_01 (jumps and turns) retargeted
# onto the rig, written as .fbx and .glb (with a report) to OUT_DIR.
# Usage: scripts/demo_headless.sh [CLI] [OUT_DIR]  (defaults: build/app/rigwright-cli, out/demo)
set -euo pipefail
cd "$(dirname "$0")/.."
cli="${1:-./build/app/rigwright-cli}"
out="${2:-out/demo}"
models=/usr/share/assimp/models
character="$models/X/BCN_Epileptic.X"
motion="$models/BVH/01_01.bvh"
for input in "$character" "$motion"; do
  if [ ! -f "$input" ]; then
    echo "demo: $input is missing; install Debian's assimp-testmodels (bash scripts/setup.sh)" >&2
    exit 2
  fi
done
mkdir -p "$out"
"$cli" info "$character" | tee "$out/info.txt"
for format in fbx glb; do
  "$cli" rig "$character" resources/skeletons/biped_production.json "$motion" \
    --skeleton-head head -o "$out/bcn_rigged.$format" --json "$out/bcn_rigged.$format.report.json"
done
echo "demo: the rigged, animated character is in $(cd "$out" && pwd)/:"
echo "  bcn_rigged.fbx (Maya, Unity, Unreal), bcn_rigged.glb (Blender, three.js, game engines),"
echo "  with their reports (*.report.json) and info.txt"

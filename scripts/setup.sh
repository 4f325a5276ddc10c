#!/usr/bin/env bash
# Installs every Debian 12 package Rigwright needs to build, test and run. Idempotent.
# Runs as root, or through sudo when it is available.
set -euo pipefail

packages=(
  # toolchain
  build-essential cmake ninja-build pkg-config clang-format
  # the sanitizer job (scripts/sanitize.sh): clang with libFuzzer, ASan and UBSan
  clang libclang-rt-dev
  # Qt 6 (Widgets, OpenGL widgets, Test, moc) and OpenGL under Xvfb
  qt6-base-dev qt6-base-dev-tools libqt6opengl6-dev
  xvfb xauth mesa-utils libgl1-mesa-dri libegl1 libgl-dev libglx-mesa0
  # numerics and geometry
  libeigen3-dev libsuitesparse-dev libopenblas0-pthread libtbb-dev libembree-dev
  # the executables' heap allocator (app/heap/heap_allocator.h)
  libmimalloc-dev
  # file formats, real test data, command line, JSON, compression
  libassimp-dev assimp-utils assimp-testmodels nlohmann-json3-dev libcli11-dev zlib1g-dev
  # tests and benchmarks
  libgtest-dev libgmock-dev libbenchmark-dev
  # a real client for exported FBX / glTF (tests open our files in Blender; its glTF importer needs numpy)
  blender python3-numpy
  # the behaviour-fingerprint test (tests/golden) and the corpus tools
  python3
)

sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then sudo_cmd=(sudo); else
    echo "setup.sh: needs root (or sudo) to install Debian packages" >&2; exit 1
  fi
fi

# Node.js and npm run the client checks below; a machine that already has them (any vendor's
# nodejs package) keeps its own.
command -v npm >/dev/null 2>&1 || packages+=(nodejs npm)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "setup.sh: all ${#packages[@]} packages already installed"
else
  echo "setup.sh: installing ${missing[*]}"
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# The real readers the tests judge our exports with (tools/npm/package.json, versions pinned by
# its lockfile): FBX2glTF, built on Autodesk's FBX SDK (the reader of Maya, Max, MotionBuilder,
# Unity and Unreal), and the Khronos glTF validator. Installed into tools/npm/node_modules.
tools_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")/../tools/npm" && pwd)"
fbx2gltf="$tools_dir/node_modules/fbx2gltf/bin/Linux/FBX2glTF"
if [ -x "$fbx2gltf" ] && [ -f "$tools_dir/node_modules/gltf-validator/index.js" ] &&
   cmp -s "$tools_dir/package-lock.json" "$tools_dir/node_modules/.package-lock.json.installed"; then
  echo "setup.sh: npm client checks already installed"
else
  echo "setup.sh: installing npm client checks (fbx2gltf, gltf-validator)"
  (cd "$tools_dir" && npm ci --no-audit --no-fund --loglevel=error)
  chmod +x "$fbx2gltf"  # the package ships the binary without its execute bit
  cp "$tools_dir/package-lock.json" "$tools_dir/node_modules/.package-lock.json.installed"
fi

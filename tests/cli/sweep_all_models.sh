#!/usr/bin/env bash
# Runs `rigwright-cli info` over every file under the assimp-testmodels folder. Every file must
# end with exit 0 (read) or 2 (refused with a one-line message naming the file) — never a crash
# (signal), a hang, or another exit code. Files Assimp itself crashes on (RAW/WithColor.raw,
# RAW/WithTexture.raw) are included: the importer reads in an isolated child first, so they
# come back as exit 2 too.
set -u
cli=$1
models=$2
if [ ! -d "$models" ]; then
  echo "FAIL: $models is missing; install Debian's assimp-testmodels (bash scripts/setup.sh)"
  exit 1
fi
files=$(find "$models" -type f | sort)
total=0; ok=0; refused=0; failed=0
err=$(mktemp)
while IFS= read -r f; do
  total=$((total + 1))
  timeout 150 "$cli" info "$f" >/dev/null 2>"$err"
  rc=$?
  case $rc in
    0) ok=$((ok + 1)) ;;
    2)
      lines=$(wc -l <"$err")
      if [ "$lines" -ne 1 ] || ! grep -qF "$f" "$err"; then
        echo "FAIL (exit 2 without one line naming the file): $f: $(head -c 300 "$err")"
        failed=$((failed + 1))
      else
        refused=$((refused + 1))
      fi ;;
    124) echo "FAIL (hang): $f"; failed=$((failed + 1)) ;;
    *) echo "FAIL (exit $rc): $f: $(head -c 300 "$err")"; failed=$((failed + 1)) ;;
  esac
done <<<"$files"
rm -f "$err"
echo "swept $total files: $ok read, $refused refused with a message, $failed failed"
[ "$total" -gt 500 ] || { echo "FAIL: expected the whole assimp-testmodels folder (>500 files)"; exit 1; }
[ "$failed" -eq 0 ]

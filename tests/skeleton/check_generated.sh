#!/usr/bin/env bash
# The bundled skeletons are generated: running resources/skeletons/generate.py again must give
# the committed files byte for byte (nobody edited a JSON by hand, nobody forgot to regenerate).
set -eu
dir=$1
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
python3 "$dir/generate.py" "$out" >/dev/null
status=0
for f in "$out"/*.json; do
  if ! cmp -s "$f" "$dir/$(basename "$f")"; then
    echo "FAIL: $dir/$(basename "$f") differs from what generate.py writes; run python3 $dir/generate.py"
    status=1
  fi
done
exit $status

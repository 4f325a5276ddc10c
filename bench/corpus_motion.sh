#!/usr/bin/env bash
# The development corpus end to end (issue 17): every character's bare mesh rigged by
# `rigwright-cli rig` with the bundled skeleton for its kind (biped_production / quadruped) and
# the artist's walk, compared with the artist's own rig playing it (../shared/corpus/e2e_eval.py:
# mean / p95 vertex distance and ground offset, % of height). Not part of CI (the corpus is a
# 1.4 GB download): bash ../shared/corpus/build.sh /tmp/corpus first.
# Usage: bash bench/corpus_motion.sh [CORPUS=/tmp/corpus] [OUT=/tmp/corpus-motion]
# Writes OUT/NAME.glb, OUT/NAME.e2e.json, OUT/NAME.rig.json and prints one line per character and
# the medians.
set -uo pipefail
cd "$(dirname "$0")/.."
CORPUS=${1:-/tmp/corpus}
OUT=${2:-/tmp/corpus-motion}
CLI=${CLI:-build/app/rigwright-cli}
EVAL=${EVAL:-../shared/corpus/e2e_eval.py}
mkdir -p "$OUT"
printf "%-28s %-5s %8s %8s %8s %8s\n" character kind mean% p95% ground% groundMax%
for info in "$CORPUS"/*.info; do
  name=$(basename "$info" .info)
  kind=$(awk '/^kind:/ {print $2}' "$info")
  head=$(awk -F': ' '/^head_point:/ {split($2, a, " "); print a[1]}' "$info")
  clip=$(awk -F': ' '/^clips:/ {split($2, a, " "); print a[1]}' "$info")
  skeleton=resources/skeletons/biped_production.json
  [ "$kind" = quad ] && skeleton=resources/skeletons/quadruped.json
  if ! "$CLI" rig "$CORPUS/$name.obj" "$skeleton" "$CORPUS/$name.glb" --clip "$clip" \
      --mesh-head "$head" --skeleton-head head -o "$OUT/$name.glb" --json "$OUT/$name.rig.json" \
      > "$OUT/$name.log" 2>&1; then
    printf "%-28s %-5s rig failed: %s\n" "$name" "$kind" "$(tail -1 "$OUT/$name.log")"
    continue
  fi
  if ! /usr/bin/python3 "$EVAL" "$CORPUS/$name.glb" "$OUT/$name.glb" "$clip" \
      --json "$OUT/$name.e2e.json" > "$OUT/$name.e2e.log" 2>&1; then
    printf "%-28s %-5s eval failed\n" "$name" "$kind"
    continue
  fi
  /usr/bin/python3 - "$OUT/$name.e2e.json" "$name" "$kind" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
print(f"{sys.argv[2]:<28} {sys.argv[3]:<5} {r['mean_pct']:8.2f} {r['p95_pct']:8.2f} "
      f"{r['ground_mean_abs_pct']:8.2f} {r['ground_max_abs_pct']:8.2f}")
PY
done | tee "$OUT/table.txt"
/usr/bin/python3 - "$OUT/table.txt" <<'PY'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1]) if len(l.split()) == 6 and l.split()[2] != "mean%"]
for kind in ("biped", "quad", None):
    sel = [r for r in rows if kind is None or r[1] == kind]
    if not sel:
        continue
    med = lambda i: statistics.median(float(r[i]) for r in sel)
    mx = lambda i: max(float(r[i]) for r in sel)
    print(f"{kind or 'all'}: {len(sel)} characters; median mean {med(2):.2f}%, p95 {med(3):.2f}%, "
          f"ground offset median {med(4):.2f}% max {mx(4):.2f}% (worst frame max {mx(5):.2f}%)")
PY

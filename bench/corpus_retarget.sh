#!/usr/bin/env bash
# Any production skeleton onto any character (issue 20), end to end on the development corpus:
# every character's bare mesh rigged four times by `rigwright-cli rig` — with its artist's own
# skeleton (`--skeleton-head auto`) and with the bundled skeleton for its kind (biped_production
# / quadruped, head joint `head`), each with the corpus's head point and with `--mesh-head auto` —
# playing the artist's clip, compared with the artist's rig playing it
# (../shared/corpus/e2e_eval.py: mean / p95 vertex distance and ground offset, % of height).
# Not part of CI (the corpus is a 1.4 GB download); builds the corpus if it is missing.
# Usage: [METHOD=retarget|embed|auto] bash bench/corpus_retarget.sh [CORPUS=/tmp/corpus]
#        [OUT=/tmp/corpus-retarget]   (METHOD: `rig --method`, default retarget; RUNS: some of
#        "own-given own-auto bundled-given bundled-auto", default all four; RIG_ARGS: more
#        `rig` options for every run, e.g. "--gamma-angle 0.3"; KINDS: "biped quad" or one
#        of them; ONLY: an extended regex, only the characters whose names match it)
# Writes OUT/<run>/NAME.{glb,rig.json,e2e.json,log}, OUT/table.tsv, and prints the table and the
# medians per kind and run.
set -uo pipefail
cd "$(dirname "$0")/.."
CORPUS=${1:-/tmp/corpus}
OUT=${2:-/tmp/corpus-retarget}
CLI=${CLI:-$PWD/build/app/rigwright-cli}
EVAL=${EVAL:-$PWD/../shared/corpus/e2e_eval.py}
JOBS=${JOBS:-$(nproc)}
METHOD=${METHOD:-retarget}
RUNS=${RUNS:-own-given own-auto bundled-given bundled-auto}
RIG_ARGS=${RIG_ARGS:-}
KINDS=${KINDS:-biped quad}
ONLY=${ONLY:-.}
if ! ls "$CORPUS"/*.info > /dev/null 2>&1; then
  bash ../shared/corpus/build.sh "$CORPUS" || exit 1
fi
mkdir -p "$OUT"

# One rig and its measure: writes "NAME KIND RUN mean p95 ground" (or "... failed") to
# OUT/RUN/NAME.row (parallel runs printing to one pipe could interleave their lines).
run_one() {
  local name=$1 run=$2 corpus=$3 out=$4
  local info="$corpus/$name.info"
  local kind head clip skeleton skeletonHead meshHead
  kind=$(awk '/^kind:/ {print $2}' "$info")
  head=$(awk -F': ' '/^head_point:/ {split($2, a, " "); print a[1]}' "$info")
  clip=$(awk -F': ' '/^clips:/ {split($2, a, " "); print a[1]}' "$info")
  case $run in
    own-*) skeleton="$corpus/$name.glb" skeletonHead=auto ;;
    *) skeleton=resources/skeletons/biped_production.json skeletonHead=head
       [ "$kind" = quad ] && skeleton=resources/skeletons/quadruped.json ;;
  esac
  case $run in *-given) meshHead=$head ;; *) meshHead=auto ;; esac
  mkdir -p "$out/$run"
  local base="$out/$run/$name"
  rm -f "$base.row"
  if ! "$CLI" rig "$corpus/$name.obj" "$skeleton" "$corpus/$name.glb" --clip "$clip" \
      --method "$METHOD" --mesh-head "$meshHead" --skeleton-head "$skeletonHead" -o "$base.glb" \
      --json "$base.rig.json" $RIG_ARGS > "$base.log" 2>&1; then
    echo "$name $kind $run rig-failed" > "$base.row"
    return
  fi
  if ! /usr/bin/python3 "$EVAL" "$corpus/$name.glb" "$base.glb" "$clip" --json "$base.e2e.json" \
      > "$base.e2e.log" 2>&1; then
    echo "$name $kind $run eval-failed" > "$base.row"
    return
  fi
  /usr/bin/python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
print(sys.argv[2], sys.argv[3], sys.argv[4], "%.2f %.2f %.2f" % (
    r["mean_pct"], r["p95_pct"], r["ground_mean_abs_pct"]))' "$base.e2e.json" "$name" "$kind" "$run" \
    > "$base.row"
}
export -f run_one
export CLI EVAL METHOD RIG_ARGS

for info in "$CORPUS"/*.info; do
  name=$(basename "$info" .info)
  kind=$(awk '/^kind:/ {print $2}' "$info")
  [[ " $KINDS " == *" $kind "* ]] || continue
  [[ $name =~ $ONLY ]] || continue
  for run in $RUNS; do echo "$name $run"; done
done | xargs -P "$JOBS" -n 2 bash -c 'run_one "$0" "$1" "'"$CORPUS"'" "'"$OUT"'"'
cat "$OUT"/*/*.row | sort > "$OUT/table.tsv"

/usr/bin/python3 - "$OUT/table.tsv" <<'PY'
import statistics, sys
runs = ["own-given", "own-auto", "bundled-given", "bundled-auto"]
rows = {}
failed = []
for line in open(sys.argv[1]):
    f = line.split()
    if len(f) != 6:
        failed.append(line.strip())
        continue
    rows.setdefault((f[0], f[1]), {})[f[2]] = tuple(map(float, f[3:]))
print("mean / p95 / ground offset, % of height")
print(f"{'character':<32} {'kind':<5} " + " ".join(f"{r:>20}" for r in runs))
for (name, kind), by in sorted(rows.items(), key=lambda x: (x[0][1], x[0][0])):
    cells = [("%6.2f %6.2f %5.2f" % by[r]) if r in by else f"{'-':>20}" for r in runs]
    print(f"{name:<32} {kind:<5} " + " ".join(f"{c:>20}" for c in cells))
for kind in ("biped", "quad"):
    for r in runs:
        v = [by[r] for (n, k), by in rows.items() if k == kind and r in by]
        if not v:
            continue
        med = [statistics.median(x[i] for x in v) for i in range(3)]
        print(f"{kind:<5} {r:<14} {len(v):>2} characters: median mean {med[0]:.2f}%, "
              f"p95 {med[1]:.2f}%, ground |offset| {med[2]:.2f}%")
for f in failed:
    print("FAILED:", f)
PY

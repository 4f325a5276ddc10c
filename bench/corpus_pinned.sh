#!/usr/bin/env bash
# Where the error of a self-retarget comes from (issue 20): placement or motion transfer. Every
# character of the development corpus is rigged with its artist's own skeleton (as
# corpus_retarget.sh's own-given run) three times: placed by the retarget ("free"), with every
# joint pinned where the artist put it (`--pin`, "pinned": what is left is motion transfer and
# weights), and with only the joints whose names match PIN_GROUP pinned ("group", default the
# neck and head). Each plays the artist's clip and is compared with the artist's rig playing it
# (../shared/corpus/e2e_eval.py, mean vertex distance, % of height). Not part of CI.
# Usage: [PIN_GROUP=REGEX] [KINDS="biped quad"] [RUNS="free pinned group"] [ONLY=REGEX: only
#        the characters whose names match it]
#        bash bench/corpus_pinned.sh [CORPUS=/tmp/corpus]
#        [OUT=/tmp/corpus-pinned]
# Writes OUT/<run>/NAME.{glb,log,e2e.json}, OUT/table.tsv; prints it with the medians per kind.
set -uo pipefail
cd "$(dirname "$0")/.."
CORPUS=${1:-/tmp/corpus}
OUT=${2:-/tmp/corpus-pinned}
CLI=${CLI:-$PWD/build/app/rigwright-cli}
EVAL=${EVAL:-$PWD/../shared/corpus/e2e_eval.py}
PINS=$PWD/bench/artist_pins.py
JOBS=${JOBS:-$(nproc)}
PIN_GROUP=${PIN_GROUP:-neck|head|(?<!r)ear|jaw|skull|eye|horn|mane|hair|nose|mouth|tongue}
KINDS=${KINDS:-biped quad}
ONLY=${ONLY:-.}
RUNS=${RUNS:-free pinned group}
if ! ls "$CORPUS"/*.info > /dev/null 2>&1; then
  bash ../shared/corpus/build.sh "$CORPUS" || exit 1
fi
mkdir -p "$OUT"

run_one() {
  local name=$1 run=$2 corpus=$3 out=$4
  local info="$corpus/$name.info" head clip pins=()
  head=$(awk -F': ' '/^head_point:/ {split($2, a, " "); print a[1]}' "$info")
  clip=$(awk -F': ' '/^clips:/ {split($2, a, " "); print a[1]}' "$info")
  mkdir -p "$out/$run"
  local base="$out/$run/$name"
  rm -f "$base.row"
  if [ "$run" != free ]; then  # the artist's rest positions, for the pins
    local pattern=.
    [ "$run" = group ] && pattern=$PIN_GROUP
    "$CLI" export "$corpus/$name.glb" -o "$base.artist.json" > /dev/null 2>&1
    read -ra pins <<< "$(/usr/bin/python3 "$PINS" "$base.artist.json" "$pattern")"
  fi
  if ! "$CLI" rig "$corpus/$name.obj" "$corpus/$name.glb" "$corpus/$name.glb" --clip "$clip" \
      --mesh-head "$head" --skeleton-head auto "${pins[@]}" -o "$base.glb" > "$base.log" 2>&1 ||
     ! /usr/bin/python3 "$EVAL" "$corpus/$name.glb" "$base.glb" "$clip" --json "$base.e2e.json" \
      > /dev/null 2>&1; then
    echo "$name $run failed" > "$base.row"
    return
  fi
  /usr/bin/python3 -c 'import json, sys; r = json.load(open(sys.argv[1]))
print(sys.argv[2], sys.argv[3], "%.2f" % r["mean_pct"])' "$base.e2e.json" "$name" "$run" \
    > "$base.row"
}
export -f run_one
export CLI EVAL PINS PIN_GROUP

for info in "$CORPUS"/*.info; do
  name=$(basename "$info" .info)
  kind=$(awk '/^kind:/ {print $2}' "$info")
  [[ " $KINDS " == *" $kind "* ]] || continue
  [[ $name =~ $ONLY ]] || continue
  for run in $RUNS; do echo "$name $run"; done
done | xargs -P "$JOBS" -n 2 bash -c 'run_one "$0" "$1" "'"$CORPUS"'" "'"$OUT"'"'
cat "$OUT"/*/*.row | sort > "$OUT/table.tsv"

/usr/bin/python3 - "$OUT/table.tsv" "$CORPUS" <<'PY'
import statistics, sys
rows = {}
for line in open(sys.argv[1]):
    f = line.split()
    rows.setdefault(f[0], {})[f[1]] = float(f[2]) if len(f) == 3 and f[2] != 'failed' else None
kind = {n: [l.split()[1] for l in open(f"{sys.argv[2]}/{n}.info") if l.startswith('kind:')][0]
        for n in rows}
runs = ["free", "pinned", "group"]
print("mean vertex distance, % of height: placed by the retarget (free), every joint pinned at "
      "the artist's (pinned), the PIN_GROUP joints pinned (group)")
print(f"{'character':<30} {'kind':<5} " + " ".join(f"{r:>8}" for r in runs))
for n in sorted(rows, key=lambda n: (kind[n], rows[n].get("free") or 1e9)):
    print(f"{n:<30} {kind[n]:<5} " + " ".join(
        f"{rows[n][r]:8.2f}" if rows[n].get(r) is not None else f"{'-':>8}" for r in runs))
for k in sorted(set(kind.values())):
    cells = []
    for r in runs:
        v = [rows[n][r] for n in rows if kind[n] == k and rows[n].get(r) is not None]
        cells.append(f"{r} {statistics.median(v):.2f}" if v else f"{r} -")
    print(f"{k:<5} medians over {sum(kind[n] == k for n in rows)} characters: " + ", ".join(cells))
PY

#!/usr/bin/env bash
# Skin weights against the artists' on the development corpus (issue 21): every character's own
# skeleton skinned by `rigwright-cli skin` (bone heat), compared with the artist's weights by
# `rigwright-cli eval` (skin/skin_eval.h: influence precision / recall, mean L1, dominant-bone
# agreement, and the deformation over the artist's walk: mean / p95 vertex distance, % of
# height). Placement and motion transfer are left out: this measures the weights alone. Not part
# of CI (the corpus is a download): bash ../shared/corpus/build.sh /tmp/corpus first.
# Usage: bash bench/corpus_skin.sh [CORPUS=/tmp/corpus] [OUT=/tmp/corpus-skin] [skin options...]
set -uo pipefail
cd "$(dirname "$0")/.."
CORPUS=${1:-/tmp/corpus}
OUT=${2:-/tmp/corpus-skin}
shift 2 2>/dev/null || shift $#
CLI=${CLI:-build/app/rigwright-cli}
mkdir -p "$OUT"
rows="$OUT/table.tsv"
: > "$rows"
printf "%-28s %-5s %6s %6s %6s %6s %7s %7s\n" character kind prec recall L1 domin mean% p95%
for info in "$CORPUS"/*.info; do
  name=$(basename "$info" .info)
  kind=$(awk '/^kind:/ {print $2}' "$info")
  clip=$(awk -F': ' '/^clips:/ {split($2, a, " "); print a[1]}' "$info")
  if ! "$CLI" skin "$CORPUS/$name.glb" -o "$OUT/$name.skin.json" "$@" > "$OUT/$name.log" 2>&1 ||
     ! "$CLI" eval "$OUT/$name.skin.json" --reference "$CORPUS/$name.glb" --clip "$clip" \
       --json "$OUT/$name.eval.json" >> "$OUT/$name.log" 2>&1; then
    printf "%-28s %-5s failed: %s\n" "$name" "$kind" "$(tail -1 "$OUT/$name.log")"
    continue
  fi
  /usr/bin/python3 - "$OUT/$name.eval.json" "$name" "$kind" "$rows" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))["skin"]
row = [s["influence_precision"], s["influence_recall"], s["mean_l1"], s["dominant_agreement"],
       100 * s["mean_distance_height"], 100 * s["p95_distance_height"]]
print(f"{sys.argv[2]:<28} {sys.argv[3]:<5} " + " ".join(f"{v:6.3f}" for v in row[:4]) +
      " " + " ".join(f"{v:7.3f}" for v in row[4:]))
with open(sys.argv[4], "a") as f:
    f.write("\t".join([sys.argv[2], sys.argv[3]] + [repr(v) for v in row]) + "\n")
PY
done
/usr/bin/python3 - "$rows" <<'PY'
import statistics, sys
rows = [l.split("\t") for l in open(sys.argv[1]).read().splitlines()]
for label, pick in (("humans", lambda k: k != "quad"), ("animals", lambda k: k == "quad"),
                    ("all", lambda k: True)):
    sel = [[float(v) for v in r[2:]] for r in rows if pick(r[1])]
    if not sel:
        continue
    med = [statistics.median(c) for c in zip(*sel)]
    print(f"median {label:<20} {len(sel):5d} " + " ".join(f"{v:6.3f}" for v in med[:4]) + " " +
          " ".join(f"{v:7.3f}" for v in med[4:]))
PY

#!/usr/bin/env python3
"""Whole-process scaling benchmark (issue 24): the CLI on HUMAN.blend midpoint-subdivided from
8.5K to 548K triangles. For each size and command: the median wall time and peak memory of
RUNS runs (GNU time), then the exponent of growth between the two largest sizes
(log t2/t1 / log n2/n1; 1 is linear). Writes a Markdown table and a JSON report.

    bench/scaling.py BUILD_DIR OUT_DIR [--runs 3] [--levels 0,1,2,3]

Timed here, never in a test: a machine's load moves these numbers.
"""
import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile

MODEL = "/usr/share/assimp/models/BLEND/HUMAN.blend"


def timed(cmd):
    """Wall seconds and peak kilobytes of one run (fails loudly)."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as t:
        r = subprocess.run(["/usr/bin/time", "-f", "%e %M", "-o", t.name] + cmd,
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if r.returncode != 0:
            sys.exit(f"scaling.py: {' '.join(cmd)} failed: {r.stderr.strip()[-300:]}")
        seconds, kb = t.read().split()[-2:]
        return float(seconds), int(kb)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("build")
    ap.add_argument("out")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--levels", default="0,1,2,3")
    a = ap.parse_args()
    cli = os.path.join(a.build, "app", "rigwright-cli")
    subdivide = os.path.join(a.build, "bench", "bench_subdivided_obj")
    skeleton = os.path.join(os.path.dirname(__file__), "..", "resources", "skeletons",
                            "biped_full.json")
    production = os.path.join(os.path.dirname(__file__), "..", "resources", "skeletons",
                              "biped_production.json")
    os.makedirs(a.out, exist_ok=True)
    scratch = tempfile.mkdtemp(prefix="rw-scaling-")
    commands = {
        "info": lambda m: [cli, "info", m],
        "graph": lambda m: [cli, "graph", m, "--head", "auto", "--json",
                            os.path.join(scratch, "g.json")],
        "autorig + skin, JSON": lambda m: [cli, "autorig", m, "--head", "auto", "--skin", "-o",
                                           os.path.join(scratch, "a.json")],
        "retarget biped_full": lambda m: [cli, "retarget", m, skeleton, "--skeleton-head", "head",
                                          "-o", os.path.join(scratch, "r.json")],
        "rig biped_full (skin), .glb": lambda m: [cli, "rig", m, skeleton, "--skeleton-head",
                                                  "head", "-o", os.path.join(scratch, "r.glb")],
        # Skeleton embedding + bone heat (issue 23, against Pinocchio's 0.96-1.3 s at 8.5K and
        # 13-22 s at 137K on this machine kind).
        "rig biped_production --method embed, .glb": lambda m: [
            cli, "rig", m, production, "--method", "embed", "-o", os.path.join(scratch, "e.glb")],
    }
    rows = []
    for level in [int(x) for x in a.levels.split(",")]:
        mesh = os.path.join(scratch, f"human_{level}.obj")
        made = subprocess.run([subdivide, MODEL, str(level), mesh], capture_output=True,
                              text=True, check=True).stdout
        triangles = int(made.split(",")[1].split()[0])
        for name, make in commands.items():
            runs = [timed(make(mesh)) for _ in range(a.runs)]
            rows.append({"triangles": triangles, "command": name,
                         "seconds": statistics.median(s for s, _ in runs),
                         "peak_mb": max(kb for _, kb in runs) / 1024.0})
            print(f"{triangles:>7} {name:<28} {rows[-1]['seconds']:6.2f} s "
                  f"{rows[-1]['peak_mb']:7.0f} MB", flush=True)
    sizes = sorted({r["triangles"] for r in rows})
    lines = ["| command | " + " | ".join(f"{n / 1000:.1f}K" for n in sizes) +
             " | exponent | peak at largest |", "|---" * (len(sizes) + 3) + "|"]
    report = {"runs": a.runs, "rows": rows, "exponents": {}}
    for name in commands:
        t = {r["triangles"]: r for r in rows if r["command"] == name}
        exponent = None
        if len(sizes) >= 2 and t[sizes[-2]]["seconds"] > 0:
            exponent = math.log(t[sizes[-1]]["seconds"] / t[sizes[-2]]["seconds"]) / math.log(
                sizes[-1] / sizes[-2])
        report["exponents"][name] = exponent
        lines.append(f"| {name} | " + " | ".join(f"{t[n]['seconds']:.2f} s" for n in sizes) +
                     f" | {exponent:.2f} | {t[sizes[-1]]['peak_mb']:.0f} MB |"
                     if exponent is not None else "")
    table = "\n".join(lines) + "\n"
    open(os.path.join(a.out, "scaling.md"), "w").write(table)
    json.dump(report, open(os.path.join(a.out, "scaling.json"), "w"), indent=1)
    print(table)


if __name__ == "__main__":
    main()

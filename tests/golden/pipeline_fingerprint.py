#!/usr/bin/env python3
"""Behaviour fingerprints of the pipeline (issue 19: a refactor must not change results).

    pipeline_fingerprint.py record  CLI MODELS_DIR SKELETONS_DIR OUT.json
    pipeline_fingerprint.py compare CLI MODELS_DIR SKELETONS_DIR GOLDEN.json

Runs the CLI's `graph`, `autorig`, `retarget` and `skin` on the real models the tests use (and
the bundled skeletons on them) and reduces each result to numbers that any change of behaviour
moves: per multiresolution level the node and arc counts, node vertices and summed positions;
per joint its name, parent and local rest transform; per joint of a skin the sum of its weights,
its weight-weighted vertex index and the sum of its squared weights. `compare` fails (exit 1,
one line per difference) when a number differs by more than 1e-6 (relative to the character's
size for lengths) or a count or name differs.
"""
import json
import os
import subprocess
import sys
import tempfile

MESHES = [
    "X/BCN_Epileptic.X",
    "X/Testwuson.X",
    "OBJ/WusonOBJ.obj",
    "Collada/human.zae",
    "BLEND/HUMAN.blend",
]
RETARGETS = [  # (mesh, bundled skeleton)
    ("X/BCN_Epileptic.X", "biped_production.json"),
    ("X/BCN_Epileptic.X", "biped_simple.json"),
    ("Collada/human.zae", "biped_production.json"),
    ("Collada/human.zae", "biped_full.json"),
    ("BLEND/HUMAN.blend", "biped_production.json"),
    ("X/Testwuson.X", "quadruped.json"),
    ("OBJ/WusonOBJ.obj", "quadruped.json"),
]
# Relative. Not 1e-9: the sparse solvers take the CPU's own BLAS kernels, and the same build on
# an AMD EPYC and an Intel machine differs by up to ~1e-8 (measured on the WusonOBJ retarget's
# joints and weight sums). Any change of behaviour moves these numbers far more than 1e-6.
TOLERANCE = 1e-6


def run(cmd):
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    return r.returncode, r.stderr.strip().splitlines()[-1:] if r.returncode else []


def add(a, b):
    return [x + y for x, y in zip(a, b)]


def graph_print(cli, mesh, tmp):
    out = os.path.join(tmp, "graph.json")
    code, err = run([cli, "graph", mesh, "--head", "auto", "--json", out])
    if code:
        return {"error": err}
    g = json.load(open(out))
    levels = []
    for level in g["levels"]:
        total = [0.0, 0.0, 0.0]
        for n in level["nodes"]:
            total = add(total, n["position"])
        levels.append({
            "nodes": len(level["nodes"]),
            "arcs": len(level["arcs"]),
            "vertices": [n["vertex"] for n in level["nodes"]],
            "position_sum": total,
            "arc_length_sum": sum(a["length"] for a in level["arcs"]),
        })
    return {"head": g["head"]["vertex"], "extrema": [e["vertex"] for e in g["extrema"]],
            "critical_vertices": g["critical_vertices"], "levels": levels}


def skeleton_print(rig):
    joints = []
    for j in rig["skeleton"]["joints"]:
        rest = j["rest"]
        joints.append({"name": j["name"], "parent": j["parent"], "deform": j["deform"],
                       "translation": rest["translation"], "rotation": rest["rotation"],
                       "scale": rest["scale"], "tail": j.get("tail")})
    return {"joints": joints, "constraints": len(rig["skeleton"].get("constraints", []))}


def skin_print(rig):
    per_joint = {}
    for v, influences in enumerate(rig["skin"]["vertices"]):
        for name, w in influences:
            s = per_joint.setdefault(name, [0.0, 0.0, 0.0])
            s[0] += w
            s[1] += w * v
            s[2] += w * w
    return {"vertices": len(rig["skin"]["vertices"]), "joints": per_joint}


def autorig_print(cli, mesh, tmp):
    out = os.path.join(tmp, "autorig.json")
    code, err = run([cli, "autorig", mesh, "--head", "auto", "-o", out])
    return {"error": err} if code else skeleton_print(json.load(open(out)))


def retarget_and_skin_print(cli, mesh, skeleton, tmp):
    rig_path, skin_path = os.path.join(tmp, "rig.json"), os.path.join(tmp, "skin.json")
    code, err = run([cli, "retarget", mesh, skeleton, "--mesh-head", "auto",
                     "--skeleton-head", "head", "-o", rig_path])
    if code:
        return {"error": err}
    result = {"skeleton": skeleton_print(json.load(open(rig_path)))}
    code, err = run([cli, "skin", rig_path, "-o", skin_path])
    result["skin"] = {"error": err} if code else skin_print(json.load(open(skin_path)))
    return result


def fingerprints(cli, models, skeletons):
    prints = {}
    with tempfile.TemporaryDirectory() as tmp:
        for m in MESHES:
            path = os.path.join(models, m)
            prints["graph " + m] = graph_print(cli, path, tmp)
            prints["autorig " + m] = autorig_print(cli, path, tmp)
        for m, s in RETARGETS:
            prints["retarget " + s + " into " + m] = retarget_and_skin_print(
                cli, os.path.join(models, m), os.path.join(skeletons, s), tmp)
    return prints


def differences(golden, now, path=""):
    """Lines naming every number, count or name that differs."""
    if isinstance(golden, dict) and isinstance(now, dict):
        out = []
        for k in sorted(set(golden) | set(now)):
            if k not in now or k not in golden:
                out.append(f"{path}/{k}: {'missing now' if k not in now else 'new'}")
            else:
                out += differences(golden[k], now[k], f"{path}/{k}")
        return out
    if isinstance(golden, list) and isinstance(now, list):
        if len(golden) != len(now):
            return [f"{path}: {len(golden)} entries, now {len(now)}"]
        out = []
        for i, (a, b) in enumerate(zip(golden, now)):
            out += differences(a, b, f"{path}[{i}]")
        return out
    if isinstance(golden, float) or isinstance(now, float):
        if isinstance(golden, (int, float)) and isinstance(now, (int, float)):
            if abs(golden - now) <= TOLERANCE * max(1.0, abs(golden)):
                return []
    elif golden == now:
        return []
    return [f"{path}: {golden!r}, now {now!r}"]


def main():
    if len(sys.argv) != 6 or sys.argv[1] not in ("record", "compare"):
        print(__doc__, file=sys.stderr)
        return 2
    mode, cli, models, skeletons, golden_path = sys.argv[1:]
    now = fingerprints(cli, models, skeletons)
    if mode == "record":
        with open(golden_path, "w") as f:
            json.dump(now, f, sort_keys=True, separators=(",", ":"))
            f.write("\n")
        print(f"recorded {len(now)} fingerprints in {golden_path}")
        return 0
    golden = json.load(open(golden_path))
    diff = differences(golden, now)
    for line in diff[:200]:
        print(line)
    print(f"{len(golden)} fingerprints compared, {len(diff)} differences")
    return 1 if diff else 0


if __name__ == "__main__":
    sys.exit(main())

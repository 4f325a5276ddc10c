#!/usr/bin/python3
"""joint_errors.py CLI CORPUS RUN_DIR [NAME [REGEX]]

Where a self-retarget put the artist's joints (issue 20): for every character of the
development corpus rigged with its own skeleton (bench/corpus_retarget.sh's OUT/own-given or
OUT/own-auto, or corpus_pinned.sh's OUT/free), the distance of each deform joint from where
its artist put it, in % of the character's height, averaged by group (legs, head and neck,
tail, the rest: trunk); with NAME, that character's joints one by one with their x / y / z
parts (ours minus the artist's; y is up), optionally only those whose names match REGEX. The
groups are told by names (the corpus's skeletons name them in a dozen ways), a diagnosis, not a
measure: e2e_eval.py's vertex distance is the measure. Not part of CI."""
import glob
import os
import re
import subprocess
import sys
import tempfile

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from artist_pins import rest_positions  # noqa: E402

GROUPS = [
    ('tail', re.compile('tail', re.I)),
    # (?<!r)ear: an ear, not a "Rear" leg (the corpus's bovids name their hind legs so).
    ('head', re.compile('neck|head|(?<!r)ear|jaw|skull|eye|horn|mane|hair|nose|mouth|tongue|'
                        'maxila', re.I)),
    ('legs', re.compile('leg|thigh|calf|foot|knee|toe|hoof|arm|hand|paw|claw|shin|ankle|elbow|'
                        'shoulder|shouder|clavicle|femur|finger', re.I)),
]


def group_of(name):
    return next((g for g, pattern in GROUPS if pattern.search(name)), 'trunk')


def info_field(info, key):
    m = re.search(r'^%s: (.*)$' % key, info, re.M)
    return m.group(1) if m else ''


def rest_of(cli, glb, scratch):
    out = os.path.join(scratch, os.path.basename(glb) + '.json')
    subprocess.run([cli, 'export', glb, '-o', out], capture_output=True)
    return rest_positions(out) if os.path.exists(out) else None


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    cli, corpus, run = sys.argv[1:4]
    only = sys.argv[4] if len(sys.argv) > 4 else None
    pattern = re.compile(sys.argv[5], re.I) if len(sys.argv) > 5 else None
    with tempfile.TemporaryDirectory() as scratch:
        if not only:
            print(f"{'character':<28} {'kind':<5} " +
                  ' '.join(f'{g:>6}' for g in ['legs', 'head', 'tail', 'trunk']))
        for path in sorted(glob.glob(os.path.join(corpus, '*.info'))):
            name = os.path.basename(path)[:-5]
            if only and name != only:
                continue
            info = open(path).read()
            height = float(info_field(info, 'height'))
            deform = set(info_field(info, 'deform_bone_names').split())
            artist = rest_of(cli, os.path.join(corpus, name + '.glb'), scratch)
            ours = rest_of(cli, os.path.join(run, name + '.glb'), scratch)
            if artist is None or ours is None:
                print(f'{name:<28} not rigged')
                continue
            errors = {}
            for joint, p in artist.items():
                if joint in ours and joint in deform:
                    errors[joint] = 100.0 * (ours[joint] - p) / height
            if only:
                for joint, d in errors.items():
                    if pattern is None or pattern.search(joint):
                        print(f'{joint:<32} {group_of(joint):<5} {np.linalg.norm(d):6.1f}   '
                              f'x {d[0]:6.1f}  y {d[1]:6.1f}  z {d[2]:6.1f}')
                continue
            cells = []
            for g in ['legs', 'head', 'tail', 'trunk']:
                v = [np.linalg.norm(d) for j, d in errors.items() if group_of(j) == g]
                cells.append(f'{np.mean(v):6.1f}' if v else f"{'-':>6}")
            print(f"{name:<28} {info_field(info, 'kind'):<5} " + ' '.join(cells))


if __name__ == '__main__':
    main()

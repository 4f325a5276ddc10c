#!/usr/bin/python3
"""artist_pins.py RIG.json [REGEX]

Prints `--pin NAME=X,Y,Z` for every joint of a rig file (`rigwright-cli export ARTIST.glb -o
RIG.json`) at its rest position in the model's space (the joints' local rest translation,
rotation (w, x, y, z) and scale composed down the hierarchy), or only for the joints whose name
matches REGEX (case-insensitive search). For bench/corpus_pinned.sh."""
import json
import re
import sys

import numpy as np


def rotation_matrix(q):
    w, x, y, z = np.asarray(q, float) / np.linalg.norm(q)
    return np.array([[1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
                     [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
                     [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)]])


def rest_positions(path):
    """Joint name -> position at rest, parents before children as the file lists them."""
    joints = json.load(open(path))['skeleton']['joints']
    frames, positions = {}, {}
    for j in joints:
        rest = j['rest']
        local = np.eye(4)
        local[:3, :3] = rotation_matrix(rest['rotation']) @ np.diag(rest.get('scale', [1, 1, 1]))
        local[:3, 3] = rest['translation']
        parent = j.get('parent')
        frames[j['name']] = frames[parent] @ local if parent in frames else local
        positions[j['name']] = frames[j['name']][:3, 3]
    return positions


if __name__ == '__main__':
    pattern = re.compile(sys.argv[2], re.I) if len(sys.argv) > 2 else None
    print(' '.join('--pin %s=%r,%r,%r' % (name, *map(float, p))
                   for name, p in rest_positions(sys.argv[1]).items()
                   if pattern is None or pattern.search(name)))

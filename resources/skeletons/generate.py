#!/usr/bin/env python3
"""Writes the bundled skeletons of resources/skeletons/ as Rigwright rig JSON.

    python3 resources/skeletons/generate.py [OUTPUT_DIR]   (default: this script's folder)

Standard library only, deterministic: running it again reproduces the committed files byte for
byte (a test checks the files load and keep their invariants; README.md describes each one).

Conventions (the same as core/character.h): Y up, the character faces +Z, its left is +X,
units are metres. Every bone is authored like a Blender edit bone, as a head and a tail in
character space; the rest rotation is Blender's bone frame (local Y along head -> tail, roll 0
= the smallest rotation taking +Y onto the bone) and the rest translation is the head. Only the
left side is authored: every ".L" bone (and constraint) is mirrored to ".R" through the plane
x = 0, so the two sides are exact mirror images.
"""

import json
import math
import os
import re
import sys

DIGITS = 10  # decimals kept in the files: plenty below any tolerance, and readable diffs


# --- small vector and quaternion helpers (w, x, y, z) ----------------------------------------

def sub(a, b):
    return [a[0] - b[0], a[1] - b[1], a[2] - b[2]]


def dot(a, b):
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def cross(a, b):
    return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]


def norm(a):
    return math.sqrt(dot(a, a))


def qmul(a, b):
    aw, ax, ay, az = a
    bw, bx, by, bz = b
    return [aw * bw - ax * bx - ay * by - az * bz,
            aw * bx + ax * bw + ay * bz - az * by,
            aw * by - ax * bz + ay * bw + az * bx,
            aw * bz + ax * by - ay * bx + az * bw]


def qconj(q):
    return [q[0], -q[1], -q[2], -q[3]]


def qrotate(q, v):
    r = qmul(qmul(q, [0.0, v[0], v[1], v[2]]), qconj(q))
    return r[1:]


def qnormalized(q):
    n = math.sqrt(sum(c * c for c in q))
    return [c / n for c in q]


def bone_rotation(head, tail, roll):
    """Blender's bone frame: the smallest rotation taking +Y onto head -> tail, then `roll`
    radians about that axis. A bone pointing straight down (-Y) turns about Z, as Blender does."""
    d = sub(tail, head)
    d = [c / norm(d) for c in d]
    y = [0.0, 1.0, 0.0]
    c = dot(y, d)
    if c < -1.0 + 1e-12:
        q = [0.0, 0.0, 0.0, 1.0]
    else:
        axis = cross(y, d)
        q = qnormalized([1.0 + c, axis[0], axis[1], axis[2]])
    return qmul(q, [math.cos(roll / 2), 0.0, math.sin(roll / 2), 0.0])


# --- rig description ---------------------------------------------------------------------------

def mirrored_name(name):
    if name is None:
        return None
    return name[:-2] + ".R" if name.endswith(".L") else name


def mirrored_point(p):
    return [-p[0], p[1], p[2]]


class Rig:
    def __init__(self, head_joint):
        self.head_joint = head_joint
        self.bones = []  # dicts: name, parent, head, tail, deform, roll
        self.constraints = []

    def bone(self, name, parent, head, tail, deform=True, roll=0.0):
        assert norm(sub(tail, head)) > 1e-6, name + " has no length"
        assert parent is None or any(b["name"] == parent for b in self.bones), name
        self.bones.append(dict(name=name, parent=parent, head=list(head), tail=list(tail),
                               deform=deform, roll=roll))
        return name

    def chain(self, names, parent, points, deform=True):
        """Connected bones through `points` (one more point than names)."""
        for i, name in enumerate(names):
            self.bone(name, parent, points[i], points[i + 1], deform)
            parent = name
        return parent

    def constraint(self, kind, owner, target=None, pole=None, chain_length=0, influence=1.0):
        self.constraints.append(dict(type=kind, owner=owner, target=target, pole=pole,
                                     chain_length=chain_length, influence=influence))

    def mirror_left(self):
        """Adds the ".R" copy of every ".L" bone and constraint, after all authored bones."""
        for b in list(self.bones):
            if b["name"].endswith(".L"):
                self.bone(mirrored_name(b["name"]), mirrored_name(b["parent"]),
                          mirrored_point(b["head"]), mirrored_point(b["tail"]), b["deform"],
                          -b["roll"])
        for c in list(self.constraints):
            if c["owner"].endswith(".L"):
                self.constraints.append({k: mirrored_name(v) if isinstance(v, str) and k != "type"
                                         else v for k, v in c.items()})

    def to_json(self):
        by_name = {b["name"]: b for b in self.bones}
        rotations = {b["name"]: bone_rotation(b["head"], b["tail"], b["roll"])
                     for b in self.bones}
        joints = []
        for b in self.bones:
            q = rotations[b["name"]]
            t = b["head"]
            if b["parent"] is not None:
                p = by_name[b["parent"]]
                qp = rotations[p["name"]]
                t = qrotate(qconj(qp), sub(b["head"], p["head"]))
                q = qmul(qconj(qp), q)
            if q[0] < 0:
                q = [-c for c in q]
            joints.append({
                "name": b["name"],
                "parent": b["parent"],
                "deform": b["deform"],
                "rest": {"translation": rounded(t), "rotation": rounded(q),
                         "scale": [1.0, 1.0, 1.0]},
                "tail": rounded(b["tail"]),
            })
        constraints = [{"type": c["type"], "owner": c["owner"], "target": c["target"],
                        "pole": c["pole"], "chain_length": c["chain_length"],
                        "influence": c["influence"], "pole_angle": 0.0} for c in self.constraints]
        return {
            "format": "rigwright-rig",
            "version": 1,
            "source": {"mesh": "", "skeleton": ""},
            "skeleton": {"joints": joints, "constraints": constraints},
            "heads": {"mesh_vertex": None, "skeleton_joint": self.head_joint},
            "joint_map": {},
            "parameters": {},
        }


def rounded(v):
    # + 0.0 turns -0.0 into 0.0 so that mirrored files do not differ by the sign of zero
    return [round(c, DIGITS) + 0.0 for c in v]


def add(p, d):
    return [p[0] + d[0], p[1] + d[1], p[2] + d[2]]


def lerp(a, b, t):
    return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t]


# --- the skeletons -----------------------------------------------------------------------------

def biped_torso(rig, parent, spine_names, neck_names=("neck",)):
    """Hips, spine, neck and head of a 1.8 m biped; returns the chest (the last spine bone,
    where the arms hang). The spine runs from 1.08 m to the neck at 1.50 m, the neck to the base
    of the skull at 1.60 m, each in equal steps."""
    rig.bone("hips", parent, [0.0, 0.98, 0.0], [0.0, 1.08, -0.01])
    n = len(spine_names)
    points = [[0.0, 1.08 + 0.42 * i / n, -0.01 - 0.005 * (i % 2)] for i in range(n + 1)]
    chest = rig.chain(spine_names, "hips", points)
    k = len(neck_names)
    neck = [lerp(points[-1], [0.0, 1.60, 0.0], i / k) for i in range(k)]
    rig.chain(list(neck_names) + ["head"], chest, neck + [[0.0, 1.60, 0.0], [0.0, 1.80, 0.0]])
    return chest


SHOULDER = [0.17, 1.46, -0.02]
ELBOW = [0.45, 1.46, -0.04]
WRIST = [0.71, 1.46, -0.02]
KNUCKLE = [0.80, 1.46, -0.02]
HIP = [0.09, 0.93, 0.0]
KNEE = [0.095, 0.50, 0.015]
ANKLE = [0.10, 0.08, -0.02]
BALL = [0.10, 0.02, 0.11]
TOE_TIP = [0.10, 0.0, 0.17]
HEEL = [0.10, 0.0, -0.06]

# Left-hand fingers in the T-pose (palm down, so the thumb points forward, +Z): knuckle and the
# lengths of the three phalanges along +X. The thumb starts near the wrist and is clearly the
# shortest chain, so symmetry detection splits it from the four fingers (see README.md).
FINGERS = [
    ("index", [0.800, 1.462, 0.012], [0.045, 0.028, 0.022]),
    ("middle", [0.805, 1.462, -0.010], [0.050, 0.032, 0.023]),
    ("ring", [0.800, 1.461, -0.031], [0.046, 0.030, 0.022]),
    ("pinky", [0.790, 1.458, -0.050], [0.038, 0.024, 0.019]),
]
THUMB = [[0.725, 1.448, 0.020], [0.752, 1.440, 0.042], [0.774, 1.436, 0.056],
         [0.791, 1.434, 0.067]]


def finger_points(knuckle, lengths):
    points = [knuckle]
    for length in lengths:
        points.append(add(points[-1], [length, -0.002, 0.0]))
    return points


def limb_controls(rig, fingers, arm_ik_owner, leg_ik_owner, chain):
    """The left limbs' controls of the production-style bipeds. IK: the arm / leg chains
    (`chain` bones, owned by `arm_ik_owner` / `leg_ik_owner`, which end at the wrist / ankle)
    reach for hand_ik / foot_ik, bending towards the poles: elbows bend backwards (pole behind,
    -Z), knees forwards (pole in front). Foot roll (reverse foot): the IK control rolls about
    the heel, then the toe tip, then the ball of the foot, each pivot a child of the previous
    one. Finger curls: one control per finger, lying just above it, driving its three bones."""
    rig.bone("hand_ik.L", "root", WRIST, add(WRIST, [0.09, 0.0, 0.0]), deform=False)
    rig.bone("elbow_pole.L", "root", add(ELBOW, [0.0, 0.0, -0.40]),
             add(ELBOW, [0.0, 0.0, -0.45]), deform=False)
    rig.bone("foot_ik.L", "root", ANKLE, [ANKLE[0], ANKLE[1], TOE_TIP[2]], deform=False)
    rig.bone("knee_pole.L", "root", add(KNEE, [0.0, 0.0, 0.45]), add(KNEE, [0.0, 0.0, 0.50]),
             deform=False)
    rig.bone("heel_pivot.L", "foot_ik.L", HEEL, add(HEEL, [0.0, 0.0, 0.06]), deform=False)
    rig.bone("toe_pivot.L", "heel_pivot.L", TOE_TIP, add(TOE_TIP, [0.0, 0.0, -0.05]),
             deform=False)
    rig.bone("ball_pivot.L", "toe_pivot.L", BALL, add(BALL, [0.0, 0.06, 0.0]), deform=False)
    for name, points in fingers:
        rig.bone(name + "_curl.L", "hand.L", add(points[0], [0.0, 0.02, 0.0]),
                 add(points[-1], [0.0, 0.02, 0.0]), deform=False)
        for i in range(3):
            rig.constraint("copy_rotation", "%s.%02d.L" % (name, i + 1), name + "_curl.L")
    rig.constraint("ik", arm_ik_owner, "hand_ik.L", "elbow_pole.L", chain)
    rig.constraint("copy_rotation", "hand.L", "hand_ik.L")
    rig.constraint("ik", leg_ik_owner, "foot_ik.L", "knee_pole.L", chain)
    rig.constraint("copy_rotation", "foot.L", "foot_ik.L")


def biped_production():
    rig = Rig("head")
    rig.bone("root", None, [0.0, 0.0, 0.0], [0.0, 0.0, -0.3], deform=False)
    chest = biped_torso(rig, "root", ["spine.01", "spine.02", "spine.03"])
    # Arm: clavicle from the sternum to the shoulder, then upper arm, forearm, hand.
    rig.chain(["clavicle.L", "upperarm.L", "forearm.L", "hand.L"], chest,
              [[0.025, 1.45, 0.02], SHOULDER, ELBOW, WRIST, KNUCKLE])
    fingers = [("thumb", THUMB)] + [(n, finger_points(k, ls)) for n, k, ls in FINGERS]
    for name, points in fingers:
        rig.chain(["%s.%02d.L" % (name, i + 1) for i in range(3)], "hand.L", points)
    rig.chain(["thigh.L", "shin.L", "foot.L", "toe.L"], "hips", [HIP, KNEE, ANKLE, BALL, TOE_TIP])

    # Controls: two-bone IK on the forearm / shin chains, foot roll, finger curls.
    limb_controls(rig, fingers, "forearm.L", "shin.L", 2)
    rig.mirror_left()
    return rig


def biped_full():
    """A studio-style biped of exactly 136 bones (87 deform, 49 control): biped_production with
    a longer spine and neck, twist segments on the long limb bones, two-bone toes, a face set,
    breathing helpers, FK controls, torso / chest / head / jaw / shoulder controls, eye targets
    and spine ribbon tweaks. Same 1.8 m T-pose, same conventions."""
    rig = Rig("head")
    rig.bone("root", None, [0.0, 0.0, 0.0], [0.0, 0.0, -0.3], deform=False)
    # The torso control carries the whole upper body (Rigify's "torso"): a control between the
    # master root and the hips, so the skeleton graph still starts at the hips.
    rig.bone("torso", "root", [0.0, 0.98, 0.0], [0.0, 0.98, -0.25], deform=False)
    spine = ["spine.01", "spine.02", "spine.03", "spine.04"]
    chest = biped_torso(rig, "torso", spine, ("neck.01", "neck.02"))
    # Long limb bones are split in two like Rigify's DEF bones (upper_arm, upper_arm.001): the
    # second half ("_twist") takes the twist, so the chain stays one arc of the skeleton graph.
    rig.chain(["clavicle.L", "upperarm.L", "upperarm_twist.L", "forearm.L", "forearm_twist.L",
               "hand.L"], chest,
              [[0.025, 1.45, 0.02], SHOULDER, lerp(SHOULDER, ELBOW, 0.5), ELBOW,
               lerp(ELBOW, WRIST, 0.5), WRIST, KNUCKLE])
    fingers = [("thumb", THUMB)] + [(n, finger_points(k, ls)) for n, k, ls in FINGERS]
    for name, points in fingers:
        rig.chain(["%s.%02d.L" % (name, i + 1) for i in range(3)], "hand.L", points)
    rig.chain(["thigh.L", "thigh_twist.L", "shin.L", "shin_twist.L", "foot.L", "toe.01.L",
               "toe.02.L"], "hips",
              [HIP, lerp(HIP, KNEE, 0.5), KNEE, lerp(KNEE, ANKLE, 0.5), ANKLE, BALL,
               lerp(BALL, TOE_TIP, 0.5), TOE_TIP])
    # Breathing helpers: breasts on the chest, the belly on the hips (not on a spine bone, whose
    # branching would split the spine arc the mesh has as one).
    rig.bone("breast.L", chest, [0.09, 1.33, 0.07], [0.09, 1.33, 0.13])
    rig.bone("belly", "hips", [0.0, 1.04, 0.07], [0.0, 1.04, 0.13])
    # Face, from the head joint (base of the skull, 1.60 m; the face is at +Z).
    rig.bone("jaw", "head", [0.0, 1.64, 0.02], [0.0, 1.59, 0.09])
    rig.bone("lip_lower", "jaw", [0.0, 1.615, 0.095], [0.0, 1.615, 0.108])
    rig.chain(["tongue.01", "tongue.02"], "jaw",
              [[0.0, 1.625, 0.03], [0.0, 1.625, 0.06], [0.0, 1.622, 0.085]])
    rig.bone("lip_upper", "head", [0.0, 1.645, 0.10], [0.0, 1.645, 0.113])
    rig.bone("nose", "head", [0.0, 1.70, 0.10], [0.0, 1.675, 0.125])
    rig.bone("lip_corner.L", "head", [0.024, 1.632, 0.092], [0.034, 1.632, 0.087])
    eye = [0.032, 1.72, 0.07]
    rig.bone("eye.L", "head", eye, [0.032, 1.72, 0.095])
    rig.bone("eyelid_upper.L", "head", eye, [0.032, 1.734, 0.097])
    rig.bone("eyelid_lower.L", "head", eye, [0.032, 1.706, 0.096])
    rig.bone("brow_inner.L", "head", [0.014, 1.752, 0.097], [0.031, 1.757, 0.097])
    rig.bone("brow_outer.L", "head", [0.036, 1.757, 0.094], [0.056, 1.751, 0.085])
    rig.bone("cheek.L", "head", [0.045, 1.68, 0.082], [0.054, 1.665, 0.087])

    # Controls: production's IK targets, poles, foot roll and finger curls. The IK chains now
    # have four bones (both halves of the upper and lower bone), owned by the twist half that
    # ends at the wrist / ankle, where the IK target sits.
    limb_controls(rig, fingers, "forearm_twist.L", "shin_twist.L", 4)

    # Body controls: chest and head (children of the torso control), jaw, shoulders.
    rig.bone("chest_ctrl", "torso", [0.0, 1.395, -0.01], [0.0, 1.395, -0.26], deform=False)
    rig.constraint("copy_rotation", chest, "chest_ctrl")
    rig.bone("head_ctrl", "chest_ctrl", [0.0, 1.60, 0.0], [0.0, 1.60, -0.2], deform=False)
    rig.constraint("copy_rotation", "head", "head_ctrl")
    rig.bone("jaw_ctrl", "head", [0.0, 1.59, 0.09], [0.0, 1.56, 0.14], deform=False)
    rig.constraint("copy_rotation", "jaw", "jaw_ctrl")
    rig.bone("shoulder.L", "chest_ctrl", [0.025, 1.47, 0.02], add(SHOULDER, [0.0, 0.02, 0.0]),
             deform=False)
    rig.constraint("copy_rotation", "clavicle.L", "shoulder.L")
    # Eyes aim at targets half a metre in front of the face.
    rig.bone("eye_target.L", "head_ctrl", [eye[0], eye[1], 0.6], [eye[0], eye[1], 0.65],
             deform=False)
    rig.constraint("damped_track", "eye.L", "eye_target.L")
    # Spine ribbon tweaks: one at the base of each spine bone, lying behind the back.
    for name in spine:
        head = next(b["head"] for b in rig.bones if b["name"] == name)
        rig.bone(name.replace("spine", "spine_tweak"), name, head, add(head, [0.0, 0.0, -0.1]),
                 deform=False)
    # FK controls lying on the limb bones (IK is on: their copies are at influence 0, the switch
    # an animator turns).
    fk = [("upperarm", "shoulder.L", SHOULDER, ELBOW), ("forearm", None, ELBOW, WRIST),
          ("hand", None, WRIST, KNUCKLE), ("thigh", "hips", HIP, KNEE), ("shin", None, KNEE, ANKLE),
          ("foot", None, ANKLE, BALL)]
    parent = None
    for name, fk_parent, a, b in fk:
        parent = rig.bone(name + "_fk.L", fk_parent or parent, add(a, [0.0, 0.03, 0.0]),
                          add(b, [0.0, 0.03, 0.0]), deform=False)
        rig.constraint("copy_rotation", name + ".L", name + "_fk.L", influence=0.0)
    rig.mirror_left()
    assert len(rig.bones) == 136, len(rig.bones)
    return rig


def biped_simple():
    rig = Rig("head")
    chest = biped_torso(rig, None, ["spine", "chest"])
    rig.chain(["upperarm.L", "forearm.L", "hand.L"], chest,
              [SHOULDER, ELBOW, WRIST, [0.89, 1.455, -0.02]])
    rig.chain(["thigh.L", "shin.L", "foot.L"], "hips", [HIP, KNEE, ANKLE, TOE_TIP])
    rig.mirror_left()
    return rig


def quadruped():
    """A dog-like quadruped, 1.1 m at the head, body along Z (head +Z), tail shorter than the
    legs (so that the tail and the hind legs are not one symmetry group)."""
    rig = Rig("head")
    rig.bone("root", None, [0.0, 0.0, 0.0], [0.0, 0.0, -0.3], deform=False)
    hips = [0.0, 0.80, -0.45]
    rig.bone("hips", "root", hips, [0.0, 0.82, -0.25])
    chest = rig.chain(["spine.01", "spine.02", "chest"], "hips",
                      [[0.0, 0.82, -0.25], [0.0, 0.83, 0.0], [0.0, 0.82, 0.25],
                       [0.0, 0.88, 0.45]])
    head = rig.chain(["neck.01", "neck.02", "head"], chest,
                     [[0.0, 0.88, 0.45], [0.0, 0.98, 0.55], [0.0, 1.08, 0.65],
                      [0.0, 1.02, 0.88]])
    rig.bone("jaw", head, [0.0, 1.02, 0.68], [0.0, 0.97, 0.86])
    rig.chain(["tail.01", "tail.02", "tail.03", "tail.04"], "hips",
              [[0.0, 0.82, -0.52], [0.0, 0.80, -0.66], [0.0, 0.76, -0.79], [0.0, 0.70, -0.91],
               [0.0, 0.63, -1.02]])
    front = [[0.12, 0.78, 0.30], [0.13, 0.50, 0.25], [0.13, 0.22, 0.29], [0.13, 0.05, 0.27],
             [0.13, 0.0, 0.35]]
    hind = [[0.13, 0.78, -0.45], [0.14, 0.50, -0.33], [0.14, 0.22, -0.48], [0.14, 0.05, -0.44],
            [0.14, 0.0, -0.36]]
    rig.chain(["front_thigh.L", "front_shin.L", "front_foot.L", "front_toe.L"], chest, front)
    rig.chain(["thigh.L", "shin.L", "foot.L", "toe.L"], "hips", hind)
    # Leg IK: the thigh + shin chain reaches for a target at the ankle, knees bending towards
    # poles (front knees forwards, hocks backwards).
    for prefix, leg, pole_z in (("front_", front, 0.4), ("", hind, -0.4)):
        rig.bone(prefix + "foot_ik.L", "root", leg[2], add(leg[2], [0.0, 0.0, 0.1]),
                 deform=False)
        rig.bone(prefix + "leg_pole.L", "root", add(leg[1], [0.0, 0.0, pole_z]),
                 add(leg[1], [0.0, 0.0, pole_z + math.copysign(0.05, pole_z)]), deform=False)
        rig.constraint("ik", prefix + "shin.L", prefix + "foot_ik.L", prefix + "leg_pole.L", 2)
    rig.mirror_left()
    return rig


def insect():
    """A beetle-like insect, 1.15 m from head to abdomen tip: head, three thorax segments
    carrying a pair of legs each (4 bones: coxa, femur, tibia, tarsus), fore wings on the
    mesothorax and hind wings on the metathorax, a 3-bone abdomen and two 3-bone antennae.
    Wings are shorter than the abdomen, itself shorter than the legs, so that wings, legs and
    abdomen hanging from one segment are separate symmetry groups."""
    rig = Rig("head")
    rig.bone("root", None, [0.0, 0.0, 0.0], [0.0, 0.0, -0.2], deform=False)
    meta, meso, pro, head = [0.0, 0.30, -0.20], [0.0, 0.30, -0.05], [0.0, 0.30, 0.10], \
        [0.0, 0.31, 0.22]
    rig.chain(["metathorax", "mesothorax", "prothorax", "head"], "root",
              [meta, meso, pro, head, [0.0, 0.30, 0.36]])
    rig.chain(["abdomen.01", "abdomen.02", "abdomen.03"], "metathorax",
              [meta, [0.0, 0.31, -0.40], [0.0, 0.30, -0.60], [0.0, 0.27, -0.79]])
    rig.chain(["antenna.01.L", "antenna.02.L", "antenna.03.L"], "head",
              [[0.03, 0.34, 0.33], [0.08, 0.40, 0.43], [0.14, 0.43, 0.55], [0.20, 0.44, 0.66]])
    # Legs sprawl sideways and down to the ground; the front pair reaches forwards, the hind
    # pair backwards. Lengths grow from front to back as on most beetles.
    legs = {
        "front": ("prothorax", [[0.05, 0.28, 0.14], [0.10, 0.29, 0.16], [0.30, 0.42, 0.26],
                                [0.42, 0.08, 0.36], [0.47, 0.0, 0.42]]),
        "mid": ("mesothorax", [[0.05, 0.28, 0.0], [0.10, 0.29, 0.0], [0.32, 0.43, 0.0],
                               [0.50, 0.08, 0.0], [0.57, 0.0, 0.0]]),
        "hind": ("metathorax", [[0.05, 0.28, -0.15], [0.10, 0.29, -0.17], [0.33, 0.44, -0.27],
                                [0.52, 0.08, -0.40], [0.60, 0.0, -0.47]]),
    }
    for name, (segment, points) in legs.items():
        rig.chain([name + "_" + part + ".L" for part in ("coxa", "femur", "tibia", "tarsus")],
                  segment, points)
        # Leg IK: femur + tibia reach for a target where the tarsus starts.
        rig.bone(name + "_leg_ik.L", "root", points[3], add(points[3], [0.0, -0.05, 0.0]),
                 deform=False)
        rig.constraint("ik", name + "_tibia.L", name + "_leg_ik.L", None, 2)
    # Wings spread sideways and back, lying on the back of their segment, clear of the legs
    # (a hind wing level with the hind femur ran alongside it: a mesh grown around the rig
    # fused the two, leaving the wing nothing of its own to be placed on).
    rig.bone("forewing.L", "mesothorax", [0.04, 0.35, -0.02], [0.32, 0.38, -0.12])
    rig.bone("hindwing.L", "metathorax", [0.04, 0.38, -0.17], [0.24, 0.44, -0.36])
    rig.mirror_left()
    return rig


def dumps(document):
    """Indented JSON with each vector on one line (a joint reads as a few short lines)."""
    text = json.dumps(document, indent=2)
    return re.sub(r"\[\s*([-0-9.e,\s]+?)\s*\]",
                  lambda m: "[" + ", ".join(x.strip() for x in m.group(1).split(",")) + "]",
                  text) + "\n"


SKELETONS = {
    "biped_production.json": biped_production,
    "biped_full.json": biped_full,
    "biped_simple.json": biped_simple,
    "quadruped.json": quadruped,
    "insect.json": insect,
}


def main():
    out_dir = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    for file_name, build in SKELETONS.items():
        rig = build()
        text = dumps(rig.to_json())
        with open(os.path.join(out_dir, file_name), "w", encoding="utf-8") as f:
            f.write(text)
        deform = sum(1 for b in rig.bones if b["deform"])
        print("%s: %d bones (%d deform, %d control), %d constraints" % (
            file_name, len(rig.bones), deform, len(rig.bones) - deform, len(rig.constraints)))


if __name__ == "__main__":
    main()

"""Renders the weight view of chosen bones the way an artist checks them in Blender's Weight
Paint mode (blue 0 -> green -> red 1), at the rest pose:
    blender -b --factory-startup --python scripts/render_weights.py -- FILE OUT_PREFIX \
        BONES [front|back|side]
FILE is a .glb/.gltf or .fbx; BONES comma-separated bone names. Writes OUT_PREFIX_<bone>.png
(640x640, workbench, orthographic) and prints per bone how many vertices it leads and carries.
"""
import math
import sys

import bpy
from mathutils import Vector

args = sys.argv[sys.argv.index("--") + 1:]
path, prefix, bones = args[0], args[1], args[2].split(",")
view = args[3] if len(args) > 3 else "front"

for o in list(bpy.data.objects):
    bpy.data.objects.remove(o)
if path.lower().endswith(".fbx"):
    bpy.ops.import_scene.fbx(filepath=path)
else:
    import numpy
    numpy.bool = bool  # Debian 12: numpy 1.24 vs Blender 3.4's glTF importer
    bpy.ops.import_scene.gltf(filepath=path)
scene = bpy.context.scene
meshes = [o for o in scene.objects if o.type == "MESH"]
for o in scene.objects:  # the rest pose: no clip, no armature drawing
    if o.type == "ARMATURE":
        o.data.pose_position = "REST"
        o.hide_render = True


def ramp(w):
    """Blender's weight colours: blue (0), cyan, green (0.5), yellow, red (1)."""
    stops = [(0.0, (0, 0, 1)), (0.25, (0, 1, 1)), (0.5, (0, 1, 0)), (0.75, (1, 1, 0)),
             (1.0, (1, 0, 0))]
    for (a, ca), (b, cb) in zip(stops, stops[1:]):
        if w <= b:
            t = (w - a) / (b - a)
            return tuple(x + (y - x) * t for x, y in zip(ca, cb))
    return stops[-1][1]


lo = Vector((1e9, 1e9, 1e9))
hi = -lo
for m in meshes:
    for v in m.data.vertices:
        w = m.matrix_world @ v.co
        lo = Vector(map(min, lo, w))
        hi = Vector(map(max, hi, w))
size = max(hi - lo)
c = (lo + hi) / 2
cam_data = bpy.data.cameras.new("cam")
cam_data.type = "ORTHO"
cam_data.ortho_scale = size * 1.1
cam = bpy.data.objects.new("cam", cam_data)
scene.collection.objects.link(cam)
if view == "side":
    cam.location = (c.x + size * 4, c.y, c.z)
    cam.rotation_euler = (math.pi / 2, 0, math.pi / 2)
elif view == "back":
    cam.location = (c.x, c.y + size * 4, c.z)
    cam.rotation_euler = (math.pi / 2, 0, math.pi)
else:
    cam.location = (c.x, c.y - size * 4, c.z)
    cam.rotation_euler = (math.pi / 2, 0, 0)
scene.camera = cam
scene.render.engine = "BLENDER_WORKBENCH"
scene.display.shading.light = "FLAT"
scene.display.shading.color_type = "VERTEX"
scene.display.shading.show_object_outline = False
scene.render.resolution_x = scene.render.resolution_y = 640

for bone in bones:
    led = carried = 0
    for m in meshes:
        group = m.vertex_groups.get(bone)
        layer = m.data.color_attributes.get("weights") or m.data.color_attributes.new(
            "weights", "FLOAT_COLOR", "POINT")
        m.data.color_attributes.active_color = layer
        for v in m.data.vertices:
            w = 0.0
            best = 0.0
            for g in v.groups:
                best = max(best, g.weight)
                if group is not None and g.group == group.index:
                    w = g.weight
            led += w > 0 and w >= best
            carried += w > 0
            layer.data[v.index].color = (*ramp(w), 1.0)
    scene.render.filepath = f"{prefix}_{bone}.png"
    bpy.ops.render.render(write_still=True)
    print(f"BONE {bone}: leads {led} vertices, weights {carried}")

"""Renders chosen frames of a character file the way an artist would look at them in Blender:
    blender -b --factory-startup --python scripts/render_frames.py -- FILE OUT_PREFIX ACTION \
        FRAMES [side|front] [FLOOR_Y]
FILE is a .glb/.gltf or .fbx; ACTION a clip name (or '' for the first); FRAMES comma-separated
frame numbers of the clip at its own rate (frame 0 = time 0); FLOOR_Y the character-space height
of the floor (default 0), drawn as a plane. Writes OUT_PREFIX_<frame>.png (640x640, workbench,
orthographic) and prints the mesh's lowest point per frame against the floor.
"""
import math
import sys

import bpy
from mathutils import Vector

args = sys.argv[sys.argv.index("--") + 1:]
path, prefix, want, frames = args[0], args[1], args[2], [int(f) for f in args[3].split(",")]
view = args[4] if len(args) > 4 else "side"
floor_y = float(args[5]) if len(args) > 5 else 0.0

for o in list(bpy.data.objects):
    bpy.data.objects.remove(o)
if path.lower().endswith(".fbx"):
    bpy.ops.import_scene.fbx(filepath=path)
    offset = 1.0  # Blender's FBX importer starts clips at frame 1
else:
    import numpy
    numpy.bool = bool  # Debian 12: numpy 1.24 vs Blender 3.4's glTF importer
    bpy.ops.import_scene.gltf(filepath=path)
    offset = 0.0
scene = bpy.context.scene
arm = next(o for o in scene.objects if o.type == "ARMATURE")
meshes = [o for o in scene.objects if o.type == "MESH"]
actions = [a for a in bpy.data.actions if not want or a.name == want or want in a.name]
if arm.animation_data is None:
    arm.animation_data_create()
for track in arm.animation_data.nla_tracks:
    track.mute = True
arm.animation_data.action = actions[0]
fps = scene.render.fps / scene.render.fps_base
# The glTF importer keys at time * the scene rate; our clips' own rate comes from the file name
# of the action range, so ask the caller for frames at the clip's rate via FPS in the env.
import os
clip_fps = float(os.environ.get("CLIP_FPS", fps))


def lowest_and_box():
    dg = bpy.context.evaluated_depsgraph_get()
    lo = Vector((1e9, 1e9, 1e9))
    hi = -lo
    for m in meshes:
        ev = m.evaluated_get(dg)
        me = ev.to_mesh()
        for v in me.vertices:
            w = m.matrix_world @ v.co
            lo = Vector(map(min, lo, w))
            hi = Vector(map(max, hi, w))
        ev.to_mesh_clear()
    return lo, hi


def set_frame(f):
    t = offset + f / clip_fps * fps
    whole = int(t // 1)
    scene.frame_set(whole, subframe=t - whole)


set_frame(frames[0])
lo, hi = lowest_and_box()
size = max(hi - lo)
c = (lo + hi) / 2
bpy.ops.mesh.primitive_plane_add(size=size * 4, location=(c.x, c.y, floor_y))  # glTF y is Z
bpy.context.active_object.color = (0.35, 0.45, 0.35, 1)
cam_data = bpy.data.cameras.new("cam")
cam_data.type = "ORTHO"
cam_data.ortho_scale = size * 1.5
cam = bpy.data.objects.new("cam", cam_data)
scene.collection.objects.link(cam)
if view == "front":
    cam.location = (c.x, c.y - size * 4, c.z)
    cam.rotation_euler = (math.pi / 2 - 0.06, 0, 0)
else:  # the character's left side (+X), a little from above so the floor shows
    cam.location = (c.x + size * 4, c.y, c.z + size * 0.25)
    cam.rotation_euler = (math.pi / 2 - 0.06, 0, math.pi / 2)
scene.camera = cam
scene.render.engine = "BLENDER_WORKBENCH"
scene.display.shading.light = "STUDIO"
scene.display.shading.color_type = "OBJECT"
for m in meshes:
    m.color = (0.8, 0.6, 0.4, 1)
scene.display.shading.show_object_outline = True
scene.render.resolution_x = scene.render.resolution_y = 640
for f in frames:
    set_frame(f)
    lo, hi = lowest_and_box()
    cam.location.x = (lo.x + hi.x) / 2 + size * 4 if view != "front" else (lo.x + hi.x) / 2
    cam.location.y = (lo.y + hi.y) / 2 if view != "front" else cam.location.y
    scene.render.filepath = f"{prefix}_{f}.png"
    bpy.ops.render.render(write_still=True)
    print(f"FRAME {f}: lowest {lo.z - floor_y:+.4f} above the floor, top {hi.z:.3f}")

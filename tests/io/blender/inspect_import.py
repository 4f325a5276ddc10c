# Opens an exported character in Blender, the way a user would, and reports what Blender sees
# as JSON, all in Blender's world space (Z up, metres):
#   blender -b --factory-startup --python inspect_import.py -- FILE OUT.json REQUEST.json
# REQUEST.json: {"offset": frames Blender's importer adds, "poses": [{"clip": NAME,
#   "seconds": [t, ...]}, ...]}. The C++ test (blender_import_test.cpp) compares the report
# with the character it exported. Any failure exits non-zero with the traceback.
import json
import sys
import traceback

import bpy


def main():
    path, out_path, request_path = sys.argv[sys.argv.index("--") + 1:][:3]
    with open(request_path) as f:
        request = json.load(f)
    for o in list(bpy.data.objects):  # factory startup's cube, camera and light
        bpy.data.objects.remove(o)
    lower = path.lower()
    if lower.endswith(".fbx"):
        bpy.ops.import_scene.fbx(filepath=path)
    else:
        import numpy
        numpy.bool = bool  # Debian 12: numpy 1.24 dropped numpy.bool, Blender 3.4's glTF uses it
        bpy.ops.import_scene.gltf(filepath=path)

    scene = bpy.context.scene
    armatures = [o for o in scene.objects if o.type == 'ARMATURE']
    meshes = [o for o in scene.objects if o.type == 'MESH']
    report = {"armatures": len(armatures), "meshes": [], "bones": [], "actions": [],
              "fps": scene.render.fps / scene.render.fps_base, "poses": []}
    arm = armatures[0] if armatures else None
    if arm:
        for b in arm.data.bones:
            head = arm.matrix_world @ b.head_local
            report["bones"].append({"name": b.name, "parent": b.parent.name if b.parent else None,
                                    "head": list(head)})
    for o in meshes:
        names = [g.name for g in o.vertex_groups]
        groups = [[[names[g.group], g.weight] for g in v.groups] for v in o.data.vertices]
        mods = [m.type for m in o.modifiers]
        report["meshes"].append({"name": o.name, "vertices": len(o.data.vertices),
                                 "groups": groups, "modifiers": mods})
    for a in bpy.data.actions:
        report["actions"].append({"name": a.name, "range": list(a.frame_range)})

    if arm and meshes and request.get("poses"):
        if arm.animation_data is None:
            arm.animation_data_create()
        # NLA tracks (glTF) would play on top of the action we pick: mute them.
        for track in arm.animation_data.nla_tracks:
            track.mute = True
        depsgraph = bpy.context.evaluated_depsgraph_get()
        for pose in request["poses"]:
            clip = pose["clip"]
            matches = [a for a in bpy.data.actions
                       if a.name == clip or clip in a.name.split("|") or a.name.startswith(clip + "_")]
            if not matches:
                report["poses"].append({"clip": clip, "missing": True})
                continue
            for pb in arm.pose.bones:  # bones this clip does not key stay at rest
                pb.location = (0, 0, 0)
                pb.rotation_quaternion = (1, 0, 0, 0)
                pb.rotation_euler = (0, 0, 0)
                pb.scale = (1, 1, 1)
            arm.animation_data.action = matches[0]
            for t in pose["seconds"]:
                frame = request["offset"] + t * report["fps"]
                whole = int(frame // 1)
                scene.frame_set(whole, subframe=frame - whole)
                depsgraph.update()
                obj = meshes[0].evaluated_get(depsgraph)
                mesh = obj.to_mesh()
                coords = [list(obj.matrix_world @ v.co) for v in mesh.vertices]
                obj.to_mesh_clear()
                joints = {pb.name: list(arm.matrix_world @ pb.head) for pb in arm.pose.bones}
                report["poses"].append({"clip": clip, "action": matches[0].name, "seconds": t,
                                        "frame": frame, "vertices": coords, "joints": joints})
    with open(out_path, "w") as f:
        json.dump(report, f)


try:
    main()
except Exception:
    traceback.print_exc()
    sys.exit(1)

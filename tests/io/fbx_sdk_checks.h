#pragma once
// Our FBX read by Autodesk's FBX SDK — the reader of Maya, 3ds Max, MotionBuilder, Unity and
// Unreal — through FBX2glTF (built on the SDK; installed by scripts/setup.sh under tools/npm).
// The SDK's scene, as FBX2glTF writes it to a .glb, is read back with our importer and compared
// with the character that should be in the file, in metres (FBX2glTF converts to them):
//   the vertex count the SDK reports and the .glb holds (our file's own vertices),
//   every bone by name with its parent, rest joint positions within 1e-4 of size,
//   one animation per clip, and the skinned mesh at 5 times of each clip within 1e-3 of size
//   of our own LBS (times where our keys and the SDK's 60 fps baking coincide).
// Failures are recorded as gtest failures; a missing FBX2glTF is a failure, never a skip.
#include <string>

#include "character.h"

namespace rw::test {

struct FbxSdkReading {
  int vertices = -1, nodes = -1, animations = -1;  ///< as FBX2glTF reports them
  double rest = 0, deformed = 0;                   ///< max errors, relative to size
  int poses = 0;                                   ///< posed meshes compared
  std::string glb;                                 ///< the SDK's scene as glTF
};

/// Where FBX2glTF is (tools/npm/node_modules/fbx2gltf/bin/Linux/FBX2glTF).
std::string fbx2gltfPath();

/// Converts `fbx` with FBX2glTF and compares what the SDK read with `expected`.
FbxSdkReading checkFbxSdkImport(const Character& expected, const std::string& fbx);

}  // namespace rw::test

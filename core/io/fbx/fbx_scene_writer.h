#pragma once
// A Character as a binary FBX 7.4 scene: the mesh (the file's own vertices, normals by polygon
// vertex, UVs, materials by polygon), every joint as a LimbNode (control bones included) in
// bind pose, a Skin deformer with one Cluster per weighted joint (all influences), a BindPose,
// GlobalSettings (Y up, UnitScaleFactor = centimetres per unit from Character::metresPerUnit) and
// one AnimationStack per clip (translation, unwrapped Euler XYZ rotation in degrees, scale; KTime =
// 46186158000 per second). The file's frame rate is the highest of the clips'. A single-pose clip
// (duration 0, e.g. a bind pose) spans one KTime tick with each key repeated there, so that
// Assimp's reader, which drops one-key curves equal to the bind pose, keeps it as a one-frame clip
// like Blender does.
#include <Eigen/Core>
#include <Eigen/Geometry>
#include <string>
#include <vector>

#include "character.h"
#include "io/fbx/fbx_binary_writer.h"
#include "util/expected.h"

namespace rw::fbx {

inline constexpr std::int64_t kKTimePerSecond = 46186158000LL;

struct SceneOptions {
  std::string creator = "Rigwright";
  std::string meshName = "Mesh";
};

/// FBX Euler XYZ angles (R = Rz · Ry · Rx) in degrees. With `previous`, the equivalent
/// solution nearest to it (each angle shifted by whole turns, and the (x+180, 180-y, z+180)
/// twin considered), so that consecutive keys never flip; otherwise y lies in [-90, 90].
Eigen::Vector3d eulerXYZDegrees(const Eigen::Quaterniond& rotation,
                                const Eigen::Vector3d* previous = nullptr);
Eigen::Quaterniond quaternionFromEulerXYZDegrees(const Eigen::Vector3d& degrees);

/// The top-level records of the scene (FBXHeaderExtension, GlobalSettings, Documents,
/// Definitions, Objects, Connections, Takes).
std::vector<Node> buildScene(const Character& character, const SceneOptions& options = {});

/// The complete file's bytes. Errors name what cannot be written (e.g. a skin that does
/// not match the mesh).
Expected<std::string> encodeCharacterFbx(const Character& character,
                                         const SceneOptions& options = {});

}  // namespace rw::fbx

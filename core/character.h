#pragma once
// A character: one merged mesh, one skeleton, skin weights and clips, in one space.
//
// Character space (the convention every stage relies on):
//   * right-handed, Y up, in the file's own units (no rescaling: tolerances are relative to
//     the bounding-box diagonal);
//   * Z-up files (Blender, XGL, COB, 3DS, or a file whose metadata says so) are turned to Y-up
//     by (x, y, z) -> (x, z, -y) at import, recorded in Character::sourceUpAxis;
//   * the mesh is the undeformed bind-pose surface and each joint's rest global transform is its
//     bind transform, so skinning a vertex is  Σ w_j · global_j · inverse(restGlobal_j) · v
//     and the rest pose reproduces the mesh exactly.
#include <string>
#include <vector>

#include "mesh/mesh.h"
#include "motion/animation_clip.h"
#include "skeleton/skeleton.h"
#include "skin/skin_weights.h"

namespace rw {

enum class UpAxis { Y, Z };

struct Character {
  std::string sourcePath;
  Mesh mesh;          ///< may be empty (a motion file)
  Skeleton skeleton;  ///< may be empty (an unrigged mesh)
  SkinWeights skin;   ///< per source vertex; empty when unrigged
  std::vector<AnimationClip> clips;
  UpAxis sourceUpAxis = UpAxis::Y;
  /// The length of one unit in metres: from the file's metadata where it has units (an FBX's
  /// UnitScaleFactor), else 1 (glTF, Blender and most tools read unitless files as metres).
  /// Exports use it to write real sizes (io/export/export_settings.h).
  double metresPerUnit = 1.0;
  /// What the importer repaired or noticed, one sentence each (shown by `info`).
  std::vector<std::string> notes;
};

}  // namespace rw

#pragma once
// How Rigwright asks Assimp to read files; shared by the importer and its isolated pre-check.
#include <assimp/config.h>
#include <assimp/postprocess.h>
#include <assimp/scene.h>
#include <assimp/Importer.hpp>
#include <string>

namespace rw {

inline void configureImporter(Assimp::Importer& importer) {
  importer.SetPropertyBool(AI_CONFIG_IMPORT_NO_SKELETON_MESHES,
                           true);  // docs/data.md pitfall 4 (BVH)
  importer.SetPropertyBool(AI_CONFIG_IMPORT_FBX_PRESERVE_PIVOTS, false);
  importer.SetPropertyInteger(AI_CONFIG_PP_SBP_REMOVE,
                              aiPrimitiveType_POINT | aiPrimitiveType_LINE);
}

/// Triangles only. Identical vertices are joined by the importer itself (identical_vertices.h:
/// Assimp's JoinIdenticalVertices step, same vertices, took 4x as long), UV/normal seams kept
/// split (pitfall 1: we weld by position ourselves and keep the map back).
inline constexpr unsigned kImportFlags = aiProcess_Triangulate | aiProcess_SortByPType;

/// Reads with the settings above, then validates the scene. Validation rejects scenes with no
/// mesh, which motion files (BVH) legitimately are, so it runs only when there are meshes.
inline const aiScene* readScene(Assimp::Importer& importer, const std::string& path) {
  configureImporter(importer);
  const aiScene* scene = importer.ReadFile(path, kImportFlags);
  if (scene && scene->mNumMeshes > 0)
    scene = importer.ApplyPostProcessing(aiProcess_ValidateDataStructure);
  return scene;
}

}  // namespace rw

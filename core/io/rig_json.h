#pragma once
// The project's own rig file (".json"): what interchange formats lose — control-bone flags,
// constraints, symmetry tags, head nodes, per-arc parameters, the joint map for motion.
// Versioned; validated on read with messages that name the file and the field.
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "skeleton/skeleton.h"
#include "skin/skin_weights.h"
#include "util/expected.h"

namespace rw {

inline constexpr int kRigJsonVersion = 1;
inline constexpr const char* kRigJsonFormat = "rigwright-rig";

/// Symmetry tag of a joint's bone (Poirier §5.3): "primary", "axial", "radial" or "none".
struct JointTag {
  std::string tag = "none";
  std::string side;     ///< "left" / "right" for axial
  int radialIndex = 0;  ///< 1..n for radial
  bool operator==(const JointTag&) const = default;
};

struct RigDocument {
  Skeleton skeleton;
  std::string meshPath;      ///< the character the rig belongs to (may be empty)
  std::string skeletonPath;  ///< the skeleton it was retargeted from (may be empty)
  std::optional<int> meshHeadVertex;
  std::optional<std::string> skeletonHeadJoint;
  std::map<std::string, JointTag> symmetryTags;          ///< by joint name
  std::map<std::string, std::string> jointMap;           ///< motion joint -> rig joint
  std::optional<SkinWeights> skin;  ///< per source vertex of the mesh ("skin" section, optional)
  nlohmann::json parameters = nlohmann::json::object();  ///< stage parameters, free-form
};

nlohmann::json rigToJson(const RigDocument& rig);
/// `origin` names the file in error messages.
Expected<RigDocument> rigFromJson(const nlohmann::json& json, const std::string& origin);

Expected<RigDocument> readRigJson(const std::string& path);
/// Atomic: an existing file is replaced only once the new one is complete.
Status writeRigJson(const RigDocument& rig, const std::string& path);

}  // namespace rw

#include "io/rig_skin_json.h"

#include <cmath>

namespace rw {

nlohmann::json skinToJson(const SkinWeights& skin, const Skeleton& skeleton) {
  nlohmann::json vertices = nlohmann::json::array();
  for (const std::vector<Influence>& influences : skin.perVertex) {
    nlohmann::json list = nlohmann::json::array();
    for (const Influence& i : influences)
      if (i.joint >= 0 && i.joint < skeleton.size())
        list.push_back({skeleton.joints[i.joint].name, i.weight});
    vertices.push_back(std::move(list));
  }
  return {{"vertices", std::move(vertices)}};
}

Expected<SkinWeights> skinFromJson(const nlohmann::json& json, const Skeleton& skeleton,
                                   const std::string& origin) {
  auto error = [&](const std::string& where, const std::string& what) {
    return Error{origin + ": skin" + where + ": " + what};
  };
  if (!json.is_object() || !json.contains("vertices") || !json["vertices"].is_array())
    return error(".vertices", "missing or not an array");
  SkinWeights skin;
  const nlohmann::json& vertices = json["vertices"];
  skin.perVertex.resize(vertices.size());
  for (size_t v = 0; v < vertices.size(); ++v) {
    const std::string where = ".vertices[" + std::to_string(v) + "]";
    if (!vertices[v].is_array()) return error(where, "expected a list of [joint, weight]");
    for (const nlohmann::json& pair : vertices[v]) {
      if (!pair.is_array() || pair.size() != 2 || !pair[0].is_string() || !pair[1].is_number())
        return error(where, "expected [joint name, weight] pairs");
      const int joint = skeleton.indexOf(pair[0].get<std::string>());
      if (joint < 0)
        return error(where, "'" + pair[0].get<std::string>() + "' is not a joint of this skeleton");
      const double weight = pair[1].get<double>();
      if (!std::isfinite(weight) || weight < 0)
        return error(where, "weights must be finite and not negative");
      skin.perVertex[v].push_back({joint, weight});
    }
  }
  return skin;
}

}  // namespace rw

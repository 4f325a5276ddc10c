#include "io/rig_skin_json.h"

#include <charconv>

#include <cmath>

#include "io/json_fields.h"

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

Status appendSkinJsonText(const SkinWeights& skin, const Skeleton& skeleton, int indent,
                          std::string& out) {
  // Each joint name quoted and escaped once.
  std::vector<std::string> quoted(std::size_t(skeleton.size()));
  for (int j = 0; j < skeleton.size(); ++j)
    quoted[j] = nlohmann::json(skeleton.joints[j].name).dump();
  const std::string pad(std::size_t(indent), ' ');
  const std::size_t perLine = pad.size() + 8, perInfluence = 32;  // brackets, commas, a number
  std::size_t size = 3 * pad.size() + 32;
  for (std::size_t v = 0; v < skin.perVertex.size(); ++v) {
    size += perLine;
    for (const Influence& i : skin.perVertex[v]) {
      if (i.joint < 0 || i.joint >= skeleton.size()) continue;
      if (!std::isfinite(i.weight))
        return Error{"skin.vertices[" + std::to_string(v) + "] is not a finite number"};
      size += perInfluence + quoted[i.joint].size();
    }
  }
  out.reserve(out.size() + size);
  out += "{\n" + pad + "  \"vertices\": [";
  char number[32];
  for (std::size_t v = 0; v < skin.perVertex.size(); ++v) {
    out += v ? ",\n" : "\n";
    out += pad;
    out += "    [";
    bool first = true;
    for (const Influence& i : skin.perVertex[v]) {
      if (i.joint < 0 || i.joint >= skeleton.size()) continue;
      // The shortest text that reads back as the same double, as the document tree writes it.
      const auto written = std::to_chars(number, number + sizeof number, i.weight);
      out += first ? "[" : ", [";
      out += quoted[i.joint];
      out += ", ";
      out.append(number, written.ptr);
      out += ']';
      first = false;
    }
    out += ']';
  }
  out += "\n" + pad + "  ]\n" + pad + "}";
  return std::nullopt;
}

Expected<SkinWeights> skinFromJson(const nlohmann::json& json, const Skeleton& skeleton,
                                   const std::string& origin) {
  JsonFields f(origin);
  const nlohmann::json* vertices = JsonFields::field(json, "vertices");
  if (!f.object(json, "skin")) return *f.problem();
  if (!vertices) return f.error("skin.vertices", "missing");
  if (!f.array(*vertices, "skin.vertices")) return *f.problem();
  SkinWeights skin;
  skin.perVertex.resize(vertices->size());
  for (std::size_t v = 0; v < vertices->size(); ++v) {
    const std::string where = "skin.vertices[" + std::to_string(v) + "]";
    const nlohmann::json& list = (*vertices)[v];
    if (!list.is_array()) return f.error(where, "expected a list of [joint, weight]");
    for (const nlohmann::json& pair : list) {
      if (!pair.is_array() || pair.size() != 2)
        return f.error(where, "expected [joint name, weight] pairs");
      std::string name;
      double weight = 0.0;
      // A weight is a share of one vertex; 1e6 leaves room for unnormalized files.
      if (!f.name(pair[0], where, name) || !f.number(pair[1], where, 0.0, 1e6, weight))
        return *f.problem();
      const int joint = skeleton.indexOf(name);
      if (joint < 0) return f.error(where, "'" + name + "' is not a joint of this skeleton");
      skin.perVertex[v].push_back({joint, weight});
    }
  }
  return skin;
}

}  // namespace rw

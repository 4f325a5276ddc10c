#include "io/rig_json.h"

#include <cmath>
#include <fstream>
#include <sstream>

#include "io/rig_skin_json.h"
#include "motion/animation_clip.h"
#include "util/atomic_file.h"

namespace rw {
namespace {

using nlohmann::json;

json vec(const Eigen::Vector3d& v) {
  return json::array({v.x(), v.y(), v.z()});
}

/// Reads fields with messages that say where the problem is ("joints[3].rest.rotation").
class Reader {
 public:
  explicit Reader(std::string origin) : origin_(std::move(origin)) {}

  Error error(const std::string& where, const std::string& what) const {
    return Error{origin_ + ": " + where + ": " + what};
  }

  bool number(const json& j, const std::string& where, double& out,
              std::optional<Error>& err) const {
    if (!j.is_number()) {
      err = error(where, "expected a number");
      return false;
    }
    out = j.get<double>();
    if (!std::isfinite(out)) {
      err = error(where, "not a finite number");
      return false;
    }
    return true;
  }

  bool vector(const json& j, const std::string& where, int n, Eigen::VectorXd& out,
              std::optional<Error>& err) const {
    if (!j.is_array() || int(j.size()) != n) {
      err = error(where, "expected an array of " + std::to_string(n) + " numbers");
      return false;
    }
    out.resize(n);
    for (int i = 0; i < n; ++i)
      if (!number(j[i], where + "[" + std::to_string(i) + "]", out[i], err)) return false;
    return true;
  }

 private:
  std::string origin_;
};

}  // namespace

json rigToJson(const RigDocument& rig) {
  json joints = json::array();
  for (const Joint& joint : rig.skeleton.joints) {
    Eigen::Vector3d t, s;
    Eigen::Quaterniond r;
    decompose(joint.restLocal, t, r, s);
    json j = {{"name", joint.name},
              {"parent", joint.parent >= 0 ? json(rig.skeleton.joints[joint.parent].name) : json()},
              {"deform", joint.deform},
              {"rest",
               {{"translation", vec(t)},
                {"rotation", json::array({r.w(), r.x(), r.y(), r.z()})},
                {"scale", vec(s)}}}};
    if (joint.tail) j["tail"] = vec(*joint.tail);
    auto tag = rig.symmetryTags.find(joint.name);
    if (tag != rig.symmetryTags.end()) {
      j["symmetry"] = {{"tag", tag->second.tag}};
      if (!tag->second.side.empty()) j["symmetry"]["side"] = tag->second.side;
      if (tag->second.radialIndex) j["symmetry"]["radial_index"] = tag->second.radialIndex;
    }
    joints.push_back(std::move(j));
  }
  json constraints = json::array();
  auto name = [&](int i) { return i >= 0 ? json(rig.skeleton.joints[i].name) : json(); };
  for (const Constraint& c : rig.skeleton.constraints)
    constraints.push_back({{"type", toString(c.type)},
                           {"owner", name(c.owner)},
                           {"target", name(c.target)},
                           {"pole", name(c.pole)},
                           {"chain_length", c.chainLength},
                           {"influence", c.influence},
                           {"pole_angle", c.poleAngle}});
  json out = {{"format", kRigJsonFormat},
              {"version", kRigJsonVersion},
              {"source", {{"mesh", rig.meshPath}, {"skeleton", rig.skeletonPath}}},
              {"skeleton", {{"joints", joints}, {"constraints", constraints}}},
              {"heads",
               {{"mesh_vertex", rig.meshHeadVertex ? json(*rig.meshHeadVertex) : json()},
                {"skeleton_joint", rig.skeletonHeadJoint ? json(*rig.skeletonHeadJoint) : json()}}},
              {"joint_map", rig.jointMap},
              {"parameters", rig.parameters}};
  if (rig.skin) out["skin"] = skinToJson(*rig.skin, rig.skeleton);
  return out;
}

namespace {

/// "format" and "version": a rig file this build can read.
Status checkRigHeader(const json& in, const Reader& rd) {
  if (!in.is_object()) return rd.error("top level", "expected a JSON object");
  if (in.value("format", std::string()) != kRigJsonFormat)
    return rd.error("format",
                    std::string("not a Rigwright rig (expected \"") + kRigJsonFormat + "\")");
  if (!in.contains("version") || !in["version"].is_number_integer())
    return rd.error("version", "missing or not an integer");
  const int version = in["version"].get<int>();
  if (version > kRigJsonVersion)
    return rd.error("version", "written by a newer Rigwright (version " + std::to_string(version) +
                                   "; this one reads up to " + std::to_string(kRigJsonVersion) +
                                   ")");
  if (version < 1) return rd.error("version", "must be 1 or more");
  return std::nullopt;
}

/// A joint's "symmetry": {"tag": primary|axial|radial|none, "side": left|right, "radial_index"}.
Expected<JointTag> readSymmetryTag(const json& sym, const std::string& where, const Reader& rd) {
  if (!sym.is_object() || !sym.contains("tag") || !sym["tag"].is_string())
    return rd.error(where, "expected {\"tag\": ...}");
  JointTag tag;
  tag.tag = sym["tag"].get<std::string>();
  if (tag.tag != "primary" && tag.tag != "axial" && tag.tag != "radial" && tag.tag != "none")
    return rd.error(where + ".tag", "'" + tag.tag + "' is not primary, axial, radial or none");
  tag.side = sym.value("side", std::string());
  if (!tag.side.empty() && tag.side != "left" && tag.side != "right")
    return rd.error(where + ".side", "must be left or right");
  tag.radialIndex = sym.value("radial_index", 0);
  return tag;
}

/// A joint's "rest": translation, rotation (w, x, y, z) and scale (default 1).
Expected<Transform> readRest(const json& j, const std::string& where, const Reader& rd) {
  if (!j.contains("rest") || !j["rest"].is_object()) return rd.error(where + ".rest", "missing");
  std::optional<Error> err;
  Eigen::VectorXd t, r, sc;
  if (!rd.vector(j["rest"].value("translation", json()), where + ".rest.translation", 3, t, err) ||
      !rd.vector(j["rest"].value("rotation", json()), where + ".rest.rotation", 4, r, err))
    return *err;
  sc = Eigen::Vector3d::Ones();
  if (j["rest"].contains("scale") &&
      !rd.vector(j["rest"]["scale"], where + ".rest.scale", 3, sc, err))
    return *err;
  const Eigen::Quaterniond q(r[0], r[1], r[2], r[3]);
  if (q.norm() < 1e-6)
    return rd.error(where + ".rest.rotation", "a zero quaternion is not a rotation");
  return compose(t, q.normalized(), sc);
}

/// skeleton.joints[i]: name (unique), parent (listed before it), deform, rest, tail and its
/// symmetry tag (into `rig`). Appended to rig.skeleton.
Status readJoint(const json& j, const std::string& where, const Reader& rd, RigDocument& rig) {
  Skeleton& s = rig.skeleton;
  if (!j.is_object()) return rd.error(where, "expected an object");
  if (!j.contains("name") || !j["name"].is_string() || j["name"].get<std::string>().empty())
    return rd.error(where + ".name", "missing or empty");
  Joint joint;
  joint.name = j["name"].get<std::string>();
  if (s.indexOf(joint.name) >= 0)
    return rd.error(where + ".name", "'" + joint.name + "' is used twice");
  if (j.contains("parent") && !j["parent"].is_null()) {
    if (!j["parent"].is_string())
      return rd.error(where + ".parent", "expected a joint name or null");
    joint.parent = s.indexOf(j["parent"].get<std::string>());
    if (joint.parent < 0)
      return rd.error(where + ".parent", "'" + j["parent"].get<std::string>() +
                                             "' is not a joint listed before '" + joint.name + "'");
  }
  if (j.contains("deform")) {
    if (!j["deform"].is_boolean()) return rd.error(where + ".deform", "expected true or false");
    joint.deform = j["deform"].get<bool>();
  }
  Expected<Transform> rest = readRest(j, where, rd);
  if (!rest) return rest.error();
  joint.restLocal = *rest;
  if (j.contains("tail")) {
    std::optional<Error> err;
    Eigen::VectorXd tail;
    if (!rd.vector(j["tail"], where + ".tail", 3, tail, err)) return *err;
    joint.tail = Eigen::Vector3d(tail);
  }
  if (j.contains("symmetry")) {
    Expected<JointTag> tag = readSymmetryTag(j["symmetry"], where + ".symmetry", rd);
    if (!tag) return tag.error();
    rig.symmetryTags[joint.name] = *tag;
  }
  s.joints.push_back(std::move(joint));
  return std::nullopt;
}

/// skeleton.constraints: type, owner (required), target, pole, chain length, influence, pole
/// angle, joints by name.
Status readConstraints(const json& in, const Reader& rd, Skeleton& s) {
  const json constraints = in["skeleton"].value("constraints", json::array());
  if (!constraints.is_array()) return rd.error("skeleton.constraints", "expected an array");
  for (std::size_t i = 0; i < constraints.size(); ++i) {
    const std::string where = "skeleton.constraints[" + std::to_string(i) + "]";
    const json& c = constraints[i];
    if (!c.is_object()) return rd.error(where, "expected an object");
    Constraint k;
    const auto type = constraintTypeFromString(c.value("type", std::string()));
    if (!type) return rd.error(where + ".type", "unknown constraint type");
    k.type = *type;
    auto joint = [&](const char* field, int& out) -> bool {
      if (!c.contains(field) || c[field].is_null()) return true;
      if (!c[field].is_string()) return false;
      out = s.indexOf(c[field].get<std::string>());
      return out >= 0;
    };
    if (!joint("owner", k.owner) || k.owner < 0)
      return rd.error(where + ".owner", "missing or not a joint");
    if (!joint("target", k.target)) return rd.error(where + ".target", "not a joint");
    if (!joint("pole", k.pole)) return rd.error(where + ".pole", "not a joint");
    k.chainLength = c.value("chain_length", 0);
    k.influence = c.value("influence", 1.0);
    k.poleAngle = c.value("pole_angle", 0.0);
    s.constraints.push_back(k);
  }
  return std::nullopt;
}

/// "heads", "joint_map" and "parameters": what the session needs besides the skeleton.
Status readSessionFields(const json& in, const Reader& rd, RigDocument& rig) {
  const Skeleton& s = rig.skeleton;
  if (in.contains("heads") && in["heads"].is_object()) {
    const json& h = in["heads"];
    if (h.contains("mesh_vertex") && !h["mesh_vertex"].is_null()) {
      if (!h["mesh_vertex"].is_number_integer() || h["mesh_vertex"].get<int>() < 0)
        return rd.error("heads.mesh_vertex", "expected a vertex index");
      rig.meshHeadVertex = h["mesh_vertex"].get<int>();
    }
    if (h.contains("skeleton_joint") && !h["skeleton_joint"].is_null()) {
      if (!h["skeleton_joint"].is_string() || s.indexOf(h["skeleton_joint"].get<std::string>()) < 0)
        return rd.error("heads.skeleton_joint", "not a joint of this skeleton");
      rig.skeletonHeadJoint = h["skeleton_joint"].get<std::string>();
    }
  }
  if (in.contains("joint_map")) {
    if (!in["joint_map"].is_object()) return rd.error("joint_map", "expected an object");
    for (const auto& [from, to] : in["joint_map"].items()) {
      if (!to.is_string() || s.indexOf(to.get<std::string>()) < 0)
        return rd.error("joint_map." + from, "must name a joint of this skeleton");
      rig.jointMap[from] = to.get<std::string>();
    }
  }
  if (in.contains("parameters")) {
    if (!in["parameters"].is_object()) return rd.error("parameters", "expected an object");
    rig.parameters = in["parameters"];
  }
  return std::nullopt;
}

}  // namespace

Expected<RigDocument> rigFromJson(const json& in, const std::string& origin) {
  const Reader rd(origin);
  if (Status bad = checkRigHeader(in, rd)) return *bad;
  RigDocument rig;
  if (in.contains("source") && in["source"].is_object()) {
    rig.meshPath = in["source"].value("mesh", std::string());
    rig.skeletonPath = in["source"].value("skeleton", std::string());
  }
  if (!in.contains("skeleton") || !in["skeleton"].is_object() ||
      !in["skeleton"].contains("joints") || !in["skeleton"]["joints"].is_array())
    return rd.error("skeleton.joints", "missing or not an array");
  const json& joints = in["skeleton"]["joints"];
  for (std::size_t i = 0; i < joints.size(); ++i)
    if (Status bad = readJoint(joints[i], "skeleton.joints[" + std::to_string(i) + "]", rd, rig))
      return *bad;
  if (Status bad = readConstraints(in, rd, rig.skeleton)) return *bad;
  if (Status bad = readSessionFields(in, rd, rig)) return *bad;
  if (Status bad = rig.skeleton.validate()) return Error{origin + ": " + bad->message};
  if (in.contains("skin")) {
    Expected<SkinWeights> skin = skinFromJson(in["skin"], rig.skeleton, origin);
    if (!skin) return skin.error();
    rig.skin = std::move(skin).value();
  }
  return rig;
}

Expected<RigDocument> readRigJson(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  if (!file) return Error{path + ": cannot be opened"};
  json parsed = json::parse(file, nullptr, /*allow_exceptions=*/false);
  if (parsed.is_discarded()) return Error{path + ": not valid JSON"};
  return rigFromJson(parsed, path);
}

Status writeRigJson(const RigDocument& rig, const std::string& path) {
  return writeFileAtomically(path, rigToJson(rig).dump(2) + "\n");
}

}  // namespace rw

#include "io/rig_json.h"

#include <cmath>
#include <fstream>
#include <sstream>

#include "io/json_fields.h"
#include "io/rig_skin_json.h"
#include "motion/animation_clip.h"
#include "util/atomic_file.h"

namespace rw {
namespace {

using nlohmann::json;

json vec(const Eigen::Vector3d& v) {
  return json::array({v.x(), v.y(), v.z()});
}

/// Everything of the rig file but its skin section.
json rigToJsonWithoutSkin(const RigDocument& rig) {
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
  return out;
}

}  // namespace

json rigToJson(const RigDocument& rig) {
  json out = rigToJsonWithoutSkin(rig);
  if (rig.skin) out["skin"] = skinToJson(*rig.skin, rig.skeleton);
  return out;
}

namespace {

/// "format" and "version": a rig file this build can read.
bool readRigHeader(const json& in, JsonFields& f) {
  if (!f.object(in, "top level")) return false;
  const json* formatField = JsonFields::field(in, "format");
  if (!formatField || !formatField->is_string() ||
      formatField->get<std::string>() != kRigJsonFormat)
    return f.fail("format",
                  std::string("not a Rigwright rig (expected \"") + kRigJsonFormat + "\")");
  const json* versionField = JsonFields::field(in, "version");
  if (!versionField) return f.fail("version", "missing");
  int version = 0;
  if (!f.integer(*versionField, "version", 1, 1'000'000, version)) return false;
  if (version > kRigJsonVersion)
    return f.fail("version", "written by a newer Rigwright (version " + std::to_string(version) +
                                 "; this one reads up to " + std::to_string(kRigJsonVersion) + ")");
  return true;
}

/// A joint's "symmetry": {"tag": primary|axial|radial|none, "side": left|right, "radial_index"}.
bool readSymmetryTag(const json& sym, const std::string& where, JsonFields& f, JointTag& tag) {
  if (!f.object(sym, where)) return false;
  const json* tagField = JsonFields::field(sym, "tag");
  if (!tagField) return f.fail(where + ".tag", "missing");
  if (!f.string(*tagField, where + ".tag", tag.tag)) return false;
  if (tag.tag != "primary" && tag.tag != "axial" && tag.tag != "radial" && tag.tag != "none")
    return f.fail(where + ".tag",
                  "'" + printable(tag.tag) + "' is not primary, axial, radial or none");
  if (const json* side = JsonFields::field(sym, "side")) {
    if (!f.string(*side, where + ".side", tag.side)) return false;
    if (!tag.side.empty() && tag.side != "left" && tag.side != "right")
      return f.fail(where + ".side", "must be left or right");
  }
  if (const json* index = JsonFields::field(sym, "radial_index"))
    return f.integer(*index, where + ".radial_index", 0, 1'000'000, tag.radialIndex);
  return true;
}

/// A joint's "rest": translation, rotation (w, x, y, z) and scale (default 1).
bool readRest(const json& j, const std::string& where, JsonFields& f, Transform& out) {
  const json* rest = JsonFields::field(j, "rest");
  if (!rest) return f.fail(where + ".rest", "missing");
  if (!f.object(*rest, where + ".rest")) return false;
  const json* translation = JsonFields::field(*rest, "translation");
  const json* rotation = JsonFields::field(*rest, "rotation");
  if (!translation) return f.fail(where + ".rest.translation", "missing");
  if (!rotation) return f.fail(where + ".rest.rotation", "missing");
  const InputLimits& limits = f.limits();
  Eigen::VectorXd t, r, sc = Eigen::Vector3d::Ones();
  if (!f.vector(*translation, where + ".rest.translation", 3, limits.maxCoordinate, t) ||
      !f.vector(*rotation, where + ".rest.rotation", 4, 1e6, r))
    return false;
  if (const json* scale = JsonFields::field(*rest, "scale")) {
    if (!f.vector(*scale, where + ".rest.scale", 3, limits.maxScale, sc)) return false;
    if (sc.cwiseAbs().minCoeff() < limits.minScale)
      return f.fail(where + ".rest.scale", "a scale near zero collapses the bone");
  }
  const Eigen::Quaterniond q(r[0], r[1], r[2], r[3]);
  if (q.norm() < 1e-6)
    return f.fail(where + ".rest.rotation", "a zero quaternion is not a rotation");
  out = compose(t, q.normalized(), sc);
  return true;
}

/// A joint's "parent": null or the name of a joint listed before it (so the hierarchy is
/// acyclic by construction).
bool readParent(const json& j, const std::string& where, JsonFields& f, const Skeleton& s,
                Joint& joint) {
  const json* parent = JsonFields::field(j, "parent");
  if (!parent) return true;
  std::string name;
  if (!f.name(*parent, where + ".parent", name)) return false;
  joint.parent = s.indexOf(name);
  if (joint.parent < 0)
    return f.fail(where + ".parent",
                  "'" + printable(name) + "' is not a joint listed before '" + joint.name + "'");
  return true;
}

/// skeleton.joints[i]: name (unique), parent (listed before it), deform, rest, tail and its
/// symmetry tag (into `rig`). Appended to rig.skeleton.
bool readJoint(const json& j, const std::string& where, JsonFields& f, RigDocument& rig) {
  Skeleton& s = rig.skeleton;
  if (!f.object(j, where)) return false;
  Joint joint;
  const json* name = JsonFields::field(j, "name");
  if (!name) return f.fail(where + ".name", "missing");
  if (!f.name(*name, where + ".name", joint.name)) return false;
  if (s.indexOf(joint.name) >= 0)
    return f.fail(where + ".name", "'" + joint.name + "' is used twice");
  if (!readParent(j, where, f, s, joint)) return false;
  if (const json* deform = JsonFields::field(j, "deform"))
    if (!f.boolean(*deform, where + ".deform", joint.deform)) return false;
  if (!readRest(j, where, f, joint.restLocal)) return false;
  if (const json* tailField = JsonFields::field(j, "tail")) {
    Eigen::VectorXd tail;
    if (!f.vector(*tailField, where + ".tail", 3, f.limits().maxCoordinate, tail)) return false;
    joint.tail = Eigen::Vector3d(tail);
  }
  if (const json* sym = JsonFields::field(j, "symmetry")) {
    JointTag tag;
    if (!readSymmetryTag(*sym, where + ".symmetry", f, tag)) return false;
    rig.symmetryTags[joint.name] = tag;
  }
  s.joints.push_back(std::move(joint));
  return true;
}

/// A constraint's joint reference ("owner", "target", "pole"): absent/null, or a joint's name.
bool readConstraintJoint(const json& c, const char* key, const std::string& where, JsonFields& f,
                         const Skeleton& s, int& out) {
  const json* field = JsonFields::field(c, key);
  if (!field) return true;
  std::string name;
  if (!f.name(*field, where + "." + key, name)) return false;
  out = s.indexOf(name);
  return out >= 0 || f.fail(where + "." + key, "'" + printable(name) + "' is not a joint");
}

/// skeleton.constraints[i]: type, owner (required), target, pole, chain length, influence,
/// pole angle.
bool readConstraint(const json& c, const std::string& where, JsonFields& f, Skeleton& s) {
  if (!f.object(c, where)) return false;
  Constraint k;
  std::string typeName;
  const json* typeField = JsonFields::field(c, "type");
  if (!typeField) return f.fail(where + ".type", "missing");
  if (!f.string(*typeField, where + ".type", typeName)) return false;
  const auto type = constraintTypeFromString(typeName);
  if (!type)
    return f.fail(where + ".type", "'" + printable(typeName) + "' is not a constraint type");
  k.type = *type;
  if (!readConstraintJoint(c, "owner", where, f, s, k.owner) ||
      !readConstraintJoint(c, "target", where, f, s, k.target) ||
      !readConstraintJoint(c, "pole", where, f, s, k.pole))
    return false;
  if (k.owner < 0) return f.fail(where + ".owner", "missing");
  if (const json* chain = JsonFields::field(c, "chain_length"))
    if (!f.integer(*chain, where + ".chain_length", 0, s.size(), k.chainLength)) return false;
  if (const json* influence = JsonFields::field(c, "influence"))
    if (!f.number(*influence, where + ".influence", 0.0, 1.0, k.influence)) return false;
  if (const json* pole = JsonFields::field(c, "pole_angle"))
    if (!f.number(*pole, where + ".pole_angle", -1e6, 1e6, k.poleAngle)) return false;
  s.constraints.push_back(k);
  return true;
}

bool readConstraints(const json& skeleton, JsonFields& f, Skeleton& s) {
  const json* constraints = JsonFields::field(skeleton, "constraints");
  if (!constraints) return true;
  if (!f.array(*constraints, "skeleton.constraints")) return false;
  for (std::size_t i = 0; i < constraints->size(); ++i)
    if (!readConstraint((*constraints)[i], "skeleton.constraints[" + std::to_string(i) + "]", f, s))
      return false;
  return true;
}

/// "heads": the mesh's head vertex and the skeleton's head joint.
bool readHeads(const json& in, JsonFields& f, RigDocument& rig) {
  const json* heads = JsonFields::field(in, "heads");
  if (!heads) return true;
  if (!f.object(*heads, "heads")) return false;
  if (const json* vertex = JsonFields::field(*heads, "mesh_vertex")) {
    int index = 0;
    if (!f.integer(*vertex, "heads.mesh_vertex", 0, int(f.limits().maxIndex), index)) return false;
    rig.meshHeadVertex = index;
  }
  if (const json* joint = JsonFields::field(*heads, "skeleton_joint")) {
    std::string name;
    if (!f.name(*joint, "heads.skeleton_joint", name)) return false;
    if (rig.skeleton.indexOf(name) < 0)
      return f.fail("heads.skeleton_joint",
                    "'" + printable(name) + "' is not a joint of this skeleton");
    rig.skeletonHeadJoint = name;
  }
  return true;
}

/// "source", "heads", "joint_map" and "parameters": what the session needs besides the skeleton.
bool readSessionFields(const json& in, JsonFields& f, RigDocument& rig) {
  if (const json* source = JsonFields::field(in, "source")) {
    if (!f.object(*source, "source")) return false;
    if (const json* mesh = JsonFields::field(*source, "mesh"))
      if (!f.string(*mesh, "source.mesh", rig.meshPath)) return false;
    if (const json* skeleton = JsonFields::field(*source, "skeleton"))
      if (!f.string(*skeleton, "source.skeleton", rig.skeletonPath)) return false;
  }
  if (!readHeads(in, f, rig)) return false;
  if (const json* map = JsonFields::field(in, "joint_map")) {
    if (!f.object(*map, "joint_map")) return false;
    for (const auto& [from, to] : map->items()) {
      std::string target;
      if (!f.name(to, "joint_map." + printable(from), target)) return false;
      if (rig.skeleton.indexOf(target) < 0)
        return f.fail("joint_map." + printable(from), "must name a joint of this skeleton");
      rig.jointMap[from] = target;
    }
  }
  if (const json* parameters = JsonFields::field(in, "parameters")) {
    if (!f.object(*parameters, "parameters")) return false;
    rig.parameters = *parameters;
  }
  return true;
}

bool readSkeleton(const json& in, JsonFields& f, RigDocument& rig) {
  const json* skeleton = JsonFields::field(in, "skeleton");
  if (!skeleton) return f.fail("skeleton", "missing");
  if (!f.object(*skeleton, "skeleton")) return false;
  const json* joints = JsonFields::field(*skeleton, "joints");
  if (!joints) return f.fail("skeleton.joints", "missing");
  if (!f.array(*joints, "skeleton.joints")) return false;
  for (std::size_t i = 0; i < joints->size(); ++i)
    if (!readJoint((*joints)[i], "skeleton.joints[" + std::to_string(i) + "]", f, rig))
      return false;
  return readConstraints(*skeleton, f, rig.skeleton);
}

}  // namespace

Expected<RigDocument> rigFromJson(const json& in, const std::string& origin) {
  JsonFields f(origin);
  RigDocument rig;
  if (!readRigHeader(in, f) || !readSkeleton(in, f, rig) || !readSessionFields(in, f, rig))
    return *f.problem();
  if (Status bad = rig.skeleton.validate()) return Error{origin + ": " + bad->message};
  if (const json* skin = JsonFields::field(in, "skin")) {
    Expected<SkinWeights> weights = skinFromJson(*skin, rig.skeleton, origin);
    if (!weights) return weights.error();
    rig.skin = std::move(weights).value();
  }
  return rig;
}

Expected<RigDocument> readRigJson(const std::string& path) {
  Expected<json> parsed = readJsonFile(path);
  if (!parsed) return parsed.error();
  return rigFromJson(*parsed, path);
}

Status writeRigJson(const RigDocument& rig, const std::string& path) {
  if (!rig.skin) return writeJsonFile(path, rigToJson(rig));
  // The skin section streamed (appendSkinJsonText) after the rest of the document.
  const json head = rigToJsonWithoutSkin(rig);
  if (const std::optional<std::string> where = firstNonFinite(head))
    return Error{path + ": not written: " + *where + " is not a finite number"};
  std::string text = head.dump(2);
  text.pop_back();  // the closing brace
  while (!text.empty() && text.back() == '\n') text.pop_back();
  text += ",\n  \"skin\": ";
  if (Status bad = appendSkinJsonText(*rig.skin, rig.skeleton, 2, text))
    return Error{path + ": not written: " + bad->message};
  text += "\n}\n";
  return writeFileAtomically(path, text);
}

}  // namespace rw

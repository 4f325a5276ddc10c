#include "project_file.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <algorithm>
#include <nlohmann/json.hpp>

#include "io/json_fields.h"
#include "util/atomic_file.h"

namespace rw::ui {

namespace {

using nlohmann::json;

QString relativeTo(const QString& path, const QDir& dir) {
  if (path.isEmpty()) return path;
  const QString relative = dir.relativeFilePath(QFileInfo(path).absoluteFilePath());
  return relative.startsWith(QStringLiteral("..")) ? QFileInfo(path).absoluteFilePath() : relative;
}

QString resolve(const std::string& stored, const QDir& dir) {
  if (stored.empty()) return {};
  const QString path = QString::fromStdString(stored);
  return QDir::cleanPath(QFileInfo(path).isAbsolute() ? path : dir.absoluteFilePath(path));
}

json paramsToJson(const RigParams& p) {
  return {{"gammaAngle", p.placement.gammaAngle},
          {"gammaLength", p.placement.gammaLength},
          {"gammaDistance", p.placement.gammaDistance},
          {"samples", p.placement.samples},
          {"levels", p.mesh.multires.levels},
          {"filterFraction", p.mesh.multires.filterFraction},
          {"lengthThreshold", p.mesh.symmetry.lengthThreshold},
          {"method", rigMethodName(p.method)}};
}

/// "method": "retarget" | "embed" | "auto" (missing: retarget, as before the field existed).
bool methodFromJson(const json& j, JsonFields& f, RigMethod& method) {
  const json* v = JsonFields::field(j, "method");
  if (!v) return true;
  std::string name;
  if (!f.string(*v, "parameters.method", name)) return false;
  const std::optional<RigMethod> m = rigMethodFromName(name);
  if (!m) return f.fail("parameters.method", "'" + name + "' is not retarget, embed or auto");
  method = *m;
  return true;
}

/// Reads the fields present (a missing one keeps its default); a wrong type or an out-of-range
/// value is an error. The ranges are the parameter dock's.
bool paramsFromJson(const json& j, JsonFields& f, RigParams& p) {
  if (!f.object(j, "parameters")) return false;
  auto number = [&](const char* key, double min, double max, double& out) {
    const json* v = JsonFields::field(j, key);
    return !v || f.number(*v, std::string("parameters.") + key, min, max, out);
  };
  auto integer = [&](const char* key, int min, int max, int& out) {
    const json* v = JsonFields::field(j, key);
    return !v || f.integer(*v, std::string("parameters.") + key, min, max, out);
  };
  return number("gammaAngle", 0.0, 10.0, p.placement.gammaAngle) &&
         number("gammaLength", 0.0, 10.0, p.placement.gammaLength) &&
         number("gammaDistance", 0.0, 10.0, p.placement.gammaDistance) &&
         integer("samples", 8, 200, p.placement.samples) &&
         integer("levels", 1, 20, p.mesh.multires.levels) &&
         number("filterFraction", 0.0, 0.5, p.mesh.multires.filterFraction) &&
         number("lengthThreshold", 0.0, 1.0, p.mesh.symmetry.lengthThreshold) &&
         methodFromJson(j, f, p.method);
}

json pinsToJson(const std::vector<ProjectPin>& pins) {
  json out = json::array();
  for (const ProjectPin& pin : pins)
    out.push_back({{"joint", pin.joint.toStdString()},
                   {"position", {pin.position.x(), pin.position.y(), pin.position.z()}}});
  return out;
}

/// "pins": [{"joint": NAME, "position": [x, y, z]}, ...]: joints placed by hand.
bool pinsFromJson(const json& j, JsonFields& f, std::vector<ProjectPin>& pins) {
  if (!j.is_array()) return f.fail("pins", "not an array");
  for (std::size_t i = 0; i < j.size(); ++i) {
    const std::string where = "pins[" + std::to_string(i) + "]";
    if (!f.object(j[i], where)) return false;
    ProjectPin pin;
    std::string name;
    const json* joint = JsonFields::field(j[i], "joint");
    if (!joint) return f.fail(where + ".joint", "missing");
    if (!f.name(*joint, where + ".joint", name)) return false;
    pin.joint = QString::fromStdString(name);
    const json* position = JsonFields::field(j[i], "position");
    if (!position || !position->is_array() || position->size() != 3)
      return f.fail(where + ".position", "not three numbers");
    for (int a = 0; a < 3; ++a)
      if (!f.number((*position)[std::size_t(a)], where + ".position", -1e9, 1e9, pin.position[a]))
        return false;
    pins.push_back(pin);
  }
  return true;
}

json rollsToJson(const std::vector<ProjectRoll>& rolls) {
  json out = json::array();
  for (const ProjectRoll& roll : rolls)
    out.push_back({{"joint", roll.joint.toStdString()}, {"degrees", roll.degrees}});
  return out;
}

/// "rolls": [{"joint": NAME, "degrees": D}, ...]: bone rolls set by hand.
bool rollsFromJson(const json& j, JsonFields& f, std::vector<ProjectRoll>& rolls) {
  if (!j.is_array()) return f.fail("rolls", "not an array");
  for (std::size_t i = 0; i < j.size(); ++i) {
    const std::string where = "rolls[" + std::to_string(i) + "]";
    if (!f.object(j[i], where)) return false;
    ProjectRoll roll;
    std::string name;
    const json* joint = JsonFields::field(j[i], "joint");
    if (!joint) return f.fail(where + ".joint", "missing");
    if (!f.name(*joint, where + ".joint", name)) return false;
    roll.joint = QString::fromStdString(name);
    const json* degrees = JsonFields::field(j[i], "degrees");
    if (!degrees) return f.fail(where + ".degrees", "missing");
    if (!f.number(*degrees, where + ".degrees", -360.0, 360.0, roll.degrees)) return false;
    rolls.push_back(roll);
  }
  return true;
}

/// "painted": {"joints": [NAME, ...], "vertices": [[v, joint, weight, joint, weight, ...], ...]}
/// with joints as indices into the names list.
json paintedToJson(const std::map<int, std::vector<std::pair<QString, double>>>& painted) {
  std::vector<QString> names;
  auto indexOf = [&](const QString& name) {
    const auto at = std::find(names.begin(), names.end(), name);
    if (at != names.end()) return int(at - names.begin());
    names.push_back(name);
    return int(names.size()) - 1;
  };
  json vertices = json::array();
  for (const auto& [vertex, influences] : painted) {
    json row = json::array({vertex});
    for (const auto& [name, weight] : influences) {
      row.push_back(indexOf(name));
      row.push_back(weight);
    }
    vertices.push_back(std::move(row));
  }
  json joints = json::array();
  for (const QString& name : names) joints.push_back(name.toStdString());
  return {{"joints", joints}, {"vertices", vertices}};
}

bool paintedFromJson(const json& j, JsonFields& f,
                     std::map<int, std::vector<std::pair<QString, double>>>& painted) {
  if (!f.object(j, "painted")) return false;
  const json* joints = JsonFields::field(j, "joints");
  const json* vertices = JsonFields::field(j, "vertices");
  if (!joints || !joints->is_array()) return f.fail("painted.joints", "not an array");
  if (!vertices || !vertices->is_array()) return f.fail("painted.vertices", "not an array");
  std::vector<QString> names;
  for (std::size_t k = 0; k < joints->size(); ++k) {
    std::string name;
    if (!f.name((*joints)[k], "painted.joints", name)) return false;
    names.push_back(QString::fromStdString(name));
  }
  for (std::size_t r = 0; r < vertices->size(); ++r) {
    const json& row = (*vertices)[r];
    const std::string where = "painted.vertices[" + std::to_string(r) + "]";
    if (!row.is_array() || row.size() < 3 || row.size() % 2 == 0)
      return f.fail(where, "not [vertex, joint, weight, ...]");
    int vertex = 0;
    if (!f.integer(row[0], where, 0, int(f.limits().maxIndex), vertex)) return false;
    std::vector<std::pair<QString, double>>& influences = painted[vertex];
    for (std::size_t k = 1; k + 1 < row.size(); k += 2) {
      int joint = 0;
      double weight = 0;
      if (!f.integer(row[k], where, 0, int(names.size()) - 1, joint) ||
          !f.number(row[k + 1], where, 0.0, 1.0, weight))
        return false;
      influences.emplace_back(names[std::size_t(joint)], weight);
    }
  }
  return true;
}

/// The header: a project of this format and version.
bool readProjectHeader(const json& j, JsonFields& f) {
  if (!f.object(j, "top level")) return false;
  const json* format = JsonFields::field(j, "format");
  if (!format || !format->is_string() || format->get<std::string>() != kProjectFormat)
    return f.fail("format", std::string("not \"") + kProjectFormat + "\"");
  const json* version = JsonFields::field(j, "version");
  if (!version || !version->is_number_integer() || version->get<std::int64_t>() != kProjectVersion)
    return f.fail("version",
                  "unsupported (this build reads " + std::to_string(kProjectVersion) + ")");
  return true;
}

/// The files, heads, parameters and view state; paths relative to the project's folder.
bool readProjectFields(const json& j, const QDir& dir, JsonFields& f, Project& project) {
  auto path = [&](const char* key, QString& out) {
    const json* v = JsonFields::field(j, key);
    std::string stored;
    if (v && !f.string(*v, key, stored)) return false;
    out = resolve(stored, dir);
    return true;
  };
  if (!path("mesh", project.meshPath) || !path("skeleton", project.skeletonPath) ||
      !path("motion", project.motionPath))
    return false;
  if (project.meshPath.isEmpty()) return f.fail("mesh", "missing");
  if (const json* head = JsonFields::field(j, "meshHead"))
    if (!f.integer(*head, "meshHead", -1, int(f.limits().maxIndex), project.meshHead)) return false;
  if (const json* head = JsonFields::field(j, "skeletonHead")) {
    std::string name;
    if (!f.name(*head, "skeletonHead", name)) return false;
    project.skeletonHead = QString::fromStdString(name);
  }
  if (const json* params = JsonFields::field(j, "parameters"))
    if (!paramsFromJson(*params, f, project.params)) return false;
  if (const json* painted = JsonFields::field(j, "painted"))
    if (!paintedFromJson(*painted, f, project.painted)) return false;
  if (const json* pins = JsonFields::field(j, "pins"))
    if (!pinsFromJson(*pins, f, project.pins)) return false;
  if (const json* rolls = JsonFields::field(j, "rolls"))
    if (!rollsFromJson(*rolls, f, project.rolls)) return false;
  if (const json* retarget = JsonFields::field(j, "retarget"))
    if (!f.boolean(*retarget, "retarget", project.retarget)) return false;
  if (const json* level = JsonFields::field(j, "displayLevel"))
    if (!f.integer(*level, "displayLevel", -1, 64, project.displayLevel)) return false;
  return true;
}

}  // namespace

Expected<Project> readProject(const QString& path) {
  const std::string name = path.toStdString();
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly))
    return Error{name + ": cannot open the project (" + file.errorString().toStdString() + ")"};
  const QByteArray bytes = file.readAll();
  const json j = json::parse(bytes.constData(), bytes.constData() + bytes.size(), nullptr, false);
  if (j.is_discarded()) return Error{name + ": not a JSON project file"};
  JsonFields f(name);
  Project project;
  if (!readProjectHeader(j, f) || !readProjectFields(j, QFileInfo(path).absoluteDir(), f, project))
    return *f.problem();
  return project;
}

Status writeProject(const Project& project, const QString& path) {
  const QDir dir = QFileInfo(path).absoluteDir();
  json j = {
      {"format", kProjectFormat},
      {"version", kProjectVersion},
      {"mesh", relativeTo(project.meshPath, dir).toStdString()},
      {"skeleton", relativeTo(project.skeletonPath, dir).toStdString()},
      {"motion", relativeTo(project.motionPath, dir).toStdString()},
      {"meshHead", project.meshHead >= 0 ? json(project.meshHead) : json(nullptr)},
      {"skeletonHead",
       project.skeletonHead.isEmpty() ? json(nullptr) : json(project.skeletonHead.toStdString())},
      {"parameters", paramsToJson(project.params)},
      {"pins", pinsToJson(project.pins)},
      {"rolls", rollsToJson(project.rolls)},
      {"painted", paintedToJson(project.painted)},
      {"retarget", project.retarget},
      {"displayLevel", project.displayLevel}};
  return writeFileAtomically(path.toStdString(), j.dump(2) + "\n");
}

}  // namespace rw::ui

#include "project_file.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <nlohmann/json.hpp>

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
          {"lengthThreshold", p.mesh.symmetry.lengthThreshold}};
}

/// Reads the fields present (a missing one keeps its default); a wrong type is an error.
void paramsFromJson(const json& j, RigParams& p) {
  auto number = [&](const char* key, double& out) {
    if (j.contains(key)) out = j.at(key).get<double>();
  };
  auto integer = [&](const char* key, int& out) {
    if (j.contains(key)) out = j.at(key).get<int>();
  };
  number("gammaAngle", p.placement.gammaAngle);
  number("gammaLength", p.placement.gammaLength);
  number("gammaDistance", p.placement.gammaDistance);
  integer("samples", p.placement.samples);
  integer("levels", p.mesh.multires.levels);
  number("filterFraction", p.mesh.multires.filterFraction);
  number("lengthThreshold", p.mesh.symmetry.lengthThreshold);
}

}  // namespace

Expected<Project> readProject(const QString& path) {
  const std::string name = path.toStdString();
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly))
    return Error{name + ": cannot open the project (" + file.errorString().toStdString() + ")"};
  const QByteArray bytes = file.readAll();
  const json j = json::parse(bytes.constData(), bytes.constData() + bytes.size(), nullptr, false);
  if (j.is_discarded() || !j.is_object()) return Error{name + ": not a JSON project file"};
  if (j.value("format", std::string()) != kProjectFormat)
    return Error{name + ": 'format' is not \"" + kProjectFormat + "\""};
  if (j.value("version", 0) != kProjectVersion)
    return Error{name + ": unsupported project version (this build reads " +
                 std::to_string(kProjectVersion) + ")"};
  const QDir dir = QFileInfo(path).absoluteDir();
  Project project;
  try {
    project.meshPath = resolve(j.value("mesh", std::string()), dir);
    project.skeletonPath = resolve(j.value("skeleton", std::string()), dir);
    project.motionPath = resolve(j.value("motion", std::string()), dir);
    if (project.meshPath.isEmpty()) return Error{name + ": 'mesh' is missing"};
    if (j.contains("meshHead") && !j.at("meshHead").is_null())
      project.meshHead = j.at("meshHead").get<int>();
    if (j.contains("skeletonHead") && !j.at("skeletonHead").is_null())
      project.skeletonHead = QString::fromStdString(j.at("skeletonHead").get<std::string>());
    if (j.contains("parameters")) paramsFromJson(j.at("parameters"), project.params);
    project.retarget = j.value("retarget", false);
    project.displayLevel = j.value("displayLevel", -1);
  } catch (const json::exception& e) {
    return Error{name + ": a field has the wrong type (" + e.what() + ")"};
  }
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
      {"retarget", project.retarget},
      {"displayLevel", project.displayLevel}};
  return writeFileAtomically(path.toStdString(), j.dump(2) + "\n");
}

}  // namespace rw::ui

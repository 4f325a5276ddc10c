#include "io/export/export_settings.h"

#include <algorithm>
#include <cctype>

#include "io/export/engine_skeleton.h"

namespace rw {
namespace {

constexpr EnginePreset kPresets[] = {EnginePreset::None, EnginePreset::Unity, EnginePreset::Unreal,
                                     EnginePreset::Blender, EnginePreset::Maya};

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(),
                 [](unsigned char ch) { return static_cast<char>(std::tolower(ch)); });
  return s;
}

Mesh rescaledMesh(const Mesh& mesh, double factor) {
  if (mesh.source.positions.empty()) return mesh;
  SourceMesh source = mesh.source;
  for (Eigen::Vector3d& p : source.positions) p *= factor;
  // The weld tolerance is relative to the size, so the same vertices weld again.
  const double relative = mesh.size() > 0 ? mesh.weldTolerance / mesh.size() : 0;
  return buildMesh(std::move(source), relative > 0 ? relative : kDefaultWeldTolerance);
}

}  // namespace

std::optional<EnginePreset> enginePresetNamed(const std::string& name) {
  for (EnginePreset p : kPresets)
    if (lower(name) == enginePresetName(p)) return p;
  return std::nullopt;
}

const char* enginePresetName(EnginePreset preset) {
  switch (preset) {
    case EnginePreset::None:
      return "none";
    case EnginePreset::Unity:
      return "unity";
    case EnginePreset::Unreal:
      return "unreal";
    case EnginePreset::Blender:
      return "blender";
    case EnginePreset::Maya:
      return "maya";
  }
  return "none";
}

std::string enginePresetNames() {
  std::string out;
  for (EnginePreset p : kPresets)
    out += (out.empty() ? "" : ", ") + std::string(enginePresetName(p));
  return out;
}

ExportSettings exportSettingsFor(EnginePreset preset) {
  ExportSettings s;
  switch (preset) {
    case EnginePreset::None:
      break;
    case EnginePreset::Unity:  // metres; Mecanim's Humanoid wants one hierarchy of deform bones
      s.fileUnitMetres = 1.0;
      s.deformBonesOnly = s.singleRootBone = true;
      break;
    case EnginePreset::Unreal:  // centimetres; one root bone, the skeleton asset's root
      s.fileUnitMetres = 0.01;
      s.deformBonesOnly = s.singleRootBone = true;
      break;
    case EnginePreset::Blender:
      s.fileUnitMetres = 1.0;
      break;
    case EnginePreset::Maya:
      s.fileUnitMetres = 0.01;
      break;  // Maya's default working unit
  }
  return s;
}

Character rescaled(const Character& c, double factor) {
  if (factor == 1.0) return c;
  Character out = c;
  out.mesh = rescaledMesh(c.mesh, factor);
  for (Joint& j : out.skeleton.joints) {
    j.restLocal.translation() *= factor;
    if (j.tail) *j.tail *= factor;
  }
  for (AnimationClip& clip : out.clips)
    for (JointChannel& ch : clip.channels)
      for (VectorKey& k : ch.translation) k.value *= factor;
  out.metresPerUnit = c.metresPerUnit / factor;
  return out;
}

Character prepareForExport(const Character& c, const ExportSettings& settings) {
  Character out = c;
  if (settings.deformBonesOnly) {
    std::vector<bool> keep = deformingJoints(c);
    const std::vector<int> roots = c.skeleton.roots();
    if (settings.keepMasterRoot && roots.size() == 1) keep[roots.front()] = true;
    out = keepJoints(c, keep);
  }
  if (settings.singleRootBone) out = withSingleRoot(out, settings.rootBoneName);
  if (settings.fileUnitMetres > 0) out = rescaled(out, c.metresPerUnit / settings.fileUnitMetres);
  return out;
}

}  // namespace rw

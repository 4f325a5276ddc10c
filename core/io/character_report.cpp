#include "io/character_report.h"

#include <functional>
#include <iomanip>
#include <sstream>

namespace rw {

using nlohmann::json;

json characterReport(const Character& c) {
  const MeshDiagnostics& d = c.mesh.diagnostics;
  json parts = json::array();
  for (const MeshPart& p : c.mesh.source.parts)
    parts.push_back({{"name", p.name},
                     {"vertices", p.vertexCount},
                     {"triangles", p.triangleCount},
                     {"material", c.mesh.source.materialNames.at(p.material)}});
  json components = json::array();
  for (const ComponentInfo& ci : d.componentInfo)
    components.push_back({{"vertices", ci.vertices},
                          {"triangles", ci.triangles},
                          {"closed", ci.closed},
                          {"genus", ci.genus >= 0 ? json(ci.genus) : json()},
                          {"euler_characteristic", ci.eulerCharacteristic},
                          {"boundary_edges", ci.boundaryEdges},
                          {"non_manifold_edges", ci.nonManifoldEdges},
                          {"bbox_diagonal", ci.bboxDiagonal}});
  const Eigen::AlignedBox3d box = c.mesh.bounds();
  json mesh = {{"parts", parts},
               {"vertices_raw", c.mesh.source.positions.size()},
               {"triangles_raw", c.mesh.source.triangles.size()},
               {"vertices_welded", d.vertices},
               {"triangles_welded", d.triangles},
               {"components", d.components},
               {"closed", d.closed},
               {"boundary_edges", d.boundaryEdges},
               {"boundary_loops", d.boundaryLoops},
               {"non_manifold_edges", d.nonManifoldEdges},
               {"non_manifold_vertices", d.nonManifoldVertices},
               {"degenerate_triangles", d.degenerateTriangles},
               {"euler_characteristic", d.eulerCharacteristic},
               {"component_details", components},
               {"has_normals", !c.mesh.source.normals.empty()},
               {"has_uvs", !c.mesh.source.uvs.empty()},
               {"materials", c.mesh.source.materialNames}};
  if (!c.mesh.empty()) {
    mesh["bbox_min"] = {box.min().x(), box.min().y(), box.min().z()};
    mesh["bbox_max"] = {box.max().x(), box.max().y(), box.max().z()};
    mesh["size"] = box.diagonal().norm();
  }
  json bones = json::array();
  for (const Joint& j : c.skeleton.joints)
    bones.push_back({{"name", j.name},
                     {"parent", j.parent >= 0 ? json(c.skeleton.joints[j.parent].name) : json()},
                     {"deform", j.deform}});
  json clips = json::array();
  for (const AnimationClip& clip : c.clips)
    clips.push_back({{"name", clip.name},
                     {"duration", clip.duration},
                     {"frames_per_second", clip.framesPerSecond},
                     {"frames", clip.frameCount()},
                     {"animated_joints", clip.channels.size()}});
  return {{"file", c.sourcePath},
          {"up_axis", c.sourceUpAxis == UpAxis::Z ? "Z" : "Y"},
          {"mesh", mesh},
          {"skeleton",
           {{"bones", c.skeleton.size()},
            {"deform", c.skeleton.deformCount()},
            {"control", c.skeleton.controlCount()},
            {"roots", c.skeleton.roots().size()},
            {"tree", bones}}},
          {"skin",
           {{"weighted_vertices",
             c.skin.empty() ? 0 : c.skin.vertexCount() - c.skin.unweightedVertices()},
            {"max_influences", c.skin.maxInfluences()}}},
          {"clips", clips},
          {"notes", c.notes}};
}

std::string characterReportText(const Character& c) {
  std::ostringstream s;
  const MeshDiagnostics& d = c.mesh.diagnostics;
  s << c.sourcePath << "\n";
  s << "  up axis: " << (c.sourceUpAxis == UpAxis::Z ? "Z (turned to Y)" : "Y") << "\n";
  s << "  meshes: " << c.mesh.source.parts.size() << "\n";
  for (const MeshPart& p : c.mesh.source.parts)
    s << "    " << (p.name.empty() ? "(unnamed)" : p.name) << ": " << p.vertexCount << " vertices, "
      << p.triangleCount << " triangles\n";
  s << "  vertices: " << c.mesh.source.positions.size() << " raw, " << d.vertices << " welded\n";
  s << "  triangles: " << c.mesh.source.triangles.size() << " raw, " << d.triangles << " welded\n";
  if (!c.mesh.empty()) {
    s << "  size (bbox diagonal): " << c.mesh.size() << "\n";
    s << "  topology: " << d.summary() << "\n";
    for (std::size_t i = 0; i < d.componentInfo.size() && i < 8; ++i) {
      const ComponentInfo& ci = d.componentInfo[i];
      s << "    component " << i << ": " << ci.vertices << " vertices, " << ci.triangles
        << " triangles, ";
      if (ci.closed)
        s << "closed, genus " << ci.genus << "\n";
      else
        s << "open\n";
    }
    if (d.componentInfo.size() > 8) s << "    ... " << d.componentInfo.size() - 8 << " more\n";
  }
  s << "  bones: " << c.skeleton.size() << " (" << c.skeleton.deformCount() << " deform, "
    << c.skeleton.controlCount() << " control), " << c.skeleton.roots().size() << " root(s)\n";
  std::function<void(int, int)> tree = [&](int j, int depth) {
    s << "    " << std::string(2 * depth, ' ') << c.skeleton.joints[j].name
      << (c.skeleton.joints[j].deform ? "" : "  [control]") << "\n";
    for (int k : c.skeleton.children(j)) tree(k, depth + 1);
  };
  for (int r : c.skeleton.roots()) tree(r, 0);
  if (!c.skin.empty())
    s << "  skin: up to " << c.skin.maxInfluences() << " influences per vertex\n";
  s << "  clips: " << c.clips.size() << "\n";
  for (const AnimationClip& clip : c.clips)
    s << "    '" << clip.name << "': " << std::fixed << std::setprecision(3) << clip.duration
      << " s, " << std::setprecision(2) << clip.framesPerSecond << " fps, " << clip.frameCount()
      << " frames\n"
      << std::defaultfloat;
  for (const std::string& note : c.notes) s << "  note: " << note << "\n";
  return s.str();
}

}  // namespace rw

#include "io/graph_report.h"

namespace rw {

using nlohmann::json;

namespace {
json point(const Eigen::Vector3d& p) {
  return json::array({p.x(), p.y(), p.z()});
}
}  // namespace

json graphToJson(const TopologyGraph& g, const GraphSymmetry* symmetry) {
  json nodes = json::array(), arcs = json::array();
  for (int n = 0; n < g.nodeCount(); ++n)
    nodes.push_back({{"id", n},
                     {"position", point(g.nodes[n].position)},
                     {"f", g.nodes[n].f},
                     {"degree", g.degree(n)},
                     {"vertex", g.nodes[n].source}});
  for (int a = 0; a < g.arcCount(); ++a) {
    json polyline = json::array();
    for (const auto& p : g.arcs[a].polyline) polyline.push_back(point(p));
    json arc = {{"id", a},
                {"from", g.arcs[a].from},
                {"to", g.arcs[a].to},
                {"length", g.arcs[a].length},
                {"polyline", polyline}};
    if (symmetry && a < int(symmetry->arcs.size())) {
      const ArcSymmetry& s = symmetry->arcs[a];
      arc["tag"] = symmetryTagName(s.tag);
      arc["side"] = s.side == SymmetrySide::None ? json() : json(symmetrySideName(s.side));
      arc["radial_index"] = s.radialIndex;
      arc["symmetry_level"] = s.level;
      arc["group"] = s.group;
    }
    arcs.push_back(std::move(arc));
  }
  return {{"root", g.root}, {"nodes", nodes}, {"arcs", arcs}};
}

json meshGraphReport(const Mesh& mesh, const MeshGraph& graph) {
  json loops = json::array();
  for (const LoopCut& c : graph.reeb.loopsCut)
    loops.push_back({{"position", point(c.position)}, {"f", c.f}});
  json times = json::object();
  double total = 0;
  for (const auto& [stage, seconds] : graph.stageSeconds) times[stage] = seconds, total += seconds;
  times["total"] = total;
  json levels = json::array();
  for (int l = 0; l < graph.multires.levelCount(); ++l) {
    const MultiresLevel& level = graph.multires.levels[l];
    json j =
        graphToJson(level.graph, l < int(graph.symmetry.size()) ? &graph.symmetry[l] : nullptr);
    j["level"] = l;
    j["threshold"] = level.threshold;
    j["links"] = {{"node_finer", level.nodeFiner},
                  {"node_coarser", level.nodeCoarser},
                  {"arc_finer", level.arcFiner},
                  {"arc_coarser", level.arcCoarser}};
    levels.push_back(std::move(j));
  }
  json extrema = json::array();
  for (const ExtremalVertex& e : graph.field.extrema)
    extrema.push_back({{"vertex", e.vertex},
                       {"position", point(mesh.positions[e.vertex])},
                       {"distance", e.distance}});
  return {{"head",
           {{"vertex", graph.field.head}, {"position", point(mesh.positions[graph.field.head])}}},
          {"extrema", extrema},
          {"critical_vertices", graph.reeb.criticalVertices},
          {"loops_cut", loops},
          {"domain",
           {{"bridges", graph.field.domain.bridges.size()},
            {"dropped_islands", graph.field.domain.droppedIslands},
            {"notes", graph.field.domain.notes}}},
          {"graph_length", graph.multires.graphLength},
          {"levels", levels},
          {"stage_seconds", times}};
}

}  // namespace rw

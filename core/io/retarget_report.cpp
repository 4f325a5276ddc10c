#include "io/retarget_report.h"

#include "symmetry/symmetry_tags.h"

namespace rw {

std::string jointLabel(const Skeleton& skeleton, int joint) {
  if (joint < 0 || joint >= skeleton.size()) return "#" + std::to_string(joint);
  return skeleton.joints[joint].name.empty() ? "#" + std::to_string(joint)
                                             : skeleton.joints[joint].name;
}

namespace {

const char* fateName(JointFate fate) {
  switch (fate) {
    case JointFate::Placed:
      return "placed";
    case JointFate::Followed:
      return "followed";
    case JointFate::Control:
      return "control";
    case JointFate::Predicted:
      return "predicted";
    case JointFate::Pinned:
      return "pinned";
  }
  return "?";
}

nlohmann::json arcJoints(const Skeleton& s, const SkeletonGraph& g, int arc) {
  nlohmann::json names = nlohmann::json::array();
  for (int j : g.graph.arcs[arc].members) names.push_back(jointLabel(s, j));
  return names;
}

nlohmann::json point(const Eigen::Vector3d& p) {
  return {p.x(), p.y(), p.z()};
}

}  // namespace

nlohmann::json retargetReport(const RigSession& session) {
  nlohmann::json report;
  const Skeleton& source = *session.skeleton();
  const SkeletonGraph& g = *session.skeletonGraph();
  const GraphSymmetry& ssym = *session.skeletonSymmetry();
  const GraphMatching& m = *session.matching();
  const RetargetedSkeleton& r = *session.retargeted();
  const auto& meshSym = *session.meshSymmetry();

  report["skeleton_head"] = jointLabel(source, session.skeletonHead());
  report["mesh_head_vertex"] = session.meshHead();
  // Where the field starts: the picked vertex, or where it went on the body and mirror plane.
  report["mesh_field_head_vertex"] = session.field()->head;
  report["mesh_head_note"] = session.field()->headNote;
  report["mesh_notes"] = session.field()->domain.notes;
  const PlacementParams& pp = session.params().placement;
  report["parameters"] = {{"gamma_angle", pp.gammaAngle},
                          {"gamma_length", pp.gammaLength},
                          {"gamma_distance", pp.gammaDistance},
                          {"samples", pp.samples},
                          {"levels", session.params().mesh.multires.levels},
                          {"filter", session.params().mesh.multires.filterFraction},
                          {"length_threshold", session.params().mesh.symmetry.lengthThreshold}};
  nlohmann::json matches = nlohmann::json::array();
  for (const ArcMatch& a : m.matches) {
    const ArcSymmetry& st = ssym.arcs[a.skeletonArc];
    const ArcSymmetry& mt = meshSym[a.level].arcs[a.meshArc];
    matches.push_back({{"skeleton_arc", a.skeletonArc},
                       {"joints", arcJoints(source, g, a.skeletonArc)},
                       {"skeleton_tag", symmetryTagName(st.tag)},
                       {"skeleton_side", symmetrySideName(st.side)},
                       {"level", a.level},
                       {"mesh_arc", a.meshArc},
                       {"mesh_tag", symmetryTagName(mt.tag)},
                       {"mesh_side", symmetrySideName(mt.side)},
                       {"rule", matchRuleName(a.rule)}});
  }
  report["matches"] = matches;
  nlohmann::json unmatched = nlohmann::json::array();
  for (const UnmatchedArc& u : m.unmatched)
    unmatched.push_back({{"skeleton_arc", u.skeletonArc},
                         {"joints", arcJoints(source, g, u.skeletonArc)},
                         {"reason", u.reason}});
  report["unplaced"] = unmatched;
  nlohmann::json joints = nlohmann::json::array();
  const std::vector<Transform> globals = r.skeleton.restGlobals();
  for (int j = 0; j < r.skeleton.size(); ++j)
    joints.push_back({{"name", jointLabel(r.skeleton, j)},
                      {"position", point(globals[j].translation())},
                      {"deform", r.skeleton.joints[j].deform},
                      {"fate", fateName(r.fate[j])}});
  report["joints"] = joints;
  std::string predicted;
  for (int j = 0; j < r.skeleton.size(); ++j)
    if (r.fate[j] == JointFate::Predicted)
      predicted += (predicted.empty() ? "" : ", ") + jointLabel(r.skeleton, j);
  nlohmann::json warnings = nlohmann::json::array();
  if (!predicted.empty())
    warnings.push_back(
        "the mesh hides limbs of the skeleton (a robe or a skirt, or a hand resting on the "
        "body?): " +
        predicted + " predicted from the skeleton's proportions, not placed in the mesh");
  report["warnings"] = warnings;
  nlohmann::json links = nlohmann::json::array();
  for (const ControlLink& l : *session.controlLinks())
    links.push_back({{"control", jointLabel(source, l.control)},
                     {"deform", l.deform >= 0 ? jointLabel(source, l.deform) : ""},
                     {"kind", controlLinkKindName(l.kind)}});
  report["control_links"] = links;
  report["terms"] = {
      {"angle", r.angleTerm}, {"length", r.lengthTerm}, {"distance", r.distanceTerm}};
  nlohmann::json times = nlohmann::json::object();
  for (const StageTime& t : session.stageTimes()) times[rigStageName(t.stage)] = t.seconds;
  report["stage_seconds"] = times;
  return report;
}

}  // namespace rw

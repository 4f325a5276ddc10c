// Procedural characters (see procedural_characters.h).
#include "procedural_characters.h"

#include "implicit_meshes.h"

namespace rw::test {

using Eigen::Vector3d;

/// Adds a joint with identity orientation and an explicit tail, given in character space.
int addJoint(Skeleton& s, const std::string& name, const std::string& parent,
             const Eigen::Vector3d& head, const Eigen::Vector3d& tail) {
  Joint j;
  j.name = name;
  j.parent = parent.empty() ? -1 : s.indexOf(parent);
  const Vector3d parentHead =
      j.parent >= 0 ? Vector3d(s.restGlobals()[j.parent].translation()) : Vector3d::Zero();
  j.restLocal = Transform::Identity();
  j.restLocal.translation() = head - parentHead;
  j.tail = tail;
  s.joints.push_back(j);
  return s.size() - 1;
}

/// A humanoid with bent elbows and knees (so that the mesh, not only proportions, says where
/// they are), Y up, facing +Z, left = +X.
Skeleton bentHumanoid() {
  Skeleton s;
  addJoint(s, "hips", "", {0, 0.95, 0}, {0, 1.2, 0});
  addJoint(s, "spine", "hips", {0, 1.2, 0}, {0, 1.4, 0});
  addJoint(s, "chest", "spine", {0, 1.4, 0}, {0, 1.55, 0});
  addJoint(s, "head", "chest", {0, 1.55, 0}, {0, 1.8, 0});
  for (double side : {1.0, -1.0}) {
    const std::string sfx = side > 0 ? ".L" : ".R";
    const Vector3d sh(0.17 * side, 1.4, 0), el(0.45 * side, 1.2, -0.12), wr(0.72 * side, 1.3, 0.15);
    const Vector3d hip(0.1 * side, 0.95, 0), knee(0.13 * side, 0.52, 0.14),
        ankle(0.14 * side, 0.1, 0);
    addJoint(s, "upperarm" + sfx, "chest", sh, el);
    addJoint(s, "forearm" + sfx, "upperarm" + sfx, el, wr);
    addJoint(s, "thigh" + sfx, "hips", hip, knee);
    addJoint(s, "shin" + sfx, "thigh" + sfx, knee, ankle);
  }
  return s;
}

/// A closed mesh around the deform bones of `s` (capsules head → tail), leaving out the bones
/// `skip` names.
Mesh meshAround(const Skeleton& s, const std::function<double(const std::string&)>& radius,
                double cell, const std::function<bool(const std::string&)>& skip) {
  std::vector<Capsule> capsules;
  const std::vector<BoneShape> bones = s.boneShapes();
  for (int j = 0; j < s.size(); ++j)
    if (s.joints[j].deform && !(skip && skip(s.joints[j].name)))
      capsules.push_back({bones[j].head, bones[j].tail, radius(s.joints[j].name)});
  return buildMesh(capsuleCreature(capsules, cell));
}

double humanoidRadius(const std::string& name) {
  if (name == "head") return 0.11;
  if (name == "hips" || name == "spine" || name == "chest") return 0.16;
  if (name.rfind("upperarm", 0) == 0 || name.rfind("forearm", 0) == 0) return 0.05;
  return 0.07;
}

}  // namespace rw::test

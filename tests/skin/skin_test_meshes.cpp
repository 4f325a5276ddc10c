#include "skin_test_meshes.h"

#include <cmath>

#include "support/implicit_meshes.h"

namespace rw::test {

SourceMesh closedBar(double x0, double x1, double r, int rings, int sides) {
  SourceMesh m;
  auto id = [&](int i, int s) { return i * sides + (s % sides); };
  for (int i = 0; i <= rings; ++i)
    for (int s = 0; s < sides; ++s) {
      const double a = 2 * M_PI * s / sides;
      m.positions.emplace_back(x0 + (x1 - x0) * i / rings, r * std::cos(a), r * std::sin(a));
    }
  for (int i = 0; i < rings; ++i)
    for (int s = 0; s < sides; ++s) {
      const int a = id(i, s), b = id(i + 1, s), c = id(i + 1, s + 1), d = id(i, s + 1);
      if (2 * i < rings) {  // diagonal a-c on the left half, b-d on the right: mirror-symmetric
        m.triangles.emplace_back(a, b, c);
        m.triangles.emplace_back(a, c, d);
      } else {
        m.triangles.emplace_back(a, b, d);
        m.triangles.emplace_back(b, c, d);
      }
    }
  const int left = int(m.positions.size()), right = left + 1;
  m.positions.emplace_back(x0, 0, 0);
  m.positions.emplace_back(x1, 0, 0);
  for (int s = 0; s < sides; ++s) {
    m.triangles.emplace_back(left, id(0, s), id(0, s + 1));
    m.triangles.emplace_back(right, id(rings, s + 1), id(rings, s));
  }
  m.triangleMaterial.assign(m.triangles.size(), 0);
  m.materialNames = {"bar"};
  m.parts.push_back({"bar", 0, int(m.positions.size()), 0, int(m.triangles.size()), 0});
  return m;
}

SourceMesh uvSphere(const Eigen::Vector3d& centre, double r, int rings, int sides, double cutZ) {
  SourceMesh m;
  std::vector<int> ring(std::size_t(rings + 1) * std::size_t(sides), -1);
  auto point = [&](int i, int s) {  // latitude from +z (i = 0) to -z (i = rings)
    const double polar = M_PI * i / rings, a = 2 * M_PI * s / sides;
    return Eigen::Vector3d(centre + r * Eigen::Vector3d(std::sin(polar) * std::cos(a),
                                                        std::sin(polar) * std::sin(a),
                                                        std::cos(polar)));
  };
  auto id = [&](int i, int s) {
    if (i == 0) s = 0;  // the pole is one vertex
    if (i == rings) s = 0;
    int& v = ring[std::size_t(i) * std::size_t(sides) + std::size_t(s % sides)];
    if (v < 0) {
      v = int(m.positions.size());
      m.positions.push_back(point(i, s));
    }
    return v;
  };
  for (int i = 0; i < rings; ++i) {
    if (std::cos(M_PI * (i + 1) / rings) < cutZ - 1e-9) break;  // behind the cut
    for (int s = 0; s < sides; ++s) {
      const int a = id(i, s), b = id(i + 1, s), c = id(i + 1, s + 1), d = id(i, s + 1);
      if (a != d) m.triangles.emplace_back(a, b, d);
      if (b != c) m.triangles.emplace_back(d, b, c);
    }
  }
  m.triangleMaterial.assign(m.triangles.size(), 0);
  m.materialNames = {"sphere"};
  m.parts.push_back({"sphere", 0, int(m.positions.size()), 0, int(m.triangles.size()), 0});
  return m;
}

Joint makeJoint(const std::string& name, int parent, const Skeleton& skeleton,
                const Eigen::Vector3d& head, const Eigen::Vector3d& tail) {
  Joint j;
  j.name = name;
  j.parent = parent;
  Eigen::Vector3d parentHead = Eigen::Vector3d::Zero();
  if (parent >= 0) parentHead = skeleton.restGlobals()[parent].translation();
  j.restLocal = Transform(Eigen::Translation3d(head - parentHead));
  j.tail = tail;
  return j;
}

Character riggedHumanoid(double cell) {
  const Creature creature = humanoidCreature();
  Character c;
  c.mesh = buildMesh(capsuleCreature(creature.capsules, cell));
  Skeleton& s = c.skeleton;
  auto add = [&](const std::string& name, int parent, Eigen::Vector3d head, Eigen::Vector3d tail) {
    s.joints.push_back(makeJoint(name, parent, s, head, tail));
    return s.size() - 1;
  };
  const int torso = add("torso", -1, {0, 0.95, 0}, {0, 1.45, 0});
  add("head", torso, {0, 1.5, 0}, {0, 1.75, 0});
  for (int side : {1, -1}) {
    const std::string suffix = side > 0 ? ".L" : ".R";
    const int upper =
        add("upperarm" + suffix, torso, {side * 0.15, 1.4, 0}, {side * 0.45, 1.225, 0});
    add("forearm" + suffix, upper, {side * 0.45, 1.225, 0}, {side * 0.75, 1.05, 0});
    const int thigh = add("thigh" + suffix, torso, {side * 0.1, 0.95, 0}, {side * 0.12, 0.515, 0});
    add("shin" + suffix, thigh, {side * 0.12, 0.515, 0}, {side * 0.14, 0.08, 0});
  }
  return c;
}

Character symmetricBar() {
  Character c;
  c.mesh = buildMesh(closedBar(-1.0, 1.0, 0.2, 40, 24));
  Skeleton& s = c.skeleton;
  s.joints.push_back(makeJoint("body", -1, s, {0, -0.05, 0}, {0, 0.05, 0}));
  s.joints.push_back(makeJoint("arm.L", 0, s, {0.3, 0, 0}, {0.9, 0.02, 0}));
  s.joints.push_back(makeJoint("arm.R", 0, s, {-0.3, 0, 0}, {-0.9, 0.02, 0}));
  return c;
}

double weightOf(const std::vector<Influence>& influences, int joint) {
  double w = 0.0;
  for (const Influence& i : influences)
    if (i.joint == joint) w += i.weight;
  return w;
}

}  // namespace rw::test

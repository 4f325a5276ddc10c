#include "support/skeleton_edits.h"

#include <functional>

namespace rw::test {
namespace {

/// Applies `map` to the globals of `joint`'s descendants (and their tails), then rebuilds the
/// local transforms.
void mapSubtree(Skeleton& s, int joint, const std::function<Transform(const Transform&)>& map,
                const std::function<Eigen::Vector3d(const Eigen::Vector3d&)>& point) {
  std::vector<Transform> g = s.restGlobals();
  std::vector<char> inside(s.size(), 0);
  for (int j = 0; j < s.size(); ++j) {
    const int p = s.joints[j].parent;
    inside[j] = (p >= 0 && (p == joint || inside[p])) ? 1 : 0;
  }
  for (int j = 0; j < s.size(); ++j)
    if (inside[j]) {
      g[j] = map(g[j]);
      if (s.joints[j].tail) s.joints[j].tail = point(*s.joints[j].tail);
    }
  for (int j = 0; j < s.size(); ++j) {
    const int p = s.joints[j].parent;
    s.joints[j].restLocal = p >= 0 ? g[p].inverse() * g[j] : g[j];
  }
}

}  // namespace

void scaleSubtree(Skeleton& s, int joint, double factor) {
  const Eigen::Vector3d c = s.restGlobals()[joint].translation();
  auto point = [&](const Eigen::Vector3d& x) -> Eigen::Vector3d { return c + factor * (x - c); };
  mapSubtree(
      s, joint,
      [&](const Transform& t) {
        Transform out = t;
        out.translation() = point(t.translation());
        return out;
      },
      point);
}

void rotateSubtree(Skeleton& s, int joint, const Eigen::Matrix3d& r) {
  const Eigen::Vector3d c = s.restGlobals()[joint].translation();
  auto point = [&](const Eigen::Vector3d& x) -> Eigen::Vector3d { return c + r * (x - c); };
  mapSubtree(
      s, joint,
      [&](const Transform& t) {
        Transform out = t;
        out.linear() = r * t.linear();
        out.translation() = point(t.translation());
        return out;
      },
      point);
  // The joint itself turns too, so its bone follows its children.
  Transform g = s.restGlobals()[joint];
  const int p = s.joints[joint].parent;
  g.linear() = r * g.linear();
  const std::vector<Transform> globals = s.restGlobals();
  std::vector<Transform> all = globals;
  all[joint] = g;
  s.joints[joint].restLocal = p >= 0 ? all[p].inverse() * g : g;
  for (int c2 : s.children(joint)) s.joints[c2].restLocal = g.inverse() * globals[c2];
}

void scaleSkeleton(Skeleton& s, double scale, const Eigen::Vector3d& offset) {
  std::vector<Transform> g = s.restGlobals();
  for (int j = 0; j < s.size(); ++j) {
    g[j].translation() = scale * g[j].translation() + offset;
    if (s.joints[j].tail) s.joints[j].tail = scale * *s.joints[j].tail + offset;
  }
  for (int j = 0; j < s.size(); ++j) {
    const int p = s.joints[j].parent;
    s.joints[j].restLocal = p >= 0 ? g[p].inverse() * g[j] : g[j];
  }
}

}  // namespace rw::test

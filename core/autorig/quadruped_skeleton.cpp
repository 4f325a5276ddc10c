// Quadruped refinement (Aujay 2007 §4.3), after the reference skeletons of Rosario et al.
#include "autorig/template_skeletons.h"
#include "autorig/trunk_paths.h"

namespace rw {
namespace {

/// §4.3 uses §4.2's frame, Spine × P1P2 for up. On a quadruped, S sits high: the level sets
/// reaching the front legs are caps around where the neck joins the top of the trunk, so SP
/// tilts (39° on our four-legged creature) and so would up. Up is instead the mean way up the four
/// legs (tip to root), made orthogonal to P1P2; front is SP reversed, made orthogonal to both.
BodyFrame quadrupedFrame(const Trunk& t, const TrunkPaths& paths) {
  BodyFrame f;
  const Eigen::Vector3d across = (t.P1 - t.P2).normalized();
  Eigen::Vector3d up = Eigen::Vector3d::Zero();
  for (int k = 0; k < 2; ++k)
    up +=
        paths.legs[k].front() - paths.legs[k].back() + paths.arms[k].front() - paths.arms[k].back();
  up -= up.dot(across) * across;
  f.up = up.normalized();
  Eigen::Vector3d front = t.S - t.P;
  front -= front.dot(f.up) * f.up + front.dot(across) * across;
  f.front = front.normalized();
  f.left = f.up.cross(f.front).normalized();
  return f;
}

}  // namespace

BuiltSkeleton buildQuadrupedSkeleton(const TemplateInput& in, const Trunk& t,
                                     const AutorigParams& params) {
  const QuadrupedParams& qp = params.quadruped;
  const TrunkPaths paths = trunkPaths(in, t);
  BuiltSkeleton out;
  out.frame = quadrupedFrame(t, paths);
  const BodyFrame& f = out.frame;
  SkeletonBuilder& b = out.builder;
  auto lift = [&](const Eigen::Vector3d& p, double fraction) {
    return in.probe.towardSurface(p, f.up, fraction);
  };

  // P and S lifted toward the back, the spine nodes with them: on the segment between the two.
  // (Not on the level-set centroids between them: near S those are the centres of caps around
  // the neck's root and sag under the belly — the last one can fall outside the body.)
  const Eigen::Vector3d P = lift(paths.spine.front(), qp.backLift);
  const Eigen::Vector3d S = lift(paths.spine.back(), qp.backLift);
  const int hips = b.add("hips", -1, P, primaryTag());
  int parent = hips;
  for (int k = 1; k <= 3; ++k)
    parent = b.add(numbered("spine", k), parent, P + (k / 4.0) * (S - P), primaryTag());
  const int chest = b.add("chest", parent, S, primaryTag());
  b.setTail(hips, b.position(hips + 1));

  // Neck: J near the constriction, a bit toward the head tip; C1, C2, C4, C7 between J and S
  // (five edges), the cervical vertebrae spread evenly over seven places.
  const double tNeck = narrowestFraction(paths.head, in.probe, qp.neckSearchFrom, qp.neckSearchTo);
  const double tJ = tNeck * (1.0 - qp.jawTowardHead);
  const Eigen::Vector3d J = paths.head.at(tJ);
  parent = chest;
  const int vertebrae[] = {7, 4, 2, 1};
  // The neck's root follows S's lift, fading out toward J.
  const Eigen::Vector3d sLift = S - paths.head.back();
  for (int k = 0; k < 4; ++k) {
    const double w = vertebrae[k] / 8.0, along = tJ + (1.0 - tJ) * w;
    parent = b.add(numbered("neck", k + 1), parent, paths.head.at(along) + w * sLift, primaryTag());
  }
  b.setTail(chest, b.position(chest + 1));
  const int head = b.add("head", parent, J, primaryTag(), paths.head.front());
  b.add("jaw", head, in.probe.towardSurface(J, -f.up, qp.jawDown), primaryTag(),
        paths.head.front());

  // Legs: front in 5 edges from S1, back in 4 from P1; roots lifted, the first inserted node
  // moved forward (−Spine).
  auto leg = [&](const EmbeddedPath& path, int edges) {
    std::vector<double> at;
    for (int k = 0; k <= edges; ++k) at.push_back(double(k) / edges);
    std::vector<Eigen::Vector3d> points = pointsAt(path, at);
    points[0] = lift(points[0], qp.limbRootLift);
    points[1] += qp.firstLegNodeForward * (points[1] - points[0]).norm() * f.front;
    return points;
  };
  const auto [arm0Left, arm1Left] =
      pairSides(paths.arms[0].front(), paths.arms[1].front(), t.S, f.left);
  for (int k = 0; k < 2; ++k) {
    const bool left = k == 0 ? arm0Left : arm1Left;
    b.addChain({sided("scapula", left), sided("upperarm", left), sided("forearm", left),
                sided("hand", left), sided("finger", left)},
               chest, leg(paths.arms[k], 5), axialTag(left));
  }
  const auto [leg0Left, leg1Left] =
      pairSides(paths.legs[0].front(), paths.legs[1].front(), t.P, f.left);
  for (int k = 0; k < 2; ++k) {
    const bool left = k == 0 ? leg0Left : leg1Left;
    b.addChain({sided("thigh", left), sided("shin", left), sided("foot", left), sided("toe", left)},
               hips, leg(paths.legs[k], 4), axialTag(left));
  }
  if (paths.tail) {
    std::vector<double> at;
    std::vector<std::string> names;
    for (int k = 0; k <= params.tailSegments; ++k) at.push_back(double(k) / params.tailSegments);
    for (int k = 1; k <= params.tailSegments; ++k) names.push_back(numbered("tail", k));
    std::vector<Eigen::Vector3d> points = pointsAt(*paths.tail, at);
    points[0] = P;
    b.addChain(names, hips, points, primaryTag());
  }
  if (!paths.dropped.empty())
    out.notes.push_back(std::to_string(paths.dropped.size()) +
                        " side arc(s) off the trunk are not in the quadruped template and were "
                        "left out (ears, horns, a chin)");
  return out;
}

}  // namespace rw

// Biped refinement (Aujay 2007 §4.2).
#include "autorig/template_skeletons.h"
#include "autorig/trunk_paths.h"

namespace rw {
namespace {

/// §4.2's frame: Spine, P1P2 and their cross product. Up is P → S. Front: the feet point
/// forward (the foot tips lie ahead of the ankles); a character without feet is taken to face
/// +Z, the convention of character space.
BodyFrame bipedFrame(const Trunk& t, const TrunkPaths& paths, const BipedParams& params) {
  BodyFrame f;
  f.up = (t.S - t.P).normalized();
  Eigen::Vector3d across = t.P1 - t.P2;
  across -= across.dot(f.up) * f.up;
  if (across.squaredNorm() <= 0) across = Eigen::Vector3d::UnitX();
  across.normalize();
  Eigen::Vector3d third = f.up.cross(across).normalized();
  double toes = 0, legLength = 0;
  for (const EmbeddedPath& leg : paths.legs) {
    toes += (leg.back() - leg.at(params.ankle)).dot(third);
    legLength += leg.length();
  }
  const bool decided = std::abs(toes) > params.minToeLead * legLength;
  f.front = (decided ? toes > 0 : third.z() >= 0) ? third : Eigen::Vector3d(-third);
  f.left = f.up.cross(f.front).normalized();
  return f;
}

}  // namespace

BuiltSkeleton buildBipedSkeleton(const TemplateInput& in, const Trunk& t,
                                 const AutorigParams& params) {
  const BipedParams& bp = params.biped;
  const TrunkPaths paths = trunkPaths(in, t);
  BuiltSkeleton out;
  out.frame = bipedFrame(t, paths, bp);
  const BodyFrame& f = out.frame;
  SkeletonBuilder& b = out.builder;
  auto back = [&](const Eigen::Vector3d& p) {
    return in.probe.towardSurface(p, -f.front, bp.spineBackward);
  };

  // Spine: SP in 4 edges, its inner nodes and S moved backward.
  const int hips = b.add("hips", -1, paths.spine.front(), primaryTag());
  int parent = hips;
  for (int k = 1; k <= 3; ++k)
    parent = b.add(numbered("spine", k), parent, back(paths.spine.at(k / 4.0)), primaryTag());
  const Eigen::Vector3d S = back(paths.spine.back());
  const int chest = b.add("chest", parent, S, primaryTag());

  // Neck N, jaw J (at the neck's constriction), mouth M; the head bone ends at the source.
  const double tJ = narrowestFraction(paths.head, in.probe, bp.neckSearchFrom, bp.neckSearchTo);
  const Eigen::Vector3d J = paths.head.at(tJ);
  const Eigen::Vector3d N = paths.head.at(tJ + bp.neckBase * (1.0 - tJ));
  const int neck = b.add("neck", chest, N, primaryTag());
  b.setTail(chest, N);
  const int head = b.add("head", neck, J, primaryTag(), paths.head.front());
  b.add("jaw", head, J, primaryTag(), in.probe.towardSurface(J, f.front, bp.mouthForward));

  // Arms: the clavicle from S to S1 (ahead of S, which moved back), then 3 edges.
  const auto [arm0Left, arm1Left] =
      pairSides(paths.arms[0].front(), paths.arms[1].front(), t.S, f.left);
  for (int k = 0; k < 2; ++k) {
    const bool left = k == 0 ? arm0Left : arm1Left;
    const EmbeddedPath& arm = paths.arms[k];
    std::vector<Eigen::Vector3d> points = {S};
    for (const Eigen::Vector3d& p : pointsAt(arm, {0.0, bp.elbow, bp.wrist, 1.0}))
      points.push_back(p);
    b.addChain({sided("clavicle", left), sided("upperarm", left), sided("forearm", left),
                sided("hand", left)},
               chest, points, axialTag(left));
  }
  // Legs: 3 edges from P1 (the frozen edge P–P1 is the hips' rigid offset).
  const auto [leg0Left, leg1Left] =
      pairSides(paths.legs[0].front(), paths.legs[1].front(), t.P, f.left);
  for (int k = 0; k < 2; ++k) {
    const bool left = k == 0 ? leg0Left : leg1Left;
    b.addChain({sided("thigh", left), sided("shin", left), sided("foot", left)}, hips,
               pointsAt(paths.legs[k], {0.0, bp.knee, bp.ankle, 1.0}), axialTag(left));
  }
  b.setTail(hips, b.position(hips + 1));  // along the spine, not toward the mean of its children
  if (paths.tail) {
    std::vector<double> at;
    std::vector<std::string> names;
    for (int k = 0; k <= params.tailSegments; ++k) at.push_back(double(k) / params.tailSegments);
    for (int k = 1; k <= params.tailSegments; ++k) names.push_back(numbered("tail", k));
    b.addChain(names, hips, pointsAt(*paths.tail, at), primaryTag());
  }
  if (!paths.dropped.empty())
    out.notes.push_back(std::to_string(paths.dropped.size()) +
                        " side arc(s) off the trunk are not in the biped template and were left "
                        "out (ears, a chin, a ponytail)");
  return out;
}

}  // namespace rw

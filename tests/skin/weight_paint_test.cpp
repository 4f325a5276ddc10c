// The weight-paint brush (skin/weight_paint.h) on a bar skinned by bone heat: add, subtract and
// smooth change one joint's weight under the brush only, with the falloff, every vertex staying
// whole; front faces only spares the far side; the influence limit holds.
#include <gtest/gtest.h>

#include <cmath>

#include "skin/bone_heat.h"
#include "skin/weight_paint.h"
#include "skin_test_meshes.h"

namespace rw {
namespace {

using test::weightOf;

struct Painted {
  Character c;
  SkinWeights weights;
  std::vector<Eigen::Vector3d> normals;
  PaintSurface surface;
};

Painted skinnedBar() {
  Painted p;
  p.c = test::symmetricBar();
  Expected<BoneHeatResult> heat = boneHeatWeights(p.c.mesh, p.c.skeleton);
  EXPECT_TRUE(heat);
  p.weights = heat->weights;
  p.normals = sourceVertexNormals(p.c.mesh);
  return p;
}

PaintSurface surfaceOf(const Painted& p, const Eigen::Vector3d& towardsEye) {
  PaintSurface s;
  s.positions = &p.c.mesh.source.positions;
  s.normals = &p.normals;
  s.towardsEye = towardsEye;
  return s;
}

void expectWhole(const SkinWeights& w, int maxInfluences) {
  for (int v = 0; v < w.vertexCount(); ++v) {
    ASSERT_NEAR(w.weightSum(v), 1.0, 1e-9) << v;
    ASSERT_LE(int(w.perVertex[v].size()), maxInfluences) << v;
  }
}

TEST(WeightPaint, AddRaisesTheJointUnderTheBrushOnly) {
  Painted p = skinnedBar();
  const SkinWeights before = p.weights;
  const int arm = p.c.skeleton.indexOf("arm.L");
  const Eigen::Vector3d centre(0.1, 0.2, 0.0);  // on top of the bar, left of the middle
  Brush brush;
  brush.radius = 0.15;
  brush.strength = 0.8;
  const std::vector<int> changed =
      paintDab(p.weights, surfaceOf(p, Eigen::Vector3d::UnitY()), arm, 0, brush, centre);
  ASSERT_FALSE(changed.empty());
  const std::vector<Eigen::Vector3d>& P = p.c.mesh.source.positions;
  for (int v = 0; v < p.weights.vertexCount(); ++v) {
    const double d = (P[v] - centre).norm();
    const double was = weightOf(before.perVertex[v], arm),
                 now = weightOf(p.weights.perVertex[v], arm);
    if (d >= brush.radius) {
      EXPECT_EQ(now, was) << "vertex " << v << " outside the brush changed";
    } else if (was < 0.99) {
      EXPECT_GT(now, was) << v;
      // The falloff: full strength at the centre, the exact formula anywhere.
      const double f = std::pow(1.0 - d * d / (brush.radius * brush.radius), 2.0);
      EXPECT_NEAR(now, was + brush.strength * f * (1.0 - was), 1e-9) << v;
    }
  }
  expectWhole(p.weights, brush.maxInfluences);
}

TEST(WeightPaint, SubtractLowersAndAVertexWithOnlyThatJointFallsBackToTheParent) {
  Painted p = skinnedBar();
  const int arm = p.c.skeleton.indexOf("arm.L"), body = p.c.skeleton.indexOf("body");
  // The left end of the bar is the arm's alone.
  const std::vector<Eigen::Vector3d>& P = p.c.mesh.source.positions;
  int tip = 0;
  for (int v = 0; v < int(P.size()); ++v)
    if (P[v].x() > P[tip].x()) tip = v;
  p.weights.perVertex[tip] = {{arm, 1.0}};
  Brush brush;
  brush.mode = BrushMode::Subtract;
  brush.radius = 0.1;
  brush.strength = 0.5;
  brush.frontFacesOnly = false;
  paintDab(p.weights, surfaceOf(p, Eigen::Vector3d::UnitX()), arm, body, brush, P[tip]);
  EXPECT_NEAR(weightOf(p.weights.perVertex[tip], arm), 0.5, 1e-9);
  EXPECT_NEAR(weightOf(p.weights.perVertex[tip], body), 0.5, 1e-9);
  expectWhole(p.weights, brush.maxInfluences);
}

TEST(WeightPaint, SmoothEvensTheJointOutUnderTheBrush) {
  Painted p = skinnedBar();
  const int arm = p.c.skeleton.indexOf("arm.L"), body = p.c.skeleton.indexOf("body");
  const Eigen::Vector3d centre(0.25, 0.2, 0.0);
  // A hard edge at x = 0.25: the body's on one side, the arm's on the other.
  for (int v = 0; v < p.weights.vertexCount(); ++v)
    p.weights.perVertex[v] = {{p.c.mesh.source.positions[v].x() < 0.25 ? body : arm, 1.0}};
  Brush brush;
  brush.mode = BrushMode::Smooth;
  brush.radius = 0.2;
  brush.strength = 1.0;
  auto spread = [&] {
    double lo = 1, hi = 0;
    for (int v = 0; v < p.weights.vertexCount(); ++v)
      if ((p.c.mesh.source.positions[v] - centre).norm() < 0.5 * brush.radius &&
          p.normals[v].y() > 0) {
        const double w = weightOf(p.weights.perVertex[v], arm);
        lo = std::min(lo, w), hi = std::max(hi, w);
      }
    return hi - lo;
  };
  const double before = spread();
  for (int k = 0; k < 3; ++k)
    paintDab(p.weights, surfaceOf(p, Eigen::Vector3d::UnitY()), arm, 0, brush, centre);
  EXPECT_LT(spread(), 0.5 * before);
  expectWhole(p.weights, brush.maxInfluences);
}

TEST(WeightPaint, FrontFacesOnlySparesTheFarSide) {
  Painted p = skinnedBar();
  const int arm = p.c.skeleton.indexOf("arm.L");
  Brush brush;
  brush.radius = 0.5;  // wider than the bar: it reaches the bottom too
  const Eigen::Vector3d centre(0.0, 0.2, 0.0);
  SkinWeights through = p.weights;
  paintDab(p.weights, surfaceOf(p, Eigen::Vector3d::UnitY()), arm, 0, brush, centre);
  Brush all = brush;
  all.frontFacesOnly = false;
  paintDab(through, surfaceOf(p, Eigen::Vector3d::UnitY()), arm, 0, all, centre);
  const std::vector<Eigen::Vector3d>& P = p.c.mesh.source.positions;
  int bottomFront = 0, bottomThrough = 0;
  const SkinWeights before = skinnedBar().weights;
  for (int v = 0; v < int(P.size()); ++v)
    if (P[v].y() < -0.15 && std::abs(P[v].x()) < 0.3) {
      bottomFront += weightOf(p.weights.perVertex[v], arm) != weightOf(before.perVertex[v], arm);
      bottomThrough += weightOf(through.perVertex[v], arm) != weightOf(before.perVertex[v], arm);
    }
  EXPECT_EQ(bottomFront, 0);
  EXPECT_GT(bottomThrough, 10);
}

}  // namespace
}  // namespace rw

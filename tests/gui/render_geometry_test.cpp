// What the renderers upload, without GL: shading normals, the indexed surface and packed skin
// weights, octahedral bones, grid spacing.
#include <gtest/gtest.h>
#include <algorithm>

#include <cmath>

#include "bone_geometry.h"
#include "corner_normals.h"
#include "grid_renderer.h"
#include "mesh/mesh.h"
#include "mesh_draw_data.h"
#include "skeleton/skeleton.h"
#include "skin/skin_weights.h"
#include "support/real_models.h"

using rw::render::buildBoneGeometry;
using rw::render::cornerNormals;

namespace {

constexpr double kPi = 3.14159265358979323846;

/// A unit cube as exporters write it: 4 own vertices per face (24), no normals.
rw::SourceMesh splitCube() {
  rw::SourceMesh cube;
  const Eigen::Vector3d axes[3] = {Eigen::Vector3d::UnitX(), Eigen::Vector3d::UnitY(),
                                   Eigen::Vector3d::UnitZ()};
  for (int a = 0; a < 3; ++a) {
    for (double sign : {-1.0, 1.0}) {
      const Eigen::Vector3d n = sign * axes[a];
      const Eigen::Vector3d u = axes[(a + 1) % 3], v = sign * axes[(a + 2) % 3];
      const int base = int(cube.positions.size());
      for (auto [s, t] : {std::pair{-1, -1}, {1, -1}, {1, 1}, {-1, 1}})
        cube.positions.push_back(0.5 * (n + s * u + t * v));
      cube.triangles.push_back({base, base + 1, base + 2});
      cube.triangles.push_back({base, base + 2, base + 3});
    }
  }
  cube.triangleMaterial.assign(cube.triangles.size(), 0);
  return cube;
}

/// A UV sphere with a seam (the first column duplicated), no normals.
rw::SourceMesh uvSphere(int columns, int rows) {
  rw::SourceMesh sphere;
  for (int r = 0; r <= rows; ++r)
    for (int c = 0; c <= columns; ++c) {
      const double theta = kPi * r / rows, phi = 2.0 * kPi * c / columns;
      sphere.positions.push_back(
          {std::sin(theta) * std::cos(phi), std::cos(theta), std::sin(theta) * std::sin(phi)});
    }
  const int stride = columns + 1;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < columns; ++c) {
      const int a = r * stride + c, b = a + 1, d = a + stride, e = d + 1;
      if (r > 0) sphere.triangles.push_back({a, b, d});
      if (r < rows - 1) sphere.triangles.push_back({b, e, d});
    }
  sphere.triangleMaterial.assign(sphere.triangles.size(), 0);
  return sphere;
}

}  // namespace

TEST(CornerNormals, HardEdgesOfACubeStayFlat) {
  const rw::Mesh cube = rw::buildMesh(splitCube());
  ASSERT_EQ(cube.positions.size(), 8u);  // welded corners: smoothing could cross the faces
  const auto normals = cornerNormals(cube, 60.0);
  ASSERT_EQ(normals.size(), 3 * cube.source.triangles.size());
  for (size_t t = 0; t < cube.source.triangles.size(); ++t) {
    const Eigen::Vector3i& tri = cube.source.triangles[t];
    const Eigen::Vector3d face =
        (cube.source.positions[tri[1]] - cube.source.positions[tri[0]])
            .cross(cube.source.positions[tri[2]] - cube.source.positions[tri[0]])
            .normalized();
    for (int c = 0; c < 3; ++c) EXPECT_GT(normals[3 * t + c].cast<double>().dot(face), 0.9999);
  }
}

TEST(CornerNormals, CurvedSurfacesAreSmoothAcrossSeams) {
  const rw::Mesh sphere = rw::buildMesh(uvSphere(32, 16));
  const auto normals = cornerNormals(sphere, 60.0);
  for (size_t t = 0; t < sphere.source.triangles.size(); ++t)
    for (int c = 0; c < 3; ++c) {
      const Eigen::Vector3d radial = sphere.source.positions[sphere.source.triangles[t][c]];
      // Outward and close to the true normal, seam included (no facet or seam shading).
      EXPECT_GT(normals[3 * t + c].cast<double>().dot(radial.normalized()), 0.99);
    }
}

TEST(CornerNormals, FileNormalsWin) {
  rw::SourceMesh cube = splitCube();
  cube.normals.assign(cube.positions.size(), Eigen::Vector3d(0.0, 0.0, 2.0));
  cube.normals[0] = Eigen::Vector3d::Zero();  // a broken one falls back to computed
  const rw::Mesh mesh = rw::buildMesh(cube);
  const auto normals = cornerNormals(mesh);
  EXPECT_TRUE(normals[1].isApprox(Eigen::Vector3f::UnitZ()));
  EXPECT_TRUE(normals[0].isApprox(-Eigen::Vector3f::UnitX()));  // first face is -X
}

TEST(MeshDrawData, SmoothSurfaceSharesOneVertexPerSourceVertex) {
  const rw::Mesh sphere = rw::buildMesh(uvSphere(32, 16));
  const rw::render::MeshDrawData data = rw::render::buildMeshDrawData(sphere);
  const auto normals = cornerNormals(sphere);
  const auto& src = sphere.source;
  // Each source vertex is drawn once (a sphere is smooth everywhere), not once per corner.
  EXPECT_EQ(data.sourceVertexCount, int(src.positions.size()));
  EXPECT_LE(data.vertices.size(), src.positions.size());
  ASSERT_EQ(data.indices.size(), 3 * src.triangles.size());
  ASSERT_EQ(data.sourceVertex.size(), data.vertices.size());
  ASSERT_EQ(data.drawnTriangle.size(), src.triangles.size());
  for (size_t k = 0; k < data.drawnTriangle.size(); ++k)
    for (int c = 0; c < 3; ++c) {
      const size_t t = size_t(data.drawnTriangle[k]);
      ASSERT_LT(t, src.triangles.size());
      const std::uint32_t i = data.indices[3 * k + c];
      ASSERT_LT(i, data.vertices.size());
      // The drawn corner is the source corner: same vertex, same position, same normal.
      EXPECT_EQ(data.sourceVertex[i], src.triangles[t][c]);
      const auto& v = data.vertices[i];
      EXPECT_TRUE(
          Eigen::Vector3f(v.position).isApprox(src.positions[src.triangles[t][c]].cast<float>()));
      EXPECT_TRUE(Eigen::Vector3f(v.normal).isApprox(normals[3 * t + c]));
    }
}

TEST(MeshDrawData, HardEdgesSplitVerticesByNormal) {
  // Welded cube corners each touch three flat faces: one drawn vertex per (vertex, face normal).
  rw::SourceMesh welded = splitCube();
  const rw::Mesh weldedCube = rw::buildMesh(welded);
  rw::SourceMesh shared;
  shared.positions = weldedCube.positions;
  shared.triangles = weldedCube.triangles;
  shared.triangleMaterial.assign(shared.triangles.size(), 0);
  const rw::Mesh cube = rw::buildMesh(shared);
  ASSERT_EQ(cube.source.positions.size(), 8u);
  const rw::render::MeshDrawData data = rw::render::buildMeshDrawData(cube);
  EXPECT_EQ(data.vertices.size(), 24u);
  EXPECT_EQ(data.indices.size(), 36u);
}

/// The sphere with every triangle facing outwards (its normal away from the centre).
rw::SourceMesh outwardSphere() {
  rw::SourceMesh sphere = uvSphere(24, 12);
  for (Eigen::Vector3i& t : sphere.triangles) {
    const Eigen::Vector3d& a = sphere.positions[t[0]];
    const Eigen::Vector3d& b = sphere.positions[t[1]];
    const Eigen::Vector3d& c = sphere.positions[t[2]];
    if ((b - a).cross(c - a).dot(a + b + c) < 0.0) std::swap(t[1], t[2]);
  }
  return sphere;
}

size_t closedCount(const rw::SourceMesh& source) {
  const std::vector<bool> closed = rw::render::closedOutwardTriangles(rw::buildMesh(source));
  return size_t(std::count(closed.begin(), closed.end(), true));
}

TEST(MeshDrawData, ClosedOutwardPartsAreFoundThroughSeams) {
  // Seams (the sphere's duplicated column and poles, the cube's split faces) do not open a part.
  const rw::SourceMesh sphere = outwardSphere();
  EXPECT_EQ(closedCount(sphere), sphere.triangles.size());
  EXPECT_EQ(closedCount(splitCube()), 12u);
}

TEST(MeshDrawData, OpenInwardOrInconsistentPartsAreNotClosed) {
  const rw::SourceMesh sphere = outwardSphere();
  rw::SourceMesh inward = sphere;  // closed, but its outside is its back
  for (Eigen::Vector3i& t : inward.triangles) std::swap(t[1], t[2]);
  EXPECT_EQ(closedCount(inward), 0u);
  rw::SourceMesh holed = sphere;  // one triangle missing: seen inside through the hole
  holed.triangles.erase(holed.triangles.begin() + 40);
  holed.triangleMaterial.pop_back();
  EXPECT_EQ(closedCount(holed), 0u);
  rw::SourceMesh flipped = sphere;  // one triangle flipped: its edges run the same way twice
  std::swap(flipped.triangles[40][1], flipped.triangles[40][2]);
  EXPECT_EQ(closedCount(flipped), 0u);
}

TEST(MeshDrawData, ClosedPartsAreDrawnFirstAndOpenPartsAfter) {
  // A closed sphere and an open square beside it, square first in the file.
  rw::SourceMesh scene;
  scene.positions = {{3, 0, 0}, {4, 0, 0}, {4, 1, 0}, {3, 1, 0}};
  scene.triangles = {{0, 1, 2}, {0, 2, 3}};
  const rw::SourceMesh sphere = outwardSphere();
  const int base = int(scene.positions.size());
  scene.positions.insert(scene.positions.end(), sphere.positions.begin(), sphere.positions.end());
  for (const Eigen::Vector3i& t : sphere.triangles)
    scene.triangles.push_back(t + Eigen::Vector3i::Constant(base));
  scene.triangleMaterial.assign(scene.triangles.size(), 0);
  const rw::Mesh mesh = rw::buildMesh(scene);
  const rw::render::MeshDrawData data = rw::render::buildMeshDrawData(mesh);
  ASSERT_EQ(data.indices.size(), 3 * scene.triangles.size());
  EXPECT_EQ(data.closedIndexCount, 3 * sphere.triangles.size());
  ASSERT_EQ(data.drawnTriangle.size(), scene.triangles.size());
  // The sphere's triangles (2 and up) first, in file order; the square's last.
  for (size_t k = 0; k < sphere.triangles.size(); ++k) EXPECT_EQ(data.drawnTriangle[k], int(k) + 2);
  EXPECT_EQ(data.drawnTriangle[sphere.triangles.size()], 0);
  EXPECT_EQ(data.drawnTriangle[sphere.triangles.size() + 1], 1);
}

TEST(MeshDrawData, RealModelsCullOnlyTheirClosedParts) {
  // human.zae: a closed genus-0 body (culled) and four open eye shells (two-sided).
  rw::Character human;
  ASSERT_TRUE(rw::test::loadModel("Collada/human.zae", human));
  const std::vector<bool> humanClosed = rw::render::closedOutwardTriangles(human.mesh);
  const size_t culled = size_t(std::count(humanClosed.begin(), humanClosed.end(), true));
  EXPECT_GT(culled, humanClosed.size() * 9 / 10);
  EXPECT_LT(culled, humanClosed.size());
  const rw::render::MeshDrawData data = rw::render::buildMeshDrawData(human.mesh);
  EXPECT_EQ(data.closedIndexCount, 3 * culled);
  // BCN's five parts all have borders (the body is open where the head shell sits on it):
  // nothing may be culled, or the artist would see through the openings into nothing.
  rw::Character bcn;
  ASSERT_TRUE(rw::test::loadModel("X/BCN_Epileptic.X", bcn));
  const std::vector<bool> bcnClosed = rw::render::closedOutwardTriangles(bcn.mesh);
  EXPECT_EQ(std::count(bcnClosed.begin(), bcnClosed.end(), true), 0);
}

TEST(SkinDrawData, KeepsTheFourStrongestInfluencesSummingToOne) {
  rw::SkinWeights weights;
  weights.perVertex = {{{0, 0.1}, {1, 0.4}, {2, 0.05}, {3, 0.2}, {4, 0.25}},  // five influences
                       {{7, 2.0}},                                            // unnormalized
                       {}};                                                   // unweighted
  const rw::render::SkinDrawData data = rw::render::buildSkinDrawData(weights);
  ASSERT_EQ(data.perSourceVertex.size(), 3u);
  const auto& five = data.perSourceVertex[0];
  EXPECT_EQ(five.joints[0], 1.0f);  // strongest first; joint 2 (0.05) dropped
  EXPECT_EQ(five.joints[1], 4.0f);
  EXPECT_EQ(five.joints[2], 3.0f);
  EXPECT_EQ(five.joints[3], 0.0f);
  EXPECT_NEAR(five.weights[0], 0.4 / 0.95, 1e-6);
  EXPECT_NEAR(five.weights[0] + five.weights[1] + five.weights[2] + five.weights[3], 1.0, 1e-6);
  EXPECT_EQ(data.perSourceVertex[1].joints[0], 7.0f);
  EXPECT_FLOAT_EQ(data.perSourceVertex[1].weights[0], 1.0f);
  for (float w : data.perSourceVertex[2].weights) EXPECT_EQ(w, 0.0f);  // stays at rest
}

TEST(BoneGeometry, OctahedraRunFromHeadToTailAndFaceOutwards) {
  rw::Skeleton skeleton;
  rw::Joint hips;
  hips.name = "hips";
  hips.restLocal.translation() = Eigen::Vector3d(0.0, 1.0, 0.0);
  rw::Joint spine;
  spine.name = "spine";
  spine.parent = 0;
  spine.restLocal.translation() = Eigen::Vector3d(0.0, 0.5, 0.0);
  rw::Joint ik;
  ik.name = "foot_ik";
  ik.deform = false;
  ik.restLocal.translation() = Eigen::Vector3d(0.3, 0.0, 0.2);
  ik.tail = Eigen::Vector3d(0.3, 0.0, 0.6);
  skeleton.joints = {hips, spine, ik};

  const Eigen::Vector3f blue(0, 0, 1), orange(1, 0.5, 0);
  const auto g = buildBoneGeometry(skeleton, 2.0, blue, orange, Eigen::Vector4f(0, 0, 0, 1));
  ASSERT_EQ(g.boneCount, 3);
  ASSERT_EQ(g.triangles.size(), 3u * 24u);
  ASSERT_EQ(g.lines.size(), 3u * 24u);

  // The hips bone runs from its head (0, 1, 0) to the spine's head (0, 1.5, 0).
  Eigen::AlignedBox3f hipsBox;
  for (int i = 0; i < 24; ++i) hipsBox.extend(g.triangles[i].position);
  EXPECT_TRUE(hipsBox.min().y() == 1.0f && std::abs(hipsBox.max().y() - 1.5f) < 1e-6f);
  EXPECT_NEAR(hipsBox.sizes().x(), 0.1f, 1e-6f);  // waist: a tenth of the length, both sides
  for (size_t f = 0; f < g.triangles.size(); f += 3) {
    const int bone = int(f / 24);
    const Eigen::Vector3f centroid =
        (g.triangles[f].position + g.triangles[f + 1].position + g.triangles[f + 2].position) /
        3.0f;
    Eigen::Vector3f boneCentre = Eigen::Vector3f::Zero();
    for (int i = 0; i < 24; ++i) boneCentre += g.triangles[24 * bone + i].position / 24.0f;
    EXPECT_GT(g.triangles[f].normal.dot(centroid - boneCentre), 0.0f) << "face " << f / 3;
    EXPECT_EQ(g.triangles[f].color, bone == 2 ? orange : blue);
  }
  // The control bone uses its explicit tail.
  Eigen::AlignedBox3f ikBox;
  for (int i = 48; i < 72; ++i) ikBox.extend(g.triangles[i].position);
  EXPECT_NEAR(ikBox.max().z(), 0.6f, 1e-6f);
  EXPECT_NEAR(ikBox.min().z(), 0.2f, 1e-6f);
}

TEST(BoneGeometry, ZeroLengthBonesAreLeftOut) {
  rw::Skeleton skeleton;
  rw::Joint root;
  root.name = "root";
  root.tail = Eigen::Vector3d::Zero();  // tail on the head
  skeleton.joints = {root};
  const auto g = buildBoneGeometry(skeleton, 1.0, {}, {}, {});
  EXPECT_EQ(g.boneCount, 0);
  EXPECT_TRUE(g.triangles.empty());
}

TEST(GridRenderer, SpacingIsAPowerOfTenSuitedToTheCharacter) {
  EXPECT_DOUBLE_EQ(rw::render::GridRenderer::minorSpacing(1.94), 0.1);    // BCN, metres
  EXPECT_DOUBLE_EQ(rw::render::GridRenderer::minorSpacing(180.0), 10.0);  // centimetres
  EXPECT_DOUBLE_EQ(rw::render::GridRenderer::minorSpacing(0.0), 0.1);
}

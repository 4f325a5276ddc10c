// The mesh's mirror plane and the head node put on it (field/mirror_plane.h, issue 20).
#include <gtest/gtest.h>

#include "field/harmonic_field.h"
#include "field/mirror_plane.h"
#include "support/real_models.h"

using namespace rw;
using namespace rw::test;

TEST(MirrorPlane, ModelledSymmetricMeshesHaveOneAPosedOneNone) {
  for (const char* file : {"OBJ/WusonOBJ.obj", "Collada/human.zae", "BLEND/HUMAN.blend"}) {
    Character c;
    ASSERT_TRUE(loadModel(file, c)) << file;
    const MirrorPlane plane = findMirrorPlane(c.mesh.positions);
    EXPECT_EQ(plane.axis, 0) << file;
    EXPECT_NEAR(plane.offset, 0.0, 1e-3 * c.mesh.bounds().diagonal().norm()) << file;
    EXPECT_GT(plane.pairedFraction, 0.95) << file;
    // Turned a quarter about the vertical, the plane is z = c.
    std::vector<Eigen::Vector3d> turned;
    for (const Eigen::Vector3d& p : c.mesh.positions) turned.push_back({p.z(), p.y(), -p.x()});
    EXPECT_EQ(findMirrorPlane(turned).axis, 2) << file;
  }
  // BCN stands in an asymmetric pose: no mirror plane.
  Character bcn;
  ASSERT_TRUE(loadModel("X/BCN_Epileptic.X", bcn));
  EXPECT_FALSE(findMirrorPlane(bcn.mesh.positions).found());
}

TEST(MirrorPlane, AHeadPickedOffThePlaneGoesOntoIt) {
  Character bull;
  ASSERT_TRUE(loadModel("OBJ/WusonOBJ.obj", bull));
  const Mesh& mesh = bull.mesh;
  const double size = mesh.bounds().diagonal().norm();
  // The tip of the left horn: the highest vertex well off the plane.
  int horn = -1;
  for (int v = 0; v < int(mesh.positions.size()); ++v)
    if (mesh.positions[v].x() > 0.1 * size &&
        (horn < 0 || mesh.positions[v].y() > mesh.positions[horn].y()))
      horn = v;
  ASSERT_GE(horn, 0);
  const int head = headOnMirrorPlane(mesh, horn);
  EXPECT_LT(std::abs(mesh.positions[head].x()), 0.005 * size);
  // The nearest on the plane to the horn tip's projection: on the head, not far down the body.
  EXPECT_LT((mesh.positions[head] - mesh.positions[horn]).norm(),
            0.5 * (mesh.positions[horn] -
                   Eigen::Vector3d(0, mesh.positions[horn].y(), mesh.positions[horn].z()))
                        .norm() +
                0.1 * size);
  // A head on the plane stays; the field starts where the head went (unless it first went to
  // the front of the body's end: auto_head_test.cpp).
  EXPECT_EQ(headOnMirrorPlane(mesh, head), head);
  FieldParams onPlane;
  onPlane.headAtBodyEnd = false;
  Expected<HarmonicField> field = harmonicField(mesh, horn, onPlane);
  ASSERT_TRUE(field.ok());
  EXPECT_EQ(field->head, head);
  FieldParams asPicked = onPlane;
  asPicked.headPlane.enabled = false;
  EXPECT_EQ(harmonicField(mesh, horn, asPicked)->head, horn);
  // Without a mirror plane the picked vertex stays.
  Character bcn;
  ASSERT_TRUE(loadModel("X/BCN_Epileptic.X", bcn));
  EXPECT_EQ(headOnMirrorPlane(bcn.mesh, 100), 100);
}

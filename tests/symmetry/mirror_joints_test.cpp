// Each joint's mirror twin from the skeleton graph's symmetry tags (joint editing's mirror):
// on the bundled skeletons and an artist's, every sided joint finds its namesake on the other
// side, and the joints of the primary axis have none.
#include <gtest/gtest.h>

#include <string>

#include "io/rig_json.h"
#include "support/real_models.h"
#include "support/retarget_runs.h"
#include "symmetry/mirror_joints.h"

using namespace rw;
using namespace rw::test;

namespace {

/// The name a joint's twin should have: its side word or suffix swapped (-1 if it has none).
std::string otherSide(const std::string& name) {
  const std::pair<std::string, std::string> swaps[] = {
      {".L", ".R"}, {".R", ".L"}, {"_Left", "_Right"}, {"_Right", "_Left"}};
  for (const auto& [from, to] : swaps) {
    const std::size_t at = name.rfind(from);
    if (at != std::string::npos && at + from.size() == name.size()) return name.substr(0, at) + to;
    if (at != std::string::npos && from[0] == '_')
      return name.substr(0, at) + to + name.substr(at + from.size());
  }
  return {};
}

void checkTwins(const std::string& model, const Skeleton& skeleton, const std::string& head,
                int minTwinned) {
  Character c;
  ASSERT_TRUE(loadModel(model, c));
  const auto session = runRetarget(c.mesh,
                                   topAbove(c.mesh, c.skeleton.empty() ? skeleton : c.skeleton,
                                            c.skeleton.empty() ? head : c.skeleton.joints[0].name),
                                   skeleton, head);
  ASSERT_TRUE(session->skeletonGraph() && session->skeletonSymmetry());
  const std::vector<int> twin =
      mirrorJoints(*session->skeletonGraph(), *session->skeletonSymmetry());
  ASSERT_EQ(int(twin.size()), skeleton.size());
  int twinned = 0;
  for (int j = 0; j < skeleton.size(); ++j) {
    const std::string& name = skeleton.joints[j].name;
    const std::string expected = otherSide(name);
    if (twin[j] < 0) {
      // Only the joints of the middle, and sided ones outside the deform graph (controls).
      EXPECT_TRUE(expected.empty() || !skeleton.joints[j].deform ||
                  session->skeletonGraph()->arcOfJoint[j] < 0)
          << name << " has no twin";
      continue;
    }
    ++twinned;
    EXPECT_EQ(skeleton.joints[twin[j]].name, expected) << name;
    EXPECT_EQ(twin[twin[j]], j) << name << ": twins are mutual";
  }
  std::cout << "[ measured ] " << model << ": " << twinned << " joints twinned\n";
  EXPECT_GE(twinned, minTwinned);
}

}  // namespace

TEST(MirrorJoints, TheProductionBipedsSidesAreTwins) {
  Expected<RigDocument> rig =
      readRigJson(std::string(RIGWRIGHT_SKELETONS_DIR) + "/biped_production.json");
  ASSERT_TRUE(rig.ok());
  checkTwins("X/BCN_Epileptic.X", rig->skeleton, "head", 20);
}

TEST(MirrorJoints, AnArtistsSidesAreTwinsWhateverTheNames) {
  Character c;
  ASSERT_TRUE(loadModel("X/BCN_Epileptic.X", c));
  checkTwins("X/BCN_Epileptic.X", c.skeleton, "B_Neck", 20);
}

TEST(MirrorJoints, ReflectionAcrossTheBisector) {
  const Eigen::Vector3d a(1, 2, 0), b(-1, 2, 0);
  EXPECT_LT((reflectAcrossBisector(Eigen::Vector3d(1.2, 2.5, 0.3), a, b) -
             Eigen::Vector3d(-1.2, 2.5, 0.3))
                .norm(),
            1e-12);
  EXPECT_LT((reflectAcrossBisector(a, a, b) - b).norm(), 1e-12);
  EXPECT_EQ(reflectAcrossBisector(Eigen::Vector3d(3, 4, 5), a, a), Eigen::Vector3d(3, 4, 5));
}

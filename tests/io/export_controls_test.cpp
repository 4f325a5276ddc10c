// Control bones in exported files (issue 17): a rig made as `rigwright-cli rig` makes it (the
// bundled production biped retargeted into BCN, bone-heat skinned, CMU 01_01 put on it) keys
// its IK targets, poles and foot-roll pivots so that they follow the pose. Read back through
// Assimp, in every frame of the clip each IK target sits on the joint its chain reaches (within
// 1% of the character's height); Blender, opening the same file, poses every bone, mesh and
// weight as we do (checkBlenderImport).
#include <gtest/gtest.h>

#include <filesystem>
#include <limits>

#include "field/head_vertex.h"
#include "io/export/export_character.h"
#include "io/export_checks.h"
#include "io/import_character.h"
#include "io/rig_json.h"
#include "motion/ground_contact.h"
#include "motion/joint_correspondence.h"
#include "motion/retarget_character.h"
#include "skin/bone_heat.h"
#include "support/real_models.h"
#include "support/retarget_runs.h"

using namespace rw;
namespace fs = std::filesystem;

namespace {

struct IkLink {
  std::string target, reached;    ///< the IK target and the joint at the end of its chain
  std::string pole, top, middle;  ///< the pole and the chain's first and bending joints
};

/// The IK constraints of the bundled production biped: target and the joint its chain reaches
/// (the owner's child that sits where the target does at rest).
std::vector<IkLink> ikLinks(const Skeleton& s) {
  std::vector<IkLink> links;
  const auto rest = s.restGlobals();
  for (const Constraint& c : s.constraints) {
    if (c.type != ConstraintType::IK || c.target < 0 || c.owner < 0) continue;
    int reached = -1;
    double best = std::numeric_limits<double>::infinity();
    for (int child : s.children(c.owner)) {
      const double d = (rest[child].translation() - rest[c.target].translation()).norm();
      if (d < best) best = d, reached = child;
    }
    if (reached < 0 || c.pole < 0) continue;
    links.push_back({s.joints[c.target].name, s.joints[reached].name, s.joints[c.pole].name,
                     s.joints[s.joints[c.owner].parent].name, s.joints[c.owner].name});
  }
  return links;
}

}  // namespace

TEST(ExportControls, IkTargetsFollowTheirChainsInEveryFrame) {
  Expected<RigDocument> bundled =
      readRigJson(std::string(RIGWRIGHT_SKELETONS_DIR) + "/biped_production.json");
  ASSERT_TRUE(bundled) << bundled.error().message;
  const std::vector<IkLink> links = ikLinks(bundled->skeleton);
  ASSERT_EQ(links.size(), 4u) << "two arms and two legs";
  // The rig, as `rig` makes it.
  Character bcn;
  ASSERT_TRUE(test::loadModel("X/BCN_Epileptic.X", bcn));
  Character rig = test::rigWithSkeleton(bcn.mesh, "0,0.79,0", bundled->skeleton);
  ASSERT_FALSE(rig.skin.empty());
  ASSERT_NO_FATAL_FAILURE(test::addRetargetedClip(rig, "BVH/01_01.bvh"));

  const fs::path dir = test::scratchFolder("export-controls");
  for (const char* ext : {".glb", ".fbx"}) {
    SCOPED_TRACE(ext);
    const std::string out = (dir / (std::string("bcn_rig") + ext)).string();
    ASSERT_FALSE(exportCharacter(rig, out).has_value());
    Expected<Character> back = importCharacter(out);
    ASSERT_TRUE(back) << back.error().message;
    ASSERT_EQ(back->clips.size(), 1u);
    const AnimationClip& clip = back->clips.front();
    const Skeleton& s = back->skeleton;
    // Controls come back as controls: the file lists them among the skin's joints (glTF) or as
    // clusters, with no weights, and a joint that moves no vertex is not a deform bone.
    for (const Joint& j : rig.skeleton.joints) {
      const int k = s.indexOf(j.name);
      ASSERT_GE(k, 0) << j.name;
      EXPECT_EQ(s.joints[k].deform, j.deform) << j.name;
    }
    const double height = restHeight(*back);
    const auto rest = s.restGlobals();
    // The master control stands on the floor under the body in every frame.
    const int master = s.indexOf("root");
    ASSERT_GE(master, 0);
    const double floor = restFloorHeight(*back);
    double masterOff = 0;
    double worst = 0, travelled = 0, poleWorst = 1;
    int bentFrames = 0;
    for (int f = 0; f < clip.frameCount(); ++f) {
      const auto pose = s.globalsFromLocals(clip.sampleLocals(s, f / clip.framesPerSecond));
      masterOff = std::max(masterOff, std::abs(pose[master].translation().y() - floor));
      for (const IkLink& link : links) {
        const int target = s.indexOf(link.target), reached = s.indexOf(link.reached);
        ASSERT_GE(target, 0) << link.target;
        ASSERT_GE(reached, 0) << link.reached;
        worst = std::max(worst, (pose[target].translation() - pose[reached].translation()).norm());
        // The pole is on the side the knee (elbow) bends to, wherever it visibly bends.
        const Eigen::Vector3d top = pose[s.indexOf(link.top)].translation(),
                              middle = pose[s.indexOf(link.middle)].translation(),
                              end = pose[reached].translation();
        const Eigen::Vector3d u = (end - top).normalized();
        const Eigen::Vector3d bend = (middle - top) - (middle - top).dot(u) * u;
        if (bend.norm() > 0.05 * (end - top).norm()) {
          const Eigen::Vector3d toPole = pose[s.indexOf(link.pole)].translation() - middle;
          poleWorst = std::min(poleWorst, toPole.normalized().dot(bend.normalized()));
          ++bentFrames;
        }
        travelled =
            std::max(travelled, (pose[target].translation() - rest[target].translation()).norm());
      }
    }
    std::cout << out << ": IK targets within " << 100 * worst / height
              << "% of height of their joints over " << clip.frameCount()
              << " frames; farthest from their bind position " << 100 * travelled / height << "%\n";
    std::cout << "  poles: the least aligned with their joint's bend over " << bentFrames
              << " bent limb-frames: cos " << poleWorst << "\n";
    EXPECT_GT(bentFrames, 1000);
    EXPECT_GT(poleWorst, 0.99) << "a pole left its chain's bend plane";
    EXPECT_LT(worst, 0.01 * height);
    EXPECT_LT(masterOff, 1e-6 * height) << "the master control leaves the floor";
    EXPECT_GT(travelled, 0.2 * height) << "the IK targets must move with the walk";
    // Blender plays every bone, controls included, where Assimp reads them.
    test::checkAssimpReimport(rig, out);
    test::checkBlenderImport(rig, out);
  }
  fs::remove_all(dir);
}

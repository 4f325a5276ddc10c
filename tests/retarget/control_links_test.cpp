// Control-bone links (Poirier 2009 §6.3) on the bundled production biped.
#include <gtest/gtest.h>

#include "io/rig_json.h"
#include "retarget/control_links.h"
#include "symmetry/detect_symmetry.h"

using namespace rw;

namespace {

struct Linked {
  RigDocument rig;
  std::vector<ControlLink> links;
  const ControlLink& of(const std::string& control) const {
    const int j = rig.skeleton.indexOf(control);
    for (const ControlLink& l : links)
      if (l.control == j) return l;
    ADD_FAILURE() << "no link for " << control;
    return links.front();
  }
  std::string deformOf(const std::string& control) const {
    const ControlLink& l = of(control);
    return l.deform >= 0 ? rig.skeleton.joints[l.deform].name : "";
  }
};

Linked linkProductionBiped() {
  Linked out;
  Expected<RigDocument> rig =
      readRigJson(std::string(RIGWRIGHT_SKELETONS_DIR) + "/biped_production.json");
  EXPECT_TRUE(rig.ok()) << (rig ? "" : rig.error().message);
  if (!rig) return out;
  out.rig = *rig;
  const Skeleton& s = out.rig.skeleton;
  Expected<SkeletonGraph> g = buildSkeletonGraph(s, s.indexOf("head"));
  EXPECT_TRUE(g.ok());
  SymmetryParams p;
  p.flatBranchFraction = 0.0;
  p.measureAlongArcs = true;
  out.links = linkControlBones(s, *g, detectSymmetry(g->graph, p));
  return out;
}

}  // namespace

TEST(ControlLinks, EveryControlOfTheProductionBipedIsLinkedByPriority) {
  const Linked l = linkProductionBiped();
  ASSERT_EQ(int(l.links.size()), l.rig.skeleton.controlCount());
  for (const ControlLink& link : l.links) {
    EXPECT_NE(link.kind, ControlLinkKind::Unlinked) << l.rig.skeleton.joints[link.control].name;
    EXPECT_TRUE(l.rig.skeleton.joints[link.deform].deform);
  }
  // 1. IK targets follow the constraint owner, poles the owner's parent.
  EXPECT_EQ(l.of("hand_ik.L").kind, ControlLinkKind::ConstraintOwner);
  EXPECT_EQ(l.deformOf("hand_ik.L"), "forearm.L");
  EXPECT_EQ(l.deformOf("foot_ik.R"), "shin.R");
  EXPECT_EQ(l.of("knee_pole.L").kind, ControlLinkKind::ConstraintPole);
  EXPECT_EQ(l.deformOf("knee_pole.L"), "thigh.L");
  EXPECT_EQ(l.deformOf("elbow_pole.R"), "upperarm.R");
  // 2. A control under a control takes its link: the foot-roll pivots ride on the IK foot.
  EXPECT_EQ(l.of("heel_pivot.L").kind, ControlLinkKind::Parent);
  EXPECT_EQ(l.deformOf("heel_pivot.L"), "shin.L");
  EXPECT_EQ(l.deformOf("ball_pivot.R"), "shin.R");
  // 3. The master root follows its child on the first symmetry level: the hips, not a leg.
  EXPECT_EQ(l.of("root").kind, ControlLinkKind::Child);
  EXPECT_EQ(l.deformOf("root"), "hips");
}

TEST(ControlLinks, OffsetIsTheControlSeenFromTheDeformBonesTip) {
  const Linked l = linkProductionBiped();
  const Skeleton& s = l.rig.skeleton;
  const std::vector<Transform> g = s.restGlobals();
  for (const ControlLink& link : l.links) {
    Transform tip = g[link.deform];
    tip.translation() = s.boneShape(link.deform).tail;
    EXPECT_TRUE((tip * link.offsetFromTip).isApprox(g[link.control], 1e-9))
        << s.joints[link.control].name;
  }
}

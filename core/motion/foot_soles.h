#pragma once
// Where a rigged character touches the floor: points of its rest mesh under each foot and over
// each hand, with their skin weights, so they move exactly as the skinned mesh does (a heel's
// blend with the shin drops it below the foot bone when the knee bends deeply). Lu et al. 2009
// §3.4 keeps end-effector *joints* out of the ground; what a viewer sees touch the floor is the
// mesh, whose heels, toe tips and palms lie beyond those joints and swing below them. The
// retargeter puts planted soles and palms on the floor with these points and keeps the rest of
// the body (bodyPoints) out of it.
#include <array>
#include <vector>

#include "character.h"
#include "motion/body_layout.h"
#include "skin/skin_weights.h"

namespace rw {

/// Limb ends in the order the retargeter uses them.
enum LimbEnd { kLeftFoot = 0, kRightFoot = 1, kLeftHand = 2, kRightHand = 3 };

struct SolePoint {
  int limb = 0;                                    ///< LimbEnd, or -1 for a point of the body
  Eigen::Vector3d rest = Eigen::Vector3d::Zero();  ///< rest position, character space
  std::vector<Influence> influences;               ///< its skin weights (normalized)
};

struct FootSoleParams {
  /// A vertex belongs to a limb end when that end's bones (the ankle or wrist joint and below)
  /// hold at least this share of its weight (as ground_contact.h measures it).
  double endWeightShare = 0.5;
  /// Sole vertices are a foot's vertices within this fraction of the foot's own rest height
  /// above its lowest vertex: the underside (heel, ball, toe tips), not the instep. A hand
  /// takes all its vertices: its rest pose does not say which side will meet the floor.
  double soleBandFraction = 0.25;
  /// At most this many points per limb end (evenly thinned): enough to follow a heel, a toe tip
  /// and a fingertip.
  int maxPointsPerEnd = 256;
};

/// Per joint of `skeleton`: the index in `ends` of the limb end whose subtree holds it, or -1.
std::vector<int> limbEndOfJoint(const Skeleton& skeleton, const std::array<int, 4>& ends);

/// The contact points of the four limb ends (`ends`: ankle and wrist joints in LimbEnd order,
/// -1 for none). Empty when the character has no mesh or no weights.
std::vector<SolePoint> limbSoles(const Character& character, const std::array<int, 4>& ends,
                                 const FootSoleParams& params = {});

/// The joints whose skin keeps the body out of the floor: all but the limbs of `layout`
/// (body_layout.h; IK places them) and its tails, chains of two joints or more without a limb
/// leaving the body (not the head) backwards (their far end within acos(`tailCosine`) of the
/// direction from the chest to the root): a tail hanging to the floor in a walk would lift the
/// whole body. What else hangs off the trunk (a belly's or a flank's helper bones, a jaw, ears) is
/// the body's.
std::vector<char> bodyJoints(const Skeleton& skeleton, const BodyLayout& layout,
                             double tailCosine = 0.7);

/// Points spread over the body (vertices with at least half their weight on bodyJoints), one
/// per cell of a grid `cellFraction` × the rest mesh's height: what keeps a sitting, lying or
/// kneeling body out of the floor, where Lu's effectors say nothing. (A lion's tail, hanging to
/// the floor in its walk, lifted the whole lion by 8% of its height.)
std::vector<SolePoint> bodyPoints(const Character& character, const BodyLayout& layout,
                                  double cellFraction = 0.015, double tailCosine = 0.7);

}  // namespace rw

#pragma once
// The soles of a rigged character's feet: points of its rest mesh under each foot, with their
// skin weights, so they move exactly as the skinned mesh does (the heel's blend with the shin
// drops it below the foot bone when the knee bends deeply). Lu et al. 2009 §3.4 keeps end-effector
// *joints* out of the ground; what a viewer sees touch the floor is the mesh, whose heel and toe
// tips lie beyond those joints and swing below them when the foot tilts. The retargeter uses these
// points to put a planted sole on the floor and to keep every sole above it.
#include <array>
#include <vector>

#include "character.h"
#include "skin/skin_weights.h"

namespace rw {

struct SolePoint {
  int foot = 0;                                    ///< 0 left, 1 right
  Eigen::Vector3d rest = Eigen::Vector3d::Zero();  ///< rest position, character space
  std::vector<Influence> influences;               ///< its skin weights (normalized)
};

struct FootSoleParams {
  /// A vertex belongs to a foot when the foot's bones (the ankle joint and below) hold at least
  /// this share of its weight (as ground_contact.h measures it).
  double footWeightShare = 0.5;
  /// Sole vertices are the foot's vertices within this fraction of the foot's own rest height
  /// above its lowest vertex: the underside (heel, ball, toe tips), not the instep.
  double soleBandFraction = 0.25;
  /// At most this many points per foot (evenly thinned): enough to follow a heel and a toe tip.
  int maxPointsPerFoot = 256;
};

/// The sole points of both feet (`ankles`: left and right ankle joints, -1 for none). Empty when
/// the character has no mesh or no weights.
std::vector<SolePoint> footSoles(const Character& character, const std::array<int, 2>& ankles,
                                 const FootSoleParams& params = {});

}  // namespace rw

#pragma once
// Body layout of a biped skeleton: which joints are the root, spine, chest, neck, head, and for
// each side the arm (collar, upper arm, forearm, hand) and leg (thigh, shin, foot, toe).
//
// Lu et al. 2009 §3.1 sets correspondence through an intermediate skeleton; it needs to know
// which bones play the same part. Names tell the side and the limb kind (joint_names.h), but
// not reliably which bone of a limb a name denotes (some rigs' LeftShoulder is the upper
// arm, CMU's the collarbone), so roles inside a limb come from the chain structure: the upper
// and lower bones are the two consecutive bones with the largest summed rest length (thigh +
// shin, upper arm + forearm); the bone before them is the collar (arms), the ones after them
// the hand / foot and toe. Without side words the side comes from the rest position (+X is
// left in character space), without limb words the kind from the rest height (legs end below
// the root). Names' sides are then checked against the body (the way it faces, from the head
// forelegs ahead of the hind legs or the toes): a pair named the other way round is exchanged.
#include <array>
#include <vector>

#include "motion/joint_names.h"
#include "skeleton/skeleton.h"

namespace rw {

struct BodyLayoutParams {
  /// A joint this far from the root's sagittal plane (fraction of the skeleton's height) is
  /// sided by position when no name says its side; closer ones count as centre joints.
  double sideByPositionFraction = 0.02;
  /// A limb shorter than this fraction of the longest limb is a face / accessory chain
  /// (eyebrows, mouth corners), never an arm or a leg.
  double minLimbFraction = 0.3;
  /// A root this low in the skeleton (fraction of its joints' height range above the lowest)
  /// stands on the ground, a master bone, not the pelvis: legs are then found below the joints'
  /// mean height instead of below it.
  double groundRootFraction = 0.1;
  /// Names' sides are checked against the way the body faces. A four-legged stance (forelegs'
  /// ends within this fraction of the height of the hind legs') with the forelegs this far ahead
  /// of the hind legs (fraction of the height) faces from the hind legs to the forelegs.
  double stanceFraction = 0.15;
  double stanceFacingFraction = 0.25;
  /// Otherwise both feet's toes pointing the same way (cosine of each to their mean above this)
  /// and reaching this fraction of the foot bone's length horizontally say it.
  double toeFacingCosine = 0.7;
  double toeFacingReach = 0.3;
  /// A tail is a centre chain from the root reaching away from the chest, at least this
  /// fraction of the root-to-chest distance long: a skirt's or a loincloth's centre bone on a
  /// biped is shorter, an animal's tail (a bull's, a horse's, a tiger's) 0.4-1.5 of its back.
  double minTailFraction = 0.3;
};

struct BodyLimb {
  int collar = -1;  ///< arm: clavicle; leg: pelvis bone before the thigh (CMU LHipJoint)
  int upper = -1;   ///< upper arm / thigh
  int lower = -1;   ///< forearm / shin
  int end = -1;     ///< hand / foot (ankle joint)
  int tip = -1;     ///< first finger joint / toe
  bool valid() const { return upper >= 0 && lower >= 0 && end >= 0; }
  /// The five roles' joints in chain order (collar ... tip), -1 for a role the limb lacks.
  std::array<int, 5> roles() const { return {collar, upper, lower, end, tip}; }
};

struct BodyLayout {
  int root = -1;
  int chest = -1;  ///< where the arms branch off (common ancestor of both arms)
  int head = -1;
  std::vector<int> spine;        ///< root (exclusive) to chest (inclusive)
  std::vector<int> neck;         ///< chest (exclusive) to head (inclusive)
  std::vector<int> tail;         ///< from the root (exclusive) to the tail's tip; may be empty
  std::array<BodyLimb, 2> arms;  ///< [0] left, [1] right
  std::array<BodyLimb, 2> legs;  ///< [0] left, [1] right
  std::vector<BodySide> sides;   ///< per joint
  /// Mean rest length thigh + shin over the valid legs (0 without legs): Lu §3.4's scale.
  double legLength = 0.0;
  /// Limb pairs whose names said the other side than the body does (a rig that names its
  /// limbs from the viewer's side): their sides were exchanged.
  int sidesExchanged = 0;
  bool hasLegs() const { return legs[0].valid() && legs[1].valid(); }
};

/// Finds the layout; roles it cannot find stay -1 (a quadruped gets legs from its hind limbs
/// only if names say "leg"). Never fails on a non-empty skeleton.
BodyLayout analyzeBodyLayout(const Skeleton& skeleton, const BodyLayoutParams& params = {});

}  // namespace rw

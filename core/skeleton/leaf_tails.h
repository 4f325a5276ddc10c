#pragma once
// Where a leaf bone ends, read from the part its artist skinned to it.
//
// glTF, FBX and most exchange formats store joints, not bones: a deform bone with no deform
// child has no tail. The guess (skeleton.h: half its parent's length along its joint's Y axis)
// holds for Blender's exports only; elsewhere the Y axis points anywhere. A file that skins its
// skeleton says better: the part a leaf bone moves runs from its joint to the bone's far end
// (neck to crown, heel to toe). The tail goes on the line from the joint through the part's
// weighted centroid, as far out as the part reaches along it.
//
// The retarget uses it for the skeleton's head joint: the head bone's tail is the top of the
// virtual head bone that is laid along the head arc from the top of the head (arc_plan.h). A
// guessed tail a short way up from a head joint at the skull's base put the head and neck of
// the corpus's humans 3 % of their height too high or low, and their shoulders with them (own
// skeletons, median end-to-end error 2.15 -> 2.06 %, bundled biped 4.54 -> 4.26 % with
// looseHeadTop). Limb ends are left to their guess: tails from the skin put the feet's rest
// orientation within 11° of the artist's instead of 73°, yet the fingers' placement turned 40°
// off and the walk's end-to-end error on feet and hands grew (2.1 -> 4.4 % on a corpus human);
// that needs the limb end's placement and motion looked at together.
#include <optional>
#include <vector>

#include "character.h"
#include "skeleton/skeleton.h"

namespace rw {

struct LeafTailParams {
  /// A source vertex is in a bone's part where the bone carries at least this weight: the
  /// vertices it mostly moves, not the blend zone around its joint.
  double partWeight = 0.5;
  /// A part of fewer vertices says nothing (a stray weight, an eye).
  int minPartVertices = 4;
  /// The part's centroid must lie at least this fraction of the part's reach from the joint to
  /// give a direction: a part wrapped evenly around its joint (a pelvis hub) has none.
  double minCentroidOffset = 0.2;
  /// A guessed leaf tail (along the joint's Y axis) that turns back on its parent bone by more
  /// than 120° (cosine below this) is an export's axis convention, not the bone: no limb folds
  /// back on itself at its end. A hoof's or toe's Y axis pointing back up its leg put the
  /// chain's last bone back up the leg, placement dropped the joint as a turn-back and it
  /// followed its parent down under the floor (the corpus's goat, horses, canines, big cats,
  /// crocodile: 21 such feet among 27 animals' own skeletons). As placement's turnBackCosine.
  double turnBackCosine = -0.5;
};

/// The far end of the part `character`'s skin gives `joint` (its rest pose, character space),
/// when the joint is a deform leaf bone with no tail from its file and its part says where;
/// nothing otherwise.
std::optional<Eigen::Vector3d> leafTailFromSkin(const Character& character, int joint,
                                                const LeafTailParams& params = {});

/// The same for a head joint: a leaf, or a joint whose deform children all branch off to the
/// side (ears, horns, eyes: two or more of them), whose bone the file leaves tailless as well.
/// The children's mean (the tail skeleton.h gives a branching joint) is a point between the ears
/// at the skull's base; a quadruped's head bone runs from there to the muzzle (the corpus's
/// bovids: the head joint went a head's length forward onto the muzzle). A head with one deform
/// child has its tail there (a head-top end, the chain going on); nothing then.
std::optional<Eigen::Vector3d> headTailFromSkin(const Character& character, int joint,
                                                const LeafTailParams& params = {});

/// Gives the deform leaf bones of `skeleton` whose guessed tail turns back on their parent bone
/// (LeafTailParams::turnBackCosine) an explicit tail straight on from the parent bone, half its
/// length (skeleton.h's guessed length). Not from the skin part: on the corpus's animals the
/// part's far end put hooves and toes 0.2 of a leg too high where the straight tail did not
/// (own skeletons: tiger 13.4 -> 7.0 %, mastiff 17.4 -> 15.6 %, goat 3.0 -> 2.6 % of height
/// end to end; the horses 2.8 -> 3.0 % with the parts, unchanged straight). Returns the joints
/// given a tail.
std::vector<int> setTurnedBackLeafTails(Skeleton& skeleton, const LeafTailParams& params = {});

/// Sets the tail of `character`'s head joint (its skeleton's, for a retarget) from its skin
/// (headTailFromSkin). Returns whether it did.
bool setHeadTailFromSkin(Character& character, int headJoint, const LeafTailParams& params = {});

}  // namespace rw

#pragma once
// Ground contact of a skinned character playing a clip, measured on what a viewer sees: the
// skinned mesh's vertices, not the joints. Per frame the lowest vertex of the whole mesh (under
// the floor is penetration) and the lowest vertex of each foot's sole region (on a planted frame
// it should touch the floor: above is float, below penetration; sliding along it is skate).
//
// The floor is where the rest mesh stands (its lowest rest vertex): the bind pose is the
// character standing.
#include <array>
#include <vector>

#include "character.h"
#include "motion/foot_contacts.h"

namespace rw {

struct GroundContactParams {
  /// A vertex belongs to a limb end when its bones (the ankle or wrist joint and everything
  /// below it) hold at least this share of its weight: the sole and the toes, not the ankle's
  /// blend zone with the shin.
  double footWeightShare = 0.5;
};

struct GroundContact {
  double floor = 0.0;   ///< character-space height of the floor
  double height = 0.0;  ///< the rest mesh's height (the unit of the percentages)
  int frames = 0;
  double framesPerSecond = 0.0;
  std::vector<double> lowest;  ///< per frame: lowest vertex − floor
  /// Per limb end (left foot, right foot, left hand, right hand) and frame: its lowest vertex −
  /// floor (+inf for an end not given).
  std::array<std::vector<double>, 4> sole;
  double maxPenetration = 0.0;  ///< deepest any vertex goes under the floor, >= 0
  /// Over the frames a foot is planted (the contacts given): its sole's offset from the floor.
  double maxPlantedOffset = 0.0;   ///< largest |sole − floor|
  double meanPlantedOffset = 0.0;  ///< mean (sole − floor), signed
  double maxPlantedFloat = 0.0;    ///< highest sole above the floor, >= 0
  int plantedFootFrames = 0;
  /// Foot skate as a viewer sees it: the mean ground-plane speed of a planted foot's vertices
  /// (their centroid), in units per second, over consecutive planted frames.
  double plantedSkate = 0.0;
  double percent(double units) const { return height > 0 ? 100.0 * units / height : 0.0; }
};

/// The lowest rest vertex of the character's mesh; without a mesh, the lowest rest joint.
double restFloorHeight(const Character& character);
/// Vertical extent of the rest mesh (of the rest joints without a mesh).
double restHeight(const Character& character);

/// Skins `character` (its mesh, skeleton and weights) at every frame of `clip` (frame f at
/// f / clip.framesPerSecond) and measures it against the floor. `ends` are the limb ends' joints
/// (left and right ankle, left and right wrist; -1: none); `contacts` are planted intervals in
/// the clip's frames, FootContact::foot indexing `ends`.
GroundContact measureGroundContact(const Character& character, const AnimationClip& clip,
                                   const std::array<int, 4>& ends,
                                   const std::vector<FootContact>& contacts,
                                   const GroundContactParams& params = {});

/// measureGroundContact of a clip with nothing else known: the limb ends from the skeleton's
/// body layout, the planted intervals read from the clip itself (its ankles near their lowest
/// and slow, foot_contacts.h). What `eval` reports for any animated character.
GroundContact measureClipGroundContact(const Character& character, const AnimationClip& clip,
                                       const GroundContactParams& params = {});

}  // namespace rw

#pragma once
// Puts a character on another skeleton with the same joint names: what a rig file does to the
// mesh file it names (its skeleton, maybe edited or reordered, replaces the file's own). Skin
// influences and clip channels follow their joints by name; those on joints the new skeleton
// does not have are dropped and counted. Keys stay as they are (local transforms), so clips
// replay exactly when the rest poses agree, as for a rig written from the same file.
#include "character.h"

namespace rw {

struct RebindReport {
  int droppedInfluences = 0;  ///< influences on joints the new skeleton lacks
  int droppedChannels = 0;    ///< clip channels of such joints
};

RebindReport rebindToSkeleton(Character& character, const Skeleton& skeleton);

}  // namespace rw
